/* Koloda UI: English and Russian words, and the shared helpers of both pages. */
"use strict";
/* The words live in the catalogues (koloda/i18n/<lang>.json, served as /i18n/catalogues.js),
   shared with the terminal: UI words under "ui.", events under "event.", sheets and cards. */
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
let LANG = localStorage.getItem("koloda.lang") || ((navigator.language || "en").startsWith("ru") ? "ru" : "en");

function entry(key) {
  const words = CATALOGUES[LANG] || CATALOGUES.en;
  if (key in words) return words[key];
  return key in CATALOGUES.en ? CATALOGUES.en[key] : undefined;
}
/* A word of the catalogue, in a grammatical form when it has forms (nom, acc, ins, gen, short). */
function word(key, form) {
  const e = entry(key);
  if (e === undefined) return key;
  if (typeof e === "string") return e;
  if (form && e[form] !== undefined) return e[form];
  for (const d of ["nom", "text", "other"]) if (e[d] !== undefined) return e[d];
  return Object.values(e)[0];
}
/* The plural form of a word agreeing with n (CLDR categories, as Babel on the server). */
function pluralWord(key, n) {
  const e = entry(key);
  if (e === undefined) return key;
  if (typeof e === "string") return e;
  const category = new Intl.PluralRules(LANG).select(Math.abs(Number(n) || 0));
  return e[category] ?? e.other ?? key;
}
/* A UI word ("ui.<key>" or a full key), with positional {0} {1} arguments. */
function t(key, ...args) {
  let text = entry(key) !== undefined ? word(key) : entry("ui." + key) !== undefined ? word("ui." + key) : key;
  args.forEach((a, i) => { text = text.replace(`{${i}}`, a); });
  return text;
}
function numberText(v, signed) { return signed && v > 0 ? `+${v}` : String(v); }

/* Phrases (a key and typed parameters, as the server sends them) in words for one reader:
   names[seat] are the players, viewer the reader's seat (spoken to as "you") or null. */
