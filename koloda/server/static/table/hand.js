/* This seat's part of the page: the prompt, the decisions that are not a card, the hand,
   and a hint when asked for. */
import { cardFaceSvg, cardName } from "../cards.js";
import { actionLabel, cardRank, cardSuit, el, entry, t, word } from "../i18n.js";
import { act } from "./connection.js";
import { cardElement } from "./felt.js";
import { CARD_RE, S, mySeat, myTurn, playerName, words } from "./state.js";
import { awayFromSeat } from "./leave.js";

const SUIT_ORDER = "SHCD";
const RANK_ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const THREE = /^(discard|give):/;

export function sortHand(cards) {
  return [...cards].sort((a, b) =>
    SUIT_ORDER.indexOf(cardSuit(a)) - SUIT_ORDER.indexOf(cardSuit(b)) ||
    RANK_ORDER.indexOf(cardRank(a)) - RANK_ORDER.indexOf(cardRank(b)));
}

export function renderMine(v) {
  const me = mySeat();
  const mine = myTurn(v);
  document.getElementById("watching").classList.toggle("hidden", me !== null || S.refused);
  if (S.refused) return;
  renderPrompt(v, mine);
  const legal = mine ? v.legal_actions || [] : [];
  const triple = legal.filter((a) => THREE.test(a));
  const focused = document.activeElement;
  const kept = focused && focused.closest("#hand, #actions") ? focused.dataset.card || focused.dataset.action : null;
  renderActions(legal, triple);
  renderExchange(v);
  const cards = handCards(v, new Set(legal.filter((a) => CARD_RE.test(a))), triple);
  const unseen = me !== null && !(v.hand || []).length && v.hand_sizes ? v.hand_sizes[me] : 0;
  for (let i = 0; i < unseen; i++) cards.push(cardElement(null, { class: "card back" }));  // not looked at yet
  layHand(document.getElementById("hand"), cards);
  focusMine(mine, kept);
}
function renderPrompt(v, mine) {
  const me = mySeat();
  const prompt = document.getElementById("prompt");
  const { people } = S;
  const awaited = people && people.entropy && !v.finished ? people.entropy.pending.filter((s) => s !== me) : [];
  prompt.textContent = v.finished ? t("finished") : mine ? t("your_turn")
    : awaited.length ? t("waiting_for_randomness", awaited.map(playerName).join(", "))
    : v.to_act === null || v.to_act === me ? "" : t("waiting", playerName(v.to_act));
  prompt.classList.toggle("mine", mine);
  if (awayFromSeat() && !v.finished) prompt.textContent = t("bot_plays_for_you");
}
/* The decisions that are not a card: buttons; bids of a number as a grid under their
   question; a line of help under the decisions the catalogue explains ("action_help.<action>");
   three cards to choose and the button that gives them. */
function renderActions(legal, triple) {
  const others = legal.filter((a) => !CARD_RE.test(a) && !THREE.test(a));
  const actions = document.getElementById("actions");
  actions.replaceChildren();
  const bids = others.filter((a) => /^bid:(\d+|nil)$/.test(a));
  for (const a of others.filter((x) => !bids.includes(x))) actions.append(actionButton(a));
  if (bids.length) {
    actions.append(el("p", { class: "question", id: "bid-question" }, t("bid_question")),
      el("div", { class: "bids", role: "group", "aria-labelledby": "bid-question" }, bids.map((a) => actionButton(a, /^bid:\d+$/.test(a) ? a.slice(4) : undefined))));
  }
  for (const a of [...bids, ...others.filter((x) => !bids.includes(x))]) {
    if (entry("action_help." + a) !== undefined) actions.append(el("p", { class: "question help" }, word("action_help." + a)));
  }
  if (triple.length) {
    const kind = triple[0].split(":")[0];
    const chosen = sortHand([...S.selected]);
    const action = triple.find((a) => sortHand(a.split(":")[1].split(",")).join(",") === chosen.join(","));
    actions.append(el("span", { class: "choose" }, t("select_three")), " ",
      el("button", { type: "button", class: "primary", disabled: !action, onclick: () => action && act(action) }, word("action." + kind)));
  }
}
function handCards(v, cardActions, triple) {
  const pickable = new Set(triple.flatMap((a) => a.split(":")[1].split(",")));
  return sortHand(v.hand || []).map((code) => {
    const playable = cardActions.has(code);
    const picking = pickable.has(code);
    const leaving = S.acting === code && S.actedAt === S.latest.version;
    const node = el("button", {
      type: "button", class: "card" + (playable || picking ? " legal" : "") + (leaving ? " leaving" : "") + (S.selected.has(code) ? " selected" : "") + (v.drawn === code ? " drawn" : "") + (S.hint && S.hint.action === code ? " hinted" : ""),
      "data-card": code, "aria-label": cardName(code) + (v.drawn === code ? `, ${t("drawn")}` : ""),
      disabled: !(playable || picking), "aria-pressed": picking ? String(S.selected.has(code)) : null,
    }, cardFaceSvg(code));
    if (playable) node.addEventListener("click", () => { S.leavingRect = node.getBoundingClientRect(); node.classList.add("leaving"); act(code); });
    else if (picking) node.addEventListener("click", () => {
      if (S.selected.has(code)) S.selected.delete(code); else if (S.selected.size < 3) S.selected.add(code);
      renderMine(S.latest.view);
      document.querySelector(`#hand [data-card="${code}"]`)?.focus();
    });
    return node;
  });
}
/* Keyboard focus: on the card or button it was on before the hand was drawn again (an arrow
   key's move is kept), else on the first legal card (or decision) each time the turn comes,
   unless a dialog is open or the speed is being chosen. */
