/* A first game with the teacher: the learner's moves go to POST /api/learn/<game>, which plays
   the lesson's deal again from its seed and answers his view, what the teacher says, the bots'
   moves with their reasons, or why a card is not allowed. The moves are kept in sessionStorage,
   so a reload loses nothing. Drawn with the shared pieces: the card faces (cards.js), the
   seats' places (seating.js) and the words (i18n.js). */
import { cardBackSvg, cardFaceSvg, cardName } from "../cards.js";
import { actionLabel, bidText, el, gameName, lang, numberText, pluralWord, speaker, t } from "../i18n.js";
import { seatPlace, slotPlace } from "../seating.js";
import { firstGameSeats, linesNow, movesWith, onTable, readMoves, storageKey } from "./lines.js";

const GAME = document.getElementById("learn").dataset.game;
const CARD_RE = /^(10|[2-9JQKA])[SHDC]$/;
const byId = (id) => document.getElementById(id);
const L = { state: null, busy: false };
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

function playerName(seat) { return seat === L.state.seat ? t("you") : t("bot_name", seat + 1); }
function words() { return speaker([...Array(L.state.num_seats).keys()].map(playerName), L.state.seat); }

function cardElement(code) {
  const node = el("span", { class: "card", role: "img", "aria-label": cardName(code) });
  node.append(cardFaceSvg(code));
  return node;
}
function backs(count) {
  return el("span", { class: "cards" }, [...Array(count).keys()].map(() => {
    const node = el("span", { class: "card back", "aria-hidden": "true" });
    node.append(cardBackSvg());
    return node;
  }));
}

/* ----- asking the server ---------------------------------------------------------------- */
async function send(moves) {
  L.busy = true;
  const answer = await fetch(`/api/learn/${encodeURIComponent(GAME)}`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ moves }),
  });
  L.busy = false;
  if (!answer.ok) {  // stored moves that no longer fit the lesson: it starts again
    if (moves.length) return send([]);
    byId("words").replaceChildren(el("p", {}, t("learn.no_lesson")));
    return;
  }
  L.state = await answer.json();
  sessionStorage.setItem(storageKey(GAME), JSON.stringify(L.state.moves));
  render();
}
function play(move) { if (!L.busy && L.state && !L.state.finished) send(movesWith(L.state, move)); }
function restart() { sessionStorage.removeItem(storageKey(GAME)); send([]).then(() => byId("teacher-label").focus()); }

/* ----- drawing -------------------------------------------------------------------------- */
function render() {
  if (!L.state) return;
  const name = gameName(GAME);
  byId("title").textContent = t("learn.heading").replace("{game}", name);
  document.title = `${t("learn.lesson_of", name)} — ${t("brand")}`;
  const guide = byId("how-to-play");
  guide.href = `/help/${lang()}/${GAME}`;
  guide.textContent = t("guide.how_to_play", name);
  renderTeacher();
  renderSeats();
  renderTrick();
  renderHand();
  renderLog();
}

function renderTeacher() {
  const s = L.state;
  const w = words();
  const lines = linesNow(s.said, s.moves);
  byId("words").replaceChildren(...lines.map((line) => el("p", { class: "line line-" + line.kind }, w.sentence(line))));
  const refusal = byId("refusal");
  refusal.classList.toggle("hidden", !s.refusal);
  refusal.replaceChildren();
  if (s.refusal) {
    const rule = s.rules_cited.length ? ` (${t("learn.rule", s.rules_cited.join(", "))})` : "";
    refusal.append(`${w.sentence(s.refusal)}${rule} ${t("learn.try_again")}`);
  }
  const suggestion = byId("suggestion");
  suggestion.classList.toggle("hidden", !s.suggestion);
  if (s.suggestion) {
    const card = CARD_RE.test(s.suggestion) ? { card: s.suggestion } : actionLabel(s.suggestion);
    const key = s.suggestion_reason ? "learn.suggest" : "learn.suggest_plain";
    suggestion.textContent = w.sentence({ key, params: { card, reason: s.suggestion_reason } });
  }
  byId("finish").classList.toggle("hidden", !s.finished);
  const panel = byId("teacher");
  panel.scrollTop = panel.scrollHeight;
}

function renderSeats() {
  const s = L.state, v = s.view;
  document.querySelectorAll("#felt .area[data-area]").forEach((area) => area.replaceChildren());
  for (let seat = 0; seat < s.num_seats; seat++) {
    if (seat === s.seat) continue;
    const place = seatPlace(seat, s.seat, s.num_seats);
    const acting = seat === v.to_act && !s.finished;
    const count = v.hand_sizes ? v.hand_sizes[seat] : 0;
    const area = byId("felt").querySelector(`.area[data-area="${place.side === "bottom" ? "top" : place.side}"]`);
    area.append(el("div", { class: `hand-box${acting ? " turn" : ""}`, "data-seat": seat },
      el("p", { class: "who" }, el("b", { class: "name" }, playerName(seat)), " ",
        seat === v.dealer ? el("span", { class: "tag dealer" }, t("dealer")) : null,
        el("span", { class: "facts" }, seatFacts(seat))),
      s.scores ? null : backs(Math.min(count, 12))));
  }
}

/* What a seat's box says: its cards, tricks and bid while the deal is played; its points
   (or its side's) once it is over. */
