/* The replay viewer: a finished game (GET /api/replay/<table>) or a record the player opens
   (POST /api/replay), position by position with every hand face up. The positions are the
   engine's (koloda/server/replay.py); this page only steps through them (steps.js) and draws
   them with the shared pieces: the card faces (cards.js), the seats' places (seating.js), the
   game's board (board_kit.js and its package's board.js) and the words (i18n.js). */
import { loadBoard, boardKit } from "../board_kit.js";
import { cardFaceSvg, cardName } from "../cards.js";
import { actionLabel, bidText, el, gameName, numberText, pluralWord, speaker, suitLabel, t, word } from "../i18n.js";
import { isWho } from "../sections.js";
import { seatPlace, slotPlace } from "../seating.js";
import { drawAnalysis, judged, setUpAnalysis } from "./analysis.js";
import { hashFor, keyStep, positionFromHash, sheetAt, stepTo } from "./steps.js";

const CARD_RE = /^(10|[2-9JQKA])[SHDC]$/;
const CARDS_RE = /(?<![0-9A-Z])(10|[2-9JQKA])[SHDC](?![0-9A-Z])/g;
const TABLE_ID = document.getElementById("replay").dataset.table;
const byId = (id) => document.getElementById(id);

/* What the page knows: the replay, the position shown, the game's board, the seat whose
   decisions are analysed (its place is at the bottom). */
export const R = { replay: null, at: 0, board: null, seat: null, source: null };

export function playerName(seat) {
  if (seat === null || seat === undefined) return "—";
  const info = R.replay.seats[seat] || { kind: "human", name: null };
  if (info.kind.startsWith("bot:")) return t("bot_name", seat + 1);
  return info.name || `${t("seat")} ${seat + 1}`;
}
function names() { return R.replay.seats.map((_, s) => playerName(s)); }
export function words() { return speaker(names(), null); }
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
function sideName(side) { return capital(words().text({ side })); }

/* A card's picture (cards.js draws the face), named for screen readers. */
export function cardElement(code, extra = {}) {
  const node = el("span", { class: "card", "data-card": code, role: "img", "aria-label": cardName(code), ...extra });
  node.append(cardFaceSvg(code));
  return node;
}
function miniCards(cards) { return el("span", { class: "mini" }, cards.map((c) => cardElement(c, { class: "card mini" }))); }
/* A move in words: a card by its name, another decision as the table words it. */
export function moveText(action) { return CARD_RE.test(action) ? cardName(action) : actionLabel(action); }

const kit = boardKit({
  facts: () => R.replay.facts, mySeat: () => R.seat, playerName, sideName, miniCards, el,
  words: { t, word, pluralWord, numberText, suitLabel, bidText },
});

function position() { return R.replay.positions[R.at]; }
function viewAt(p) { return { ...p.view, num_seats: R.replay.num_seats, seat: R.seat }; }

/* ----- drawing ------------------------------------------------------------------------- */
function render() {
  if (!R.replay) return;
  const p = position();
  const v = viewAt(p);
  renderTitle(v);
  renderSeats(p, v);
  renderTrick(p, v);
  renderBanner(v);
  renderSaid(p);
  renderBoard(v);
  renderSheet();
  renderLog();
  drawAnalysis();
}

function renderTitle(v) {
  const program = R.replay.facts.program.length;
  const deal = Math.min((v.deal ?? 0) + 1, program || Infinity);
  const dealText = v.finished ? t("finished") : program ? t("deal_of", deal, program) : `${t("deal")} ${deal}`;
  byId("title").textContent = `${t("replay.title")}: ${gameName(R.replay.game)} · ${dealText}`;
  document.title = `${t("replay.title")}: ${gameName(R.replay.game)} — ${t("brand")}`;
}

function seatFacts(v, s) {
  const nb = "\u00a0";
  const facts = [];
  if (v.tricks_won && R.replay.facts.tricks) facts.push(`${v.tricks_won[s]}${nb}${pluralWord("word.trick", v.tricks_won[s])}`);
  if (v.bids && v.bids[s] !== null && v.bids[s] !== undefined) facts.push(`${t("bid")}:${nb}${bidText(v.bids[s])}`);
  return facts.join(" · ");
}

/* Each seat with its hand face up, around the trick; the acting seat is marked, and the card
   it plays here (and the search's best, when analysed) are shown on its hand. */
