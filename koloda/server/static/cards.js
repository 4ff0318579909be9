/* Card faces drawn as SVG, made for Koloda: corner indices in the reader's language (В Д К Т
   in Russian), pips laid out as on a real card, framed court cards, and a back. Optional
   four-colour deck (♠ black, ♥ red, ♦ blue, ♣ green). */
import { cardRank, cardSuit, word } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const CARD_W = 50;
const CARD_H = 70;
/* Suit shapes in a 20×20 box, centred on (10, 10). */
const SUIT_PATHS = {
  H: "M10 18.5 C4 13 1 10 1 6.2 C1 3.3 3.2 1.3 5.8 1.3 C7.7 1.3 9.2 2.4 10 4 C10.8 2.4 12.3 1.3 14.2 1.3 C16.8 1.3 19 3.3 19 6.2 C19 10 16 13 10 18.5 Z",
  D: "M10 1 L17.5 10 L10 19 L2.5 10 Z",
  S: "M10 1 C14 5.5 19 8.6 19 12.4 C19 15 17 16.7 14.7 16.7 C13.1 16.7 11.8 16 11 14.9 C11.3 16.6 12.2 18 13.6 19 L6.4 19 C7.8 18 8.7 16.6 9 14.9 C8.2 16 6.9 16.7 5.3 16.7 C3 16.7 1 15 1 12.4 C1 8.6 6 5.5 10 1 Z",
  C: "M10 1.2 A4.3 4.3 0 0 1 13.6 7.9 A4.3 4.3 0 1 1 11.2 14.9 C11.5 16.6 12.3 18 13.6 19 L6.4 19 C7.7 18 8.5 16.6 8.8 14.9 A4.3 4.3 0 1 1 6.4 7.9 A4.3 4.3 0 0 1 10 1.2 Z",
};
const SUIT_COLOURS = { S: "#1b1b1b", H: "#c0262d", D: "#c0262d", C: "#1b1b1b" };
const FOUR_COLOURS = { S: "#1b1b1b", H: "#c0262d", D: "#1d5fb8", C: "#1f7a33" };
/* Pip centres (x, y) of the number cards in the 50×70 face. */
const L = 15, M = 25, R = 35;
const PIPS = {
  A: [[M, 35]],
  2: [[M, 14], [M, 56]],
  3: [[M, 14], [M, 35], [M, 56]],
  4: [[L, 14], [R, 14], [L, 56], [R, 56]],
  5: [[L, 14], [R, 14], [M, 35], [L, 56], [R, 56]],
  6: [[L, 14], [R, 14], [L, 35], [R, 35], [L, 56], [R, 56]],
  7: [[L, 14], [R, 14], [M, 24.5], [L, 35], [R, 35], [L, 56], [R, 56]],
  8: [[L, 14], [R, 14], [M, 24.5], [L, 35], [R, 35], [M, 45.5], [L, 56], [R, 56]],
  9: [[L, 14], [R, 14], [L, 28], [R, 28], [M, 35], [L, 42], [R, 42], [L, 56], [R, 56]],
  10: [[L, 14], [R, 14], [M, 21], [L, 28], [R, 28], [L, 42], [R, 42], [M, 49], [L, 56], [R, 56]],
};
const COURTS = new Set(["J", "Q", "K"]);

export function fourColourDeck() { return localStorage.getItem("koloda.four_colours") === "1"; }
function suitColour(suit) { return (fourColourDeck() ? FOUR_COLOURS : SUIT_COLOURS)[suit]; }

export function svgNode(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const c of children) node.append(c);
  return node;
}

/* A suit shape of ``size`` centred on (x, y), upside down when ``flip``. */
function suitShape(suit, x, y, size, flip = false) {
  const scale = size / 20;
  const turn = flip ? ` rotate(180 10 10)` : "";
  return svgNode("path", {
    d: SUIT_PATHS[suit], fill: suitColour(suit),
    transform: `translate(${x - size / 2} ${y - size / 2}) scale(${scale})${turn}`,
  });
}

/* The corner index: rank over a small suit, repeated upside down in the opposite corner. */
function cornerIndex(rank, suit, flip) {
  const text = svgNode("text", {
    x: 5.5, y: 10.5, "text-anchor": "middle", "font-size": rank === "10" ? 8.5 : 10,
    "font-weight": 700, "font-family": "system-ui, sans-serif", fill: suitColour(suit),
    "letter-spacing": rank === "10" ? -0.8 : 0,
  });
  text.textContent = word("rank." + rank, "short");
  const group = svgNode("g", flip ? { transform: `rotate(180 ${CARD_W / 2} ${CARD_H / 2})` } : {},
    text, suitShape(suit, 5.5, 16.5, 6.5));
  return group;
}

