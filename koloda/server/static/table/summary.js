/* Between deals and at the end: a deal's summary, the game-over sheet with its record, the
   deal's proof, the analysis of this seat's play and the rematch. */
import { actionLabel, cardLabel, el, numberText, t } from "../i18n.js";
import { dealRow } from "../sections.js";
import { send } from "./connection.js";
import { post } from "./post.js";
import { miniCards, sortHand } from "./hand.js";
import { commitmentKey, entropyKey } from "./present.js";
import { toast } from "./render.js";
import { kit, fetchSheet, sheetSection } from "./scoreboard.js";
import { CARD_RE, S, TABLE_ID, TOKEN, mySeat, playerName, sideName, words } from "./state.js";

let shownWith = null;  // what the open summary was drawn from, to draw it again

/* A deal's summary (``e``: its deal_scored event) or, with ``final``, the game's end with the
   last deal's breakdown above it. */
export async function openSummary(e, final, message) {
  shownWith = [e, final, message];
  const view = (message || S.latest).view;
  const box = document.getElementById("summary-body");
  const parts = [];
  if (final) {
    const over = S.logLines.findLast((l) => l.key === "event.game_over");  // "Game over — …": the title itself
    parts.push(el("h2", { id: "summary-title" }, over ? words().sentence(over) : t("game_over_title")));
    S.summaryShown = null;
  } else S.summaryShown = e.deal;
  if (e) parts.push(el(final ? "h3" : "h2", final ? {} : { id: "summary-title" }, t("deal_summary", e.deal + 1)));
  parts.push(summaryTable(e, view));
  const details = el("div", { class: "details" });
  parts.push(details, summaryButtons(final),
    el("div", { id: "verify-result", "aria-live": "polite" }), el("div", { id: "analysis-result", "aria-live": "polite" }), el("p", { id: "summary-waiting", class: "note" }));
  box.replaceChildren(...parts);
  document.getElementById("summary").classList.remove("hidden");
  S.summaryWaited = false;
  renderSummaryWaiting();
  box.querySelector("button.primary")?.focus();
  const sheet = await fetchSheet();
  const row = sheet && e ? dealRow(sheet.sheet.sections, e.deal) : null;
  if (row) details.append(sheetSection(row));
}
export function summaryOpen() { return !document.getElementById("summary").classList.contains("hidden"); }
/* The open summary in the language of the moment. */
export function redrawSummary() { if (summaryOpen() && shownWith) openSummary(...shownWith); }

/* Each player's or side's tricks and points of the deal (when ``e``), and where they stand
   (the game's board says how: the total by default). */
function summaryTable(e, view) {
  const facts = S.latest.facts;
  const tricks = e && facts.tricks, left = e && e.hands_left;
  const standing = S.board.standing(view, kit);
  const heads = [facts.partnership ? t("side") : t("player"), ...(tricks ? [t("col_tricks")] : []), ...(left ? [t("cards_left")] : []),
    ...(e ? [t("this_deal")] : []), ...standing.heads];
  const cells = (i, seats) => [...(tricks ? [seats.reduce((a, s) => a + (S.dealTricks[s] || 0), 0)] : []),
    ...(left ? [left[i].length ? miniCards(sortHand(left[i])) : "—"] : []),
    ...(e ? [numberText(e.scores[i], true)] : []), ...standing.cells(i)];
  const rows = facts.partnership
    ? facts.sides.map((side, i) => ({ mine: side.includes(mySeat()), cells: [sideName(i), ...cells(i, side)] }))
    : kit.seatRows(view, (s) => cells(s, [s]));
  return kit.table(heads, rows);
}
function summaryButtons(final) {
  const buttons = el("p", { class: "buttons" });
  const daily = S.people && S.people.daily;
  if (final && daily) {  /* a deal of the day's record, proof and analysis: on the day's page once it closes */
    buttons.append(el("a", { class: "button", id: "to-daily", href: `/daily/${daily.day}/${encodeURIComponent(daily.game)}` }, t("daily.results")));
    buttons.append(el("a", { class: "button", href: "/" }, t("to_lobby")));
    buttons.append(el("button", { type: "button", class: "primary", onclick: closeSummary }, t("close")));
  } else if (final) {
    buttons.append(el("a", { class: "button", href: `/api/tables/${TABLE_ID}/record` }, t("download_record")));
    buttons.append(el("a", { class: "button", id: "replay", href: `/replay/${TABLE_ID}` }, t("replay.open_here")));
    buttons.append(el("button", { type: "button", id: "verify", onclick: verifyDeal }, t("verify")));
    if (mySeat() !== null) buttons.append(el("button", { type: "button", id: "analysis", onclick: showAnalysis }, t("analysis")));
    const tournament = S.people && S.people.tournament;  /* a tournament's table: no rematch, back to its page */
    if (TOKEN && !tournament) buttons.append(el("button", { type: "button", id: "rematch", onclick: rematch }, t("rematch")));
    if (tournament) buttons.append(el("a", { class: "button", id: "to-tournament", href: `/tournaments/${encodeURIComponent(tournament.id)}` }, t("tournaments.back")));
    else buttons.append(el("a", { class: "button", href: "/" }, t("to_lobby")));
    buttons.append(el("button", { type: "button", class: "primary", onclick: closeSummary }, t("close")));
  } else if (mySeat() !== null) {
    buttons.append(el("button", { type: "button", id: "next-deal", class: "primary", onclick: nextDeal }, t("next_deal")));
  } else {
    buttons.append(el("button", { type: "button", class: "primary", onclick: closeSummary }, t("close")));
  }
  return buttons;
}
/* Who the next deal waits for; the summary closes when it no longer waits for this seat (the
   player was ready, or the pause is over and the next deal is on). A rematch another player
   started is offered on the game-over sheet itself. */
