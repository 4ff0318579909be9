/* The felt: seats around the table (you at the bottom, the next player on your left), the
   cards in front of their players, and the motion of cards (played, held, swept). */
import { cardBackSvg, cardFaceSvg, cardName } from "../cards.js";
import { el, t, word } from "../i18n.js";
import { slotPlace } from "../seating.js";
import { playerName } from "./state.js";

export const REDUCED_MOTION = window.matchMedia("(prefers-reduced-motion: reduce)");
const SPEEDS = { normal: 1000, fast: 450, instant: 0 };
/* How long a complete trick stays on the table: the player's choice, kept in the browser. */
export function holdMs() { return SPEEDS[localStorage.getItem("koloda.speed")] ?? SPEEDS.normal; }
export const FLY_MS = 260;
export const SWEEP_MS = 380;

/* A card as a picture (its face, or its back when ``code`` is null). */
export function cardElement(code, extra = {}) {
  const node = el("div", { class: "card", "data-card": code || "", role: "img", "aria-label": code ? cardName(code) : word("card.hidden"), ...extra });
  node.append(code ? cardFaceSvg(code) : cardBackSvg());
  return node;
}

function moving() { return !REDUCED_MOTION.matches && !document.hidden && holdMs() > 0; }
export function pause(ms) { return new Promise((done) => setTimeout(done, ms)); }

/* Animate ``node`` from the centre of ``fromRect`` to where it lies now. */
export async function flyFrom(node, fromRect, ms) {
  if (!fromRect || !moving() || !node.animate) return;
  const to = node.getBoundingClientRect();
  const dx = fromRect.left + fromRect.width / 2 - (to.left + to.width / 2);
  const dy = fromRect.top + fromRect.height / 2 - (to.top + to.height / 2);
  const flight = node.animate([{ transform: `translate(${dx}px, ${dy}px) scale(.85)` }, { transform: "none" }],
    { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)" });
  await flight.finished.catch(() => {});
}
/* Animate ``nodes`` toward the centre of ``toRect`` and fade them out. */
export async function sweepTo(nodes, toRect, ms) {
  if (!toRect || !moving()) return;
  const flights = nodes.filter((n) => n.animate).map((node) => {
    const from = node.getBoundingClientRect();
    const dx = toRect.left + toRect.width / 2 - (from.left + from.width / 2);
    const dy = toRect.top + toRect.height / 2 - (from.top + from.height / 2);
    return node.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(.5)`, opacity: 0 }],
      { duration: ms, easing: "ease-in", fill: "forwards" }).finished.catch(() => {});
  });
  await Promise.all(flights);
}

/* The cards lying on the felt: what the reader sees, driven by events as they are played. */
export const felt = {
  onTable: [],       // [{seat, card}] in the order played
  held: false,       // a complete trick is being shown before it is swept
  seatBox(seat) { return document.querySelector(`#seats .seat[data-seat="${seat}"]`); },
  slotNode(seat) { return document.querySelector(`#played .slot[data-seat="${seat}"]`); },

  /* Lay the cards of ``onTable`` in front of their players (no motion). */
  drawPlayed(base, n) {
    const layer = document.getElementById("played");
    const narrow = document.getElementById("felt").clientWidth < 560;
    layer.replaceChildren();
    const last = this.onTable.length - 1;
    this.onTable.forEach((p, i) => {
      const place = slotPlace(p.seat, base, n, narrow);
      const slot = el("div", { class: "slot" + (i === last ? " newest" : ""), "data-seat": p.seat, style: `left:${place.x}%;top:${place.y}%;z-index:${i + 1}` },
        cardElement(p.card));
      layer.append(slot);
    });
    this.describe();
  },
  /* The trick as words for screen readers (the cards themselves are pictures). */
  describe() {
    const label = document.getElementById("centre-label");
    const said = this.onTable.map((p) => `${playerName(p.seat)}: ${cardName(p.card)}`).join("; ");
    label.textContent = said ? `${t("on_the_table")}: ${said}` : t("on_the_table");
  },
};