function courtFace(rank, suit) {
  const colour = suitColour(suit);
  const letter = svgNode("text", {
    x: 25, y: 41, "text-anchor": "middle", "font-size": 20, "font-weight": 700,
    "font-family": "Georgia, 'DejaVu Serif', serif", fill: colour,
  });
  letter.textContent = word("rank." + rank, "short");
  return svgNode("g", {},
    svgNode("rect", { x: 11, y: 7, width: 28, height: 56, rx: 2.5, fill: "#f7efd9", stroke: colour, "stroke-width": 0.9 }),
    svgNode("rect", { x: 13, y: 9, width: 24, height: 52, rx: 1.8, fill: "none", stroke: "#d8b54a", "stroke-width": 0.8 }),
    suitShape(suit, 19, 16, 7), suitShape(suit, 31, 54, 7, true), letter);
}

/* The SVG of one card face (``code`` like "QH", "10S"). */
export function cardFaceSvg(code) {
  const rank = cardRank(code), suit = cardSuit(code);
  const svg = svgNode("svg", { viewBox: `0 0 ${CARD_W} ${CARD_H}`, class: "face", "aria-hidden": "true", focusable: "false" });
  svg.append(svgNode("rect", { x: 0.5, y: 0.5, width: CARD_W - 1, height: CARD_H - 1, rx: 4, fill: "#fffdf7", stroke: "#8c8c8c", "stroke-width": 0.8 }));
  if (COURTS.has(rank)) svg.append(courtFace(rank, suit));
  else {
    const pips = PIPS[rank] || [];
    const size = rank === "A" ? 22 : 10;
    for (const [x, y] of pips) svg.append(suitShape(suit, x, y, size, y > 35.5));
  }
  svg.append(cornerIndex(rank, suit, false), cornerIndex(rank, suit, true));
  return svg;
}

/* The back of a card: a lattice in the table's colours. */
export function cardBackSvg() {
  const id = "back-lattice";
  const svg = svgNode("svg", { viewBox: `0 0 ${CARD_W} ${CARD_H}`, class: "face", "aria-hidden": "true", focusable: "false" });
  svg.append(
    svgNode("defs", {}, svgNode("pattern", { id, width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      svgNode("rect", { width: 6, height: 6, fill: "#2b4f8c" }), svgNode("rect", { width: 3, height: 6, fill: "#3a63a8" }))),
    svgNode("rect", { x: 0.5, y: 0.5, width: CARD_W - 1, height: CARD_H - 1, rx: 4, fill: "#fffdf7", stroke: "#8c8c8c", "stroke-width": 0.8 }),
    svgNode("rect", { x: 3.5, y: 3.5, width: CARD_W - 7, height: CARD_H - 7, rx: 2.5, fill: `url(#${id})` }));
  return svg;
}

/* A card's name for people and screen readers: "Queen of hearts" / "Дама червей". */
export function cardName(code) {
  const name = word("card.name");
  return name.replace("{rank}", word("rank." + cardRank(code))).replace("{suit}", word("suit." + cardSuit(code), "gen"))
    .replace(/^./, (c) => c.toUpperCase());
}

/* Small pictures drawn here rather than taken from the system's fonts (which may lack them):
   the turn clock and the four faces of table talk, in a 20×20 box. */
const FACE = "#f2c14e", INK = "#3b2a05";
export const ICONS = {
  clock: () => [svgNode("circle", { cx: 10, cy: 11.5, r: 7, fill: "none", stroke: "currentColor", "stroke-width": 1.8 }),
    svgNode("rect", { x: 8, y: 1.2, width: 4, height: 2.4, rx: 0.8, fill: "currentColor" }),
    svgNode("path", { d: "M10 11.5 V7.2 M10 11.5 L13 13", stroke: "currentColor", "stroke-width": 1.6, "stroke-linecap": "round", fill: "none" })],
  emoji_smile: () => face("M6 12 Q10 16.2 14 12"),
  emoji_sad: () => face("M6.2 15 Q10 11.2 13.8 15"),
  emoji_surprise: () => [...face(null), svgNode("ellipse", { cx: 10, cy: 13.6, rx: 2, ry: 2.6, fill: INK })],
  emoji_thumbs_up: () => [svgNode("rect", { x: 2, y: 9, width: 4, height: 9, rx: 1, fill: "#7a5a12" }),
    svgNode("path", { d: "M7 9.2 L10.2 3 C11 1.6 13 2.2 12.7 4 L12 8 H16.4 C18 8 18.6 9.6 18 11 L16.2 16.6 C15.8 17.6 15 18 14 18 H7 Z", fill: FACE, stroke: INK, "stroke-width": 0.9, "stroke-linejoin": "round" })],
};
function face(mouth) {
  const parts = [svgNode("circle", { cx: 10, cy: 10, r: 8.8, fill: FACE, stroke: INK, "stroke-width": 0.9 }),
    svgNode("circle", { cx: 7, cy: 8, r: 1.2, fill: INK }), svgNode("circle", { cx: 13, cy: 8, r: 1.2, fill: INK })];
  if (mouth) parts.push(svgNode("path", { d: mouth, fill: "none", stroke: INK, "stroke-width": 1.4, "stroke-linecap": "round" }));
  return parts;
}
/* An icon as an inline SVG, named for screen readers by ``label`` (or hidden when none). */
export function iconSvg(name, label) {
  const named = label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" };
  return svgNode("svg", { viewBox: "0 0 20 20", class: "icon", focusable: "false", ...named }, ...ICONS[name]());
}
