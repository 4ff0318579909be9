/* Practice against bots: the Undo button and its keys (Ctrl+Z or U) where the table offers
   it (a person alone with bots, unrated), the game drawn again once a move is taken back,
   and a study table's open hands at the other seats. */
import { cardName } from "../cards.js";
import { SUITS, el, t, word } from "../i18n.js";
import { send } from "./connection.js";
import { felt } from "./felt.js";
import { logEvent, render, announce, toast } from "./render.js";
import { S, mySeat, playerName } from "./state.js";
import { isUndoKey, suitRows } from "./practice_rules.js";

function undoButton() { return document.getElementById("undo"); }

/* The button: shown to the one person of a practice table, pressable when he has a move of
   this deal to take back and is not waiting for the table's answer. */
export function renderUndo() {
  const button = undoButton();
  const latest = S.latest;
  const offered = Boolean(S.people && S.people.undo && latest && mySeat() !== null &&
    typeof latest.undoable === "boolean" && !latest.view.finished);
  button.classList.toggle("hidden", !offered);
  button.disabled = !(offered && latest.undoable && S.actedAt === null && !S.undoing);
  button.title = t("undo_keys");
  button.setAttribute("aria-label", `${t("undo")}: ${t("undo_keys")}`);
  document.getElementById("study-mark").classList.toggle("hidden", !(S.people && S.people.open_hands));
}

export function askUndo() {
  if (undoButton().disabled || undoButton().classList.contains("hidden")) return;
  if (send({ type: "undo" })) { S.undoing = true; renderUndo(); }
}

/* The table answered: the game as it now stands replaces the last view, whatever its
   version; the trick, the tricks taken and the log are those of the deal so far. */
export function rewound(message) {
  S.undoing = false;
  S.people = message.table;
  S.latest = message;
  S.hint = null;
  S.selected = new Set();
  S.actedAt = null;
  S.acting = null;
  S.turnStarted = Date.now();
  const v = message.view;
  felt.held = false;
  felt.onTable = (v.trick || []).map((p) => ({ seat: p.seat, card: p.card }));
  S.lastTrick = v.last_trick || null;
  if (v.tricks_won) S.dealTricks = [...v.tricks_won];
  S.logLines = [];
  for (const e of message.opening || []) logEvent(e);
  document.getElementById("hint-line").classList.add("hidden");
  render();
  announce(t("undone"));
  toast(() => t("undone"));
}

/* A refused undo: the button again. */
export function undoRefused() { S.undoing = false; if (S.latest) renderUndo(); }

/* A study table: the seat's cards face up, by suit, in its box on the felt (the reader's own
   are his hand below; a spectator sees every seat's here). */
export function openHand(v, seat) {
  const hands = v.open_hands;
  if (!hands || seat === mySeat() || !hands[seat]) return null;
  if (!hands[seat].length) {  /* a hand not looked at yet (a blind bid): its cards are not known to anyone */
    return v.hand_sizes && v.hand_sizes[seat] ? el("span", { class: "open-hand unseen" }, t("open_hand_unseen")) : null;
  }
  const rows = suitRows(hands[seat]).map((row) => el("span", { class: "suit-row" },
    el("span", { class: `pip suit-${row.suit}` }, SUITS[row.suit]),
    " " + row.ranks.map((rank) => word("rank." + rank, "short")).join(" ")));
  const said = hands[seat].map(cardName).join(", ");
  return el("span", { class: "open-hand" },
    el("span", { class: "sr-only" }, `${t("open_hand_of", playerName(seat))}: ${said}`),
    el("span", { "aria-hidden": "true" }, rows));
}

export function initPractice() {
  undoButton().addEventListener("click", askUndo);
  document.addEventListener("keydown", (e) => {
    const target = e.target;
    const typing = target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    if (!isUndoKey(e, typing) || undoButton().classList.contains("hidden")) return;
    e.preventDefault();
    askUndo();
  });
}
