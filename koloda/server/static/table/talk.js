/* Table talk: the phrases a seat may say, and speech bubbles over the seats (a phrase said,
   a declaration made). */
import { ICONS, iconSvg } from "../cards.js";
import { el, t, word } from "../i18n.js";
import { send } from "./connection.js";
import { felt } from "./felt.js";
import { miniCards } from "./hand.js";
import { renderLog } from "./render.js";
import { S, words } from "./state.js";

const PHRASES = ["hello", "good_luck", "well_played", "thanks", "oops", "sorry", "hurry_up", "good_game", "bye",
  "emoji_smile", "emoji_thumbs_up", "emoji_surprise", "emoji_sad"];
const CHAT_MS = 4000;

export function showChat(message) {
  S.logLines.push({ chat: true, seat: message.seat, text: message.phrase });
  if (S.logLines.length > 60) S.logLines.shift();
  renderLog();
  showBubble(message.seat, "bubble", () => [chatWords(message.phrase)]);
}

export function showDeclaration(e) {
  showBubble(e.seat, "bubble declared", () => [words().phrase(e.params.declarations), miniCards(e.declarations.flatMap((d) => d.cards))]);
}
/* A seat's speech bubble for a while, worded by ``say`` (again when the seats are drawn, so
   in the language of the moment); a seat's newer bubble takes the place of the older. */
const bubbles = new Map();  // seat -> {say, cls, timer}
function showBubble(seat, cls, say) {
  clearTimeout(bubbles.get(seat)?.timer);
  const timer = setTimeout(() => { bubbles.delete(seat); felt.seatBox(seat)?.querySelector(".bubble")?.remove(); }, CHAT_MS);
  bubbles.set(seat, { say, cls, timer });
  drawBubble(seat);
}
export function drawBubble(seat) {
  const box = felt.seatBox(seat), said = bubbles.get(seat);
  if (!box || !said) return;
  box.querySelector(".bubble")?.remove();
  box.append(el("span", { class: said.cls, role: "status" }, said.say()));
}

export function renderPhrases() {
  const box = document.getElementById("phrases");
  box.replaceChildren(...PHRASES.map((p) => el("button", { type: "button", "data-phrase": p, onclick: () => send({ type: "chat", phrase: p }) }, chatWords(p))));
}
/* A phrase of table talk: its words, or its face drawn (the emoji phrases). */
export function chatWords(phrase) { return phrase in ICONS ? iconSvg(phrase, t("emoji." + phrase)) : word("chat." + phrase); }