export function renderSummaryWaiting() {
  const line = document.getElementById("summary-waiting");
  const { people } = S;
  if (!line || !people) return;
  const me = mySeat();
  const waiting = people.waiting_for.filter((s) => s !== me);
  line.textContent = waiting.length ? t("waiting_for_players", waiting.map(playerName).join(", ")) : "";
  offerRematch();
  if (S.summaryShown === null || me === null || S.latest.view.finished) return;
  if (people.waiting_for.includes(me)) S.summaryWaited = true;
  else if (S.summaryWaited) closeSummary();
}
function offerRematch() {
  const mine = document.getElementById("rematch");
  if (!mine || !S.people.rematch || S.people.rematch === TABLE_ID || document.getElementById("summary-join-rematch")) return;
  mine.replaceWith(el("button", { type: "button", id: "summary-join-rematch", class: "primary", onclick: joinRematch }, t("join_rematch")));
}
export function nextDeal() {
  send({ type: "next_deal" });
  closeSummary();
}
export function closeSummary() {
  document.getElementById("summary").classList.add("hidden");
  S.summaryShown = null;
  document.querySelector("#hand button:not([disabled])")?.focus();
}
async function rematch() {
  const answer = await post(`/api/tables/${TABLE_ID}/rematch`, { token: TOKEN });
  const body = answer.body;
  if (!answer.ok) { toast(() => body.detail || String(answer.status)); return; }
  location.href = `/t/${body.table_id}?token=${encodeURIComponent(body.token)}`;
}
export async function joinRematch() {
  const answer = await post(`/api/tables/${S.people.rematch}/join`, { seat: mySeat(), previous_token: TOKEN });  // the rematch keeps each seat
  const body = answer.body;
  if (!answer.ok) { toast(() => body.detail || String(answer.status)); return; }
  location.href = `/t/${body.table_id}?token=${encodeURIComponent(body.token)}`;
}

async function sha256Hex(text) {
  if (!window.crypto || !crypto.subtle) return null;  // not a secure context: the server's check only
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
async function verifyDeal() {
  const box = document.getElementById("verify-result");
  const answer = await fetch(`/api/tables/${TABLE_ID}/verify`);
  if (!answer.ok) { box.textContent = t("verify_not_yet"); return; }
  const proof = await answer.json();
  const seen = localStorage.getItem(commitmentKey());
  const hash = await sha256Hex(`koloda-seed:${proof.seed}`);
  const lines = [];
  if (hash === null) lines.push(t("verify_no_crypto"));
  else if (seen && hash === seen) lines.push("✓ " + t("verify_seed_ok"));
  else if (seen) lines.push("✗ " + t("verify_seed_bad"));
  else lines.push((hash === proof.commitment ? "✓ " : "✗ ") + t("verify_seed_unseen"));
  const mine = localStorage.getItem(entropyKey());
  if (proof.entropy && mine && mySeat() !== null) {
    lines.push(proof.entropy[mySeat()] === mine ? "✓ " + t("verify_randomness_ok") : "✗ " + t("verify_randomness_bad"));
  }
  lines.push(proof.problems.length ? "✗ " + proof.problems.join("; ") : "✓ " + t(proof.entropy ? "verify_deals_mixed_ok" : "verify_deals_ok", proof.deals));
  box.replaceChildren(...lines.map((line) => el("p", {}, line)), el("p", { class: "note" }, t("verify_yourself")));
}

/* The three decisions that cost this seat the most points, as the search values them. */
async function showAnalysis() {
  const box = document.getElementById("analysis-result");
  document.getElementById("analysis").disabled = true;
  box.replaceChildren(el("p", {}, t("analysis_running")));
  const answer = await fetch(`/api/tables/${TABLE_ID}/analysis?seat=${mySeat()}`);
  if (!answer.ok) { box.replaceChildren(el("p", {}, t("analysis_failed"))); return; }
  const { decisions } = await answer.json();
  const move = (a) => (CARD_RE.test(a) ? cardLabel(a) : actionLabel(a));
  const items = decisions.map((d) => {
    const onTable = (d.view.trick || []).map((p) => (Array.isArray(p) ? p[1] : p.card)).filter(Boolean);
    return el("li", {},
      el("p", {}, t("analysis_item", d.deal + 1, d.move + 1, move(d.chosen), move(d.best), numberText(d.loss))),
      onTable.length ? el("p", { class: "note" }, `${t("the_table")}: `, miniCards(onTable)) : null,
      d.hand.length ? el("p", { class: "note" }, `${t("your_hand")}: `, miniCards(d.hand)) : null);
  });
  box.replaceChildren(decisions.length ? el("ol", { class: "analysis" }, items) : el("p", {}, t("analysis_none")),
    el("p", { class: "note" }, t("analysis_note")));
}