function speaker(names, viewer) {
  const sideSeats = (side) => names.map((_, s) => s).filter((s) => s % 2 === side);
  const seatName = (seat, form) => seat === viewer ? word("pronoun.you", form) : (names[seat] ?? String(seat + 1));
  const sideName = (side) => {
    const seats = sideSeats(side);
    if (seats.length !== 2) return `${word("word.side")} ${side + 1}`;
    if (seats.includes(viewer)) return fill(word("side.yours"), { partner: { seat: seats[0] === viewer ? seats[1] : seats[0] } });
    return fill(word("side.pair"), { a: { seat: seats[0] }, b: { seat: seats[1] } });
  };
  const playerNames = (count) => count === names.length ? names.map((_, s) => seatName(s)) : [...Array(count).keys()].map(sideName);
  const card = (code, form) => {
    if (!code) return word("card.hidden", form);
    const rank = cardRank(code), suit = cardSuit(code);
    if (!form) return word("rank." + rank, "short") + SUITS[suit];
    return fill(word("card.name"), { rank: word("rank." + rank, form), suit: word("suit." + suit, "gen") });
  };
  function text(v, form) {
    if (v === null || v === undefined) return "";
    if (typeof v === "boolean") return word(v ? "word.yes" : "word.no");
    if (typeof v === "number") return numberText(v, form === "+");
    if (typeof v === "string") return v;
    if ("key" in v) return phrase(v);
    if ("seat" in v) return seatName(v.seat, form);
    if ("side" in v) return sideName(v.side);
    if ("card" in v) return card(v.card, form);
    if ("cards" in v) return v.cards && v.cards.length ? `(${v.cards.map((c) => card(c)).join(" ")})` : "";
    if ("suit" in v) return form ? word("suit." + v.suit, form) : SUITS[v.suit] || "";
    if ("rank" in v) return word("rank." + RANK_NAMES[v.rank], form);
    if ("term" in v) return word(v.term, form);
    if ("phrases" in v) return v.phrases.map(phrase).join(", ");
    if ("per_player" in v) { const who = playerNames(v.per_player.length); return v.per_player.map((x, i) => `${who[i]} ${numberText(x, true)}`).join(", "); }
    if ("among" in v) { const who = playerNames(v.count); return v.among.map((i) => who[i]).join(", "); }
    if ("points" in v) return numberText(v.points, true) + (v.total === null || v.total === undefined ? "" : ` (${v.total})`);
    return "";
  }
  function fill(template, params) {
    return template.replace(/\{(\w+)(?::([\w+]+))?(?:\|([\w.]+))?\}/g, (all, name, form, pluralOf) => {
      if (!(name in params)) return all;
      if (pluralOf) return pluralWord(pluralOf, params[name]);
      return text(params[name], form);
    });
  }
  function aboutReader(params) {
    if (viewer === null || viewer === undefined) return false;
    if (params.seat && typeof params.seat === "object") return params.seat.seat === viewer;
    if (params.side && typeof params.side === "object") return sideSeats(params.side.side).includes(viewer);
    return false;
  }
  function phrase(p) {
    const e = entry(p.key);
    if (e === undefined) return p.key;
    const params = p.params || {};
    const template = typeof e === "string" ? e : (aboutReader(params) && e.you) || e.text || p.key;
    return fill(template, params).replace(/ {2,}/g, " ").trim();
  }
  function sentence(p) {
    const said = phrase(p).split(/\s+/).filter(Boolean).join(" ");
    return said.charAt(0).toUpperCase() + said.slice(1);
  }
  return { phrase, sentence, text };
}
function translatePage() {
  document.documentElement.lang = LANG;
  document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
  document.querySelectorAll("[data-t-label]").forEach((el) => { el.setAttribute("aria-label", t(el.dataset.tLabel)); });
  document.querySelectorAll(".langs button").forEach((b) => b.classList.toggle("on", b.dataset.lang === LANG));
}
function setLang(lang) {
  LANG = lang;
  localStorage.setItem("koloda.lang", lang);
  translatePage();
  document.dispatchEvent(new Event("koloda:lang"));
}
document.addEventListener("click", (e) => {
  const b = e.target.closest(".langs button");
  if (b) setLang(b.dataset.lang);
});
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c.nodeType ? c : String(c));
  return node;
}
function cardRank(code) { return code.slice(0, -1); }
function cardSuit(code) { return code.slice(-1); }
const RANK_NAMES = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
function cardLabel(code) { return word("rank." + cardRank(code), "short") + SUITS[cardSuit(code)]; }
function cardNode(code, extra = {}) {
  const s = cardSuit(code);
  const r = cardRank(code);
  return el("span", { class: "card" + (s === "H" || s === "D" ? " red" : ""), "data-card": code, title: code, ...extra },
    el("span", { class: "rank" }, word("rank." + r, "short")), el("span", { class: "suit" }, SUITS[s]));
}
function suitLabel(s) { return `${SUITS[s] || s} ${word("suit." + s)}`.trim(); }
function gameName(g) { return t("game." + g); }
function actionLabel(action) {
  const [kind, rest] = action.includes(":") ? action.split(/:(.*)/s) : [action, ""];
  if (kind === "order") return word("contract." + rest);
  if (kind === "trump") return rest === "last" ? word("action.trump_last") : `${t("trump")} ${suitLabel(rest)}`;
  if (kind === "suit") return suitLabel(rest);
  if (kind === "bid") return rest === "nil" || rest === "double_nil" ? word("action." + rest) : `${t("bid")} ${rest}`;
  if (kind === "discard" || kind === "give") return `${word("action." + kind)}: ${rest.split(",").map(cardLabel).join(" ")}`;
  if (entry("action." + kind) !== undefined) return word("action." + kind);
  return action;
}
document.addEventListener("DOMContentLoaded", translatePage);
