/* Presenting the server's messages in order: the events of a view are played out on the
   felt (each card lands, a complete trick is held and swept, a deal's end shows its
   summary), then the page is drawn from the view. Nothing here knows a hidden card: the
   server sends each seat its own view only. */
import { loadBoard } from "../board_kit.js";
import { t } from "../i18n.js";
import { inbox, send } from "./connection.js";
import { FLY_MS, REDUCED_MOTION, SWEEP_MS, cardElement, felt, flyFrom, holdMs, pause, sweepTo } from "./felt.js";
import { renderMine } from "./hand.js";
import { announce, logEvent, render, renderPeople, renderSeats, tickClock } from "./render.js";
import { fetchSheet } from "./scoreboard.js";
import { S, TABLE_ID, TOKEN, mySeat, words } from "./state.js";
import { chime, click } from "./sound.js";
import { openSummary, renderSummaryWaiting } from "./summary.js";
import { showChat, showDeclaration } from "./talk.js";
import { rewound } from "./practice.js";

let finalShown = false;

export async function present(message) {
  if (message.type === "table") {
    S.people = message.table;
    giveEntropy();
    if (S.latest) { renderSeats(S.latest.view); renderPeople(); renderSummaryWaiting(); renderMine(S.latest.view); }
    return;
  }
  if (message.type === "chat") { showChat(message); return; }
  if (message.type !== "view") return;
  if (message.undone && S.latest) { rewound(message); return; }  // a move taken back (practice.js)
  if (S.latest && message.version < S.latest.version) return;
  S.people = message.table;
  giveEntropy(message.seat);
  const first = S.latest === null;
  if (first) await begin(message);
  const hurry = first || inbox.length > 6;  // many waiting: shown without motion
  for (const e of message.events || []) {
    logEvent(e);
    if (!first) await playEvent(e, message, hurry);
  }
  const before = S.latest;
  S.latest = message;
  if (message.version !== before.version || first) { S.selected = new Set(); S.actedAt = null; S.acting = null; }
  render();
  startTurn(message, before, first);
  if (message.view.finished && !finalShown) {
    finalShown = true;
    openSummary(S.lastScored, true);
  }
}
/* The first view: the game's board, the deal so far, and what this browser keeps of it. */
async function begin(message) {
  S.board = await loadBoard(message.facts.board);
  S.latest = message;
  for (const e of message.opening || []) logEvent(e);  // the deal in play so far
  if (message.view.tricks_won) S.dealTricks = [...message.view.tricks_won];
  if (message.view.trick) felt.onTable = message.view.trick.map((p) => ({ ...p }));
  if (message.view.last_trick) S.lastTrick = message.view.last_trick;
  if (TOKEN && message.seat !== null) rememberTable(message);
  rememberCommitment(message.table.commitment);
  fetchSheet();  // the sheet's own sections on the scoreboard
}
/* When the turn's clock started, and a word and a chime when the turn comes to this seat. */
function startTurn(message, before, first) {
  const me = mySeat();
  const mine = me !== null && message.view.to_act === me && !message.view.finished;
  if (mine && (first || before.view.to_act !== me || before.version !== message.version)) {
    S.turnStarted = Date.now();
    if (first || before.view.to_act !== me) { announce(t("your_turn")); chime(); }
  } else if (first || message.view.to_act !== before.view.to_act) S.turnStarted = Date.now();
  if (typeof message.clock_left === "number" && S.people && S.people.turn_seconds) {  // a turn already running
    S.turnStarted = Date.now() - (S.people.turn_seconds - message.clock_left) * 1000;
  }
  tickClock();
}