let focusedTurn = null;
function focusMine(mine, kept) {
  if (!mine) return;
  const enabled = "button:not([disabled])";
  const again = kept && document.querySelector(`#hand ${enabled}[data-card="${kept}"], #actions ${enabled}[data-action="${kept}"]`);
  if (again) { again.focus({ preventScroll: true }); focusedTurn = S.latest.version; return; }
  if (focusedTurn === S.latest.version || dialogOpen() || document.activeElement?.tagName === "SELECT") return;  // not out of a list being chosen from
  const target = document.querySelector(`#hand ${enabled}`) || document.querySelector(`#actions ${enabled}`);
  if (target) { target.focus({ preventScroll: true }); focusedTurn = S.latest.version; }
}
function dialogOpen() { return [...document.querySelectorAll(".overlay")].some((o) => !o.classList.contains("hidden")); }

/* The hand in one row, or two when one row would leave less than a finger's width of each
   overlapped card to tap (a phone with a full hand). */
const TAP_PX = 44;
function layHand(hand, cards) {
  const row = (part) => el("div", { class: "hand-row", style: `--cards:${Math.max(part.length, 1)}` }, part);
  hand.replaceChildren(row(cards));
  const width = hand.clientWidth - 8, cardWidth = cards[0]?.offsetWidth || 0;
  if (cards.length < 3 || !cardWidth || (width - cardWidth) / (cards.length - 1) >= TAP_PX) return;
  const half = Math.ceil(cards.length / 2);
  hand.replaceChildren(row(cards.slice(0, half)), row(cards.slice(half)));
}

function actionButton(action, text) {
  return el("button", { type: "button", "data-action": action, class: S.hint && S.hint.action === action ? "hinted" : "", onclick: () => act(action) }, text ?? actionLabel(action));
}

/* The cards given and received in an exchange before play. */
function renderExchange(v) {
  const box = document.getElementById("hint-line");
  if (S.hint && S.hint.version === S.latest.version) return;
  box.classList.add("hidden");
  if (!v.sent || (!v.sent.length && !(v.received || []).length)) return;
  box.replaceChildren(
    v.sent.length ? el("span", {}, `${t("you_gave")}: `, miniCards(v.sent)) : "",
    (v.received || []).length ? el("span", {}, ` ${t("you_received")}: `, miniCards(v.received)) : "");
  box.classList.remove("hidden");
}
export function miniCards(cards) { return el("span", { class: "mini" }, cards.map((c) => cardElement(c, { class: "card mini" }))); }

export function showHint(message) {
  if (!S.latest || message.version !== S.latest.version) return;
  S.hint = message;
  renderMine(S.latest.view);
  const box = document.getElementById("hint-line");
  const said = CARD_RE.test(message.action) ? cardName(message.action) : actionLabel(message.action);
  box.replaceChildren(el("b", {}, t("hint_says", said)), message.reason ? el("span", {}, " — " + words().phrase(message.reason)) : "");
  box.classList.remove("hidden");
}