function seatFacts(seat) {
  const s = L.state, v = s.view, nb = "\u00a0";
  if (s.scores) {
    const at = s.scores.length === s.num_seats ? seat : s.facts.sides.findIndex((side) => side.includes(seat));
    return `${t("learn.deal_points")}:${nb}${numberText(s.scores[at], true)}`;
  }
  const facts = [];
  const count = v.hand_sizes ? v.hand_sizes[seat] : null;
  if (count !== null && seat !== s.seat) facts.push(`${count}${nb}${pluralWord("word.card", count)}`);
  if (v.tricks_won) facts.push(`${v.tricks_won[seat]}${nb}${pluralWord("word.trick", v.tricks_won[seat])}`);
  if (v.bids && v.bids[seat] !== null && v.bids[seat] !== undefined) facts.push(`${t("bid")}:${nb}${bidText(v.bids[seat])}`);
  return facts.join(" · ");
}

function renderTrick() {
  const s = L.state, box = byId("trick");
  const plays = onTable(s.view);
  const narrow = box.clientWidth < 200;
  box.replaceChildren(...plays.map((x, i) => {
    const near = slotPlace(x.seat, s.seat, s.num_seats, narrow);
    const place = { x: 50 + (near.x - 50) * 2.2, y: 50 + (near.y - 50) * 1.5 };
    return el("div", { class: "slot", style: `left:${place.x}%;top:${place.y}%;z-index:${i + 1}` }, cardElement(x.card));
  }));
  if (s.view.top) box.append(el("div", { class: "slot", style: "left:50%;top:50%" }, cardElement(s.view.top)));
  const said = plays.map((x) => `${playerName(x.seat)}: ${cardName(x.card)}`).join("; ");
  byId("centre-label").textContent = said ? `${t("on_the_table")}: ${said}` : t("on_the_table");
}

/* The learner's hand: every card is a button on his turn, the allowed ones raised; a card
   that is not allowed may still be tried, and the teacher says why it is not. */
function renderHand() {
  const s = L.state;
  const mine = s.legal.length > 0;
  const hand = byId("hand");
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.card : null;
  const buttons = s.view.hand.map((code) => {
    const legal = s.legal.includes(code);
    const cls = "card" + (mine && legal ? " legal" : "") + (s.suggestion === code ? " hinted" : "") + (s.refused === code ? " refused" : "");
    const button = el("button", { type: "button", class: cls, "data-card": code, "aria-label": cardName(code), disabled: !mine, onclick: () => play(code) });
    button.append(cardFaceSvg(code));
    return button;
  });
  hand.replaceChildren(...handRows(buttons).map((row) => el("div", { class: "hand-row", style: `--cards:${row.length}` }, row)));
  const others = s.legal.filter((a) => !CARD_RE.test(a));
  byId("actions").replaceChildren(...others.map((a) => el("button", { type: "button", class: s.suggestion === a ? "hinted" : "", "data-action": a, onclick: () => play(a) }, actionLabel(a))));
  const cards = s.legal.some((a) => CARD_RE.test(a));
  const own = seatFacts(s.seat);
  byId("my-facts").textContent = own ? `${capital(t("you"))}: ${own}` : "";
  byId("prompt").textContent = s.finished || !mine ? "" : t(cards ? "learn.your_turn" : "learn.your_choice");
  const again = focused && hand.querySelector(`[data-card="${focused}"]`);
  if (again && !again.disabled) again.focus();
}

/* A long hand in two rows, so that no card is hidden under another on a phone. */
function handRows(cards) {
  if (cards.length <= 10) return [cards];
  const half = Math.ceil(cards.length / 2);
  return [cards.slice(0, half), cards.slice(half)];
}

function renderLog() {
  const w = words();
  const log = byId("log");
  log.replaceChildren(...L.state.said.map((line) => el("li", { class: "line-" + line.kind }, w.sentence(line))));
  log.scrollTop = log.scrollHeight;
}

/* ----- keys and buttons ----------------------------------------------------------------- */
byId("hand").addEventListener("keydown", (e) => {
  if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
  const cards = [...byId("hand").querySelectorAll("button:not(:disabled)")];
  const at = cards.indexOf(document.activeElement);
  const next = cards[(at + (e.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length];
  if (next) { e.preventDefault(); next.focus(); }
});
byId("restart").addEventListener("click", restart);
byId("restart-end").addEventListener("click", restart);

/* The first real game: a table of his own against easy bots, made as the lobby makes one,
   kept among his tables, and opened. */
byId("play-first").addEventListener("click", async () => {
  const s = L.state;
  const seats = firstGameSeats(s.num_seats);
  const answer = await fetch("/api/tables", {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: GAME, options: s.first_game, seats, public: false, hints: true }),
  });
  const body = await answer.json().catch(() => ({}));
  if (!answer.ok) { byId("problem").textContent = body.detail || String(answer.status); return; }
  const mine = body.seats.find((x) => x.token);
  const kept = readTables();
  kept.unshift({ id: body.table_id, game: GAME, options: s.first_game, seat: mine.seat, token: mine.token, via: "created", when: Date.now() });
  localStorage.setItem("koloda.tables", JSON.stringify(kept.slice(0, 30)));
  location.href = `/t/${encodeURIComponent(body.table_id)}?token=${encodeURIComponent(mine.token)}`;
});
function readTables() {
  try { const list = JSON.parse(localStorage.getItem("koloda.tables") || "[]"); return Array.isArray(list) ? list : []; } catch { return []; }
}

document.addEventListener("koloda:lang", render);

/* What the browser tests read: the lesson's state. */
Object.defineProperty(window, "lessonShown", { get: () => L.state });

send(readMoves(sessionStorage.getItem(storageKey(GAME))));