function renderSeats(p, v) {
  document.querySelectorAll("#felt .area[data-area]").forEach((area) => area.replaceChildren());
  const n = R.replay.num_seats;
  const marks = judged(p);
  for (let s = 0; s < n; s++) {
    const place = seatPlace(s, R.seat ?? 0, n);
    const acting = s === p.to_act;
    const tags = [];
    if (acting) tags.push(el("span", { class: "tag acting" }, t("to_act")));
    if (s === v.dealer && p.action !== null) tags.push(el("span", { class: "tag dealer" }, t("dealer")));
    if (p.unseen.includes(s)) tags.push(el("span", { class: "tag unseen" }, t("replay.unseen")));
    const hand = el("div", { class: "cards" + (p.unseen.includes(s) ? " unseen" : ""), role: "group", "aria-label": playerName(s) },
      p.hands[s].map((c) => cardElement(c, { class: "card" + cardMarks(c, acting, p, marks) })));
    const side = R.replay.facts.partnership ? " side-" + R.replay.facts.sides.findIndex((x) => x.includes(s)) : "";
    byId("felt").querySelector(`.area[data-area="${place.side}"]`).append(
      el("div", { class: `hand-box${acting ? " turn" : ""}${side}`, "data-seat": s, "aria-current": acting ? "true" : null },
        el("p", { class: "who" }, el("b", { class: "name" }, playerName(s)), " ", tags, el("span", { class: "facts" }, seatFacts(v, s))),
        hand));
  }
}
/* The cards a decision names: a card played, or the cards of a discard or a gift. */
function cardsOf(action) { return action ? action.match(CARDS_RE) || [] : []; }
function cardMarks(card, acting, p, marks) {
  if (!acting) return "";
  let cls = "";
  if (cardsOf(p.action).includes(card)) cls += " chosen";
  if (marks && marks.best !== p.action && cardsOf(marks.best).includes(card)) cls += " best";
  return cls;
}

function onTable(v) {
  return (v.trick || []).map((x) => (Array.isArray(x) ? { seat: x[0], card: x[1] } : x)).filter((x) => x.card);
}
/* The trick just taken, shown while the table is empty (in the same deal, or at the end). */
function takenShown(p, v) {
  return !onTable(v).length && p.taken && (p.move !== 0 || p.action === null) ? p.taken : null;
}

/* The trick on the table; when it is empty, the trick just taken (all its cards, the winner's
   marked) until the next card is led, as players see it before it is swept. */
function renderTrick(p, v) {
  const box = byId("trick");
  const taken = takenShown(p, v);
  const plays = taken ? taken.plays : onTable(v);
  box.classList.toggle("taken", Boolean(taken));
  const n = R.replay.num_seats;
  const narrow = box.clientWidth < 200;
  box.replaceChildren(...plays.map((x, i) => {
    const near = slotPlace(x.seat, R.seat ?? 0, n, narrow);  // the felt's spots, spread over this smaller box
    const place = { x: 50 + (near.x - 50) * 2.2, y: 50 + (near.y - 50) * 1.5 };
    const winner = taken && x.seat === taken.winner ? " winner" : "";
    return el("div", { class: "slot" + winner, style: `left:${place.x}%;top:${place.y}%;z-index:${i + 1}` }, cardElement(x.card));
  }));
  if ("top" in v && v.top) box.append(el("div", { class: "slot", style: "left:50%;top:50%" }, cardElement(v.top)));
  const said = plays.map((x) => `${playerName(x.seat)}: ${cardName(x.card)}`).join("; ");
  const label = taken ? t("replay.taken", playerName(taken.winner)) : t("on_the_table");
  byId("centre-label").textContent = said ? `${label}: ${said}` : label;
}

function renderBanner(v) {
  const parts = [];
  if (v.contract) parts.push(el("span", {}, `${t("contract")}: `, el("b", {}, word("contract." + v.contract))));
  if (v.declarer !== undefined && v.declarer !== null) parts.push(el("span", {}, `${t(v.contract ? "chosen_by" : "choosing")}: ${playerName(v.declarer)}`));
  parts.push(...R.board.banner(v, kit));
  const taken = takenShown(position(), v);
  if (taken) parts.push(el("span", { class: "taken-by" }, t("replay.taken", playerName(taken.winner))));
  byId("banner").replaceChildren(...parts);
}

/* The decision of this position in words, where it is in the game, and the link to it. */
function renderSaid(p) {
  const count = R.replay.positions.length;
  const said = p.action === null ? t("replay.game_end")
    : t(CARD_RE.test(p.action) ? "replay.plays" : "replay.decides", playerName(p.to_act), moveText(p.action));
  byId("said").textContent = said;
  const where = p.action === null ? "" : ` · ${t("replay.where", p.deal + 1, p.move + 1)}`;
  byId("counter").textContent = `${t("replay.counter", R.at + 1, count)}${where}`;
  const slider = byId("slider");
  slider.max = String(count - 1);
  slider.value = String(R.at);
  slider.setAttribute("aria-valuetext", byId("counter").textContent);
  byId("link").href = location.pathname + hashFor(R.at);
  for (const [id, off] of [["first", R.at === 0], ["back", R.at === 0], ["trick-back", R.at === 0],
    ["forward", R.at === count - 1], ["last", R.at === count - 1], ["trick-forward", R.at === count - 1]]) byId(id).disabled = off;
  byId("keys").textContent = t(R.replay.facts.tricks ? "replay.keys" : "replay.keys_no_tricks");
  byId("trick-back").classList.toggle("hidden", !R.replay.facts.tricks);
  byId("trick-forward").classList.toggle("hidden", !R.replay.facts.tricks);
}

function renderBoard(v) {
  byId("board-body").replaceChildren(...R.board.scoreboard(v, kit));
}