async function playEvent(e, message, hurry) {
  const n = message.view.num_seats;
  const base = message.seat ?? 0;
  if (e.type === "card_played") {
    if (!message.facts.tricks) { await playToPile(e, base, hurry); return; }
    await playToTrick(e, base, n, hurry);
  } else if (e.type === "trick_taken") {
    await takeTrick(e, base, n, hurry);
  } else if (e.type === "deal_started") {
    sweepNow();
    felt.onTable = [];
    S.dealTricks = [];
    S.lastTrick = null;
  } else if (e.type === "deal_scored") {
    if (felt.held && !hurry) await pause(300);
    S.lastScored = message.hands_left ? { ...e, hands_left: message.hands_left } : e;  // the cards that scored
    openSummary(S.lastScored, false, message);
  } else if (e.type === "declared") {
    showDeclaration(e);
  }
}
/* A card flies from its player to its place in front of him. */
async function playToTrick(e, base, n, hurry) {
  if (felt.held) sweepNow();
  felt.onTable.push({ seat: e.seat, card: e.card });
  felt.drawPlayed(base, n);
  click();
  const node = felt.slotNode(e.seat);
  const from = e.seat === base && S.leavingRect ? S.leavingRect : felt.seatBox(e.seat)?.getBoundingClientRect();
  if (e.seat === mySeat()) { S.leavingRect = null; removeFromHand(e.card); }
  if (!hurry && node) await flyFrom(node, from, FLY_MS);
}
/* The trick is held a moment on the felt, its winner's card marked, then swept to him. */
async function takeTrick(e, base, n, hurry) {
  S.lastTrick = { winner: e.seat, plays: felt.onTable.slice(-n) };
  S.dealTricks[e.seat] = (S.dealTricks[e.seat] || 0) + 1;
  felt.slotNode(e.seat)?.classList.add("winner");
  const winnerSlot = [...document.querySelectorAll("#played .slot")].find((s) => Number(s.dataset.seat) === e.seat);
  if (winnerSlot) winnerSlot.classList.add("winner");
  felt.held = true;
  announce(words().sentence(e));
  if (!hurry) {
    await pause(REDUCED_MOTION.matches ? holdMs() * 1.5 : holdMs());
    if (felt.held) await sweepTo([...document.querySelectorAll("#played .slot")], felt.seatBox(e.seat)?.getBoundingClientRect(), SWEEP_MS);
  }
  sweepNow();
  felt.drawPlayed(base, n);
}
function sweepNow() { felt.held = false; felt.onTable = []; }

/* A game without tricks: a played card flies from its player onto the pile. */
async function playToPile(e, base, hurry) {
  const pile = document.querySelector("#pile .top");
  click();
  if (e.seat === mySeat()) removeFromHand(e.card);
  if (hurry || !pile) { setPileTop(e.card); return; }
  const from = e.seat === base && S.leavingRect ? S.leavingRect : felt.seatBox(e.seat)?.getBoundingClientRect();
  S.leavingRect = null;
  setPileTop(e.card);
  await flyFrom(document.querySelector("#pile .top"), from, FLY_MS);
}
function setPileTop(card) {
  const top = document.querySelector("#pile .top");
  if (top) top.replaceWith(cardElement(card, { class: "card top" }));
}
function removeFromHand(card) {
  const node = document.querySelector(`#hand [data-card="${card}"]`);
  if (node) node.remove();
}

/* This seat in the lobby's "My tables" (kept in the browser), also when opened by a link. */
function rememberTable(message) {
  let list = [];
  try { list = JSON.parse(localStorage.getItem("koloda.tables") || "[]"); } catch { list = []; }
  if (!Array.isArray(list)) list = [];
  const known = list.find((x) => x && x.id === TABLE_ID && x.seat === message.seat);
  const rest = list.filter((x) => x !== known);
  rest.unshift({ ...(known || { via: "link" }), id: TABLE_ID, game: message.view.game, seat: message.seat, token: TOKEN, when: Date.now() });
  localStorage.setItem("koloda.tables", JSON.stringify(rest.slice(0, 30)));
}

/* The seed's commitment as first shown to this browser: the end of the game is checked
   against it, not against what the server says then. */
export function commitmentKey() { return `koloda.commitment.${TABLE_ID}`; }
function rememberCommitment(hash) {
  if (hash && !localStorage.getItem(commitmentKey())) localStorage.setItem(commitmentKey(), hash);
}
/* A table that waits for the players' randomness: this browser gives 32 random bytes once,
   and keeps them to check at the end that the deals used them. */
export function entropyKey() { return `koloda.entropy.${TABLE_ID}`; }
let entropySent = false;
function giveEntropy(seat = mySeat()) {
  const { people } = S;
  if (!people || !people.entropy || seat === null || seat === undefined || entropySent) return;
  if (!people.entropy.pending.includes(seat)) return;
  let value = localStorage.getItem(entropyKey());  // given before but not received: the same again
  if (!value) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    value = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem(entropyKey(), value);
  }
  entropySent = send({ type: "entropy", value });
}