/* The score sheet as it stood at this position: the deals scored so far. */
function renderSheet() {
  const sheet = sheetAt(R.replay, R.at);
  const cell = (c) => (c === null || c === undefined ? "" : isWho(c) ? capital(words().text(c)) : words().text(c));
  const sections = sheet.sections.filter((s) => s.rows.length);
  byId("sheet").closest("section").classList.toggle("hidden", !sections.length);
  byId("sheet").replaceChildren(...sections.map((section) => {
    const numeric = (i) => (section.columns[i] && section.columns[i].numeric ? "num" : "");
    return el("div", { class: "sheet-scroll", tabindex: 0, role: "region", "aria-label": words().phrase(section.title) }, el("table", { class: "score sheet-section" }, el("caption", {}, words().phrase(section.title)),
      el("thead", {}, el("tr", {}, section.columns.map((c) => el("th", { class: c.numeric ? "num" : "", scope: "col" }, cell(c.head))))),
      el("tbody", {}, section.rows.map((row) => el("tr", {}, row.map((c, i) => el("td", { class: numeric(i) }, cell(c)))))),
      section.footer ? el("tfoot", {}, el("tr", {}, section.footer.map((c, i) => el("td", { class: numeric(i) }, cell(c))))) : null));
  }));
}

/* What happened in this deal up to this position. */
function renderLog() {
  const p = position();
  const lines = [];
  for (let i = R.at; i >= 0; i--) {
    const q = R.replay.positions[i];
    lines.unshift(...q.events.filter((e) => e.key));
    if (q.deal !== p.deal || q.move === 0) break;
  }
  const w = words();
  const log = byId("log");
  log.replaceChildren(...lines.slice(-14).map((e) => el("li", {}, w.sentence(e))));
  log.classList.toggle("hidden", !lines.length);
  log.scrollTop = log.scrollHeight;
}

/* ----- stepping ------------------------------------------------------------------------ */
export function go(index) {
  if (!R.replay) return;
  R.at = Math.max(0, Math.min(R.replay.positions.length - 1, index));
  history.replaceState(null, "", hashFor(R.at));
  render();
}
function step(kind) { if (R.replay) go(stepTo(R.replay.positions, R.at, kind)); }

document.querySelectorAll(".steps button").forEach((b) => b.addEventListener("click", () => step(b.dataset.step)));
byId("slider").addEventListener("input", (e) => go(Number(e.target.value)));
document.addEventListener("keydown", (e) => {
  const kind = keyStep(e.key);
  if (!kind || !R.replay || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.target.closest && e.target.closest("input, select, textarea")) return;
  e.preventDefault();
  step(kind);
});
window.addEventListener("hashchange", () => {
  const at = R.replay ? positionFromHash(location.hash, R.replay.positions.length) : null;
  if (at !== null && at !== R.at) go(at);
});
byId("link").addEventListener("click", async (e) => {
  e.preventDefault();
  const url = new URL(byId("link").href, location.href).href;
  try { await navigator.clipboard.writeText(url); byId("analysis-status").textContent = t("replay.copied"); } catch { /* no clipboard: the address bar has it */ }
  history.replaceState(null, "", hashFor(R.at));
});
document.addEventListener("koloda:lang", render);

/* ----- loading ------------------------------------------------------------------------- */
function notice(text) {
  byId("notice").textContent = text;
  byId("notice").classList.toggle("hidden", !text);
}

async function show(replay, source) {
  R.board = await loadBoard(replay.facts.board);  // first: the page shows nothing without it
  R.replay = replay;
  R.source = source;
  byId("viewer").classList.remove("hidden");
  notice("");
  setUpAnalysis();
  go(positionFromHash(location.hash, replay.positions.length) ?? 0);
}

async function loadTable() {
  notice(t("replay.loading"));
  const answer = await fetch(`/api/replay/${encodeURIComponent(TABLE_ID)}`);
  if (answer.status === 403) {
    notice(t("replay.not_finished"));
    byId("notice").append(" ", el("a", { href: `/t/${encodeURIComponent(TABLE_ID)}` }, t("replay.back_to_table")));
    return;
  }
  if (!answer.ok) { notice(t(answer.status === 404 ? "replay.not_found" : "replay.failed")); return; }
  await show(await answer.json(), { table: TABLE_ID });
}

/* A record file from the player's disk, sent to be replayed; a bad one is said in one line. */
async function openFile(file) {
  const problem = byId("open-problem");
  problem.textContent = "";
  const text = await file.text();
  const answer = await fetch("/api/replay", { method: "POST", headers: { "content-type": "application/json" }, body: text });
  if (!answer.ok) {
    const body = await answer.json().catch(() => ({}));
    problem.textContent = t("replay.bad_record", body.detail || String(answer.status));
    return;
  }
  await show(await answer.json(), { record: text });
  byId("open").classList.add("compact");  // another record may still be opened
}
byId("record-file").addEventListener("change", (e) => { if (e.target.files[0]) openFile(e.target.files[0]); });

/* What the browser tests read: the replay and the position shown. */
Object.defineProperty(window, "replayShown", { get: () => (R.replay ? { at: R.at, count: R.replay.positions.length } : null) });

if (TABLE_ID) loadTable();
