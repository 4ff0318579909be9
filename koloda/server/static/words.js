/* Koloda's words for people: the catalogues' entries, their plural and grammatical forms, and
   phrases (a key and typed parameters, as the server sends them) in words. No page here: the
   catalogues and the language are handed in (useCatalogues, setLanguage), so node's tests
   can read these functions too.

   The words live in the catalogues (koloda/i18n/<lang>.json and each game's own, served as
   /i18n/catalogues.js), shared with the terminal: UI words under "ui.", events under
   "event.", sheets and cards. */

export const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const RANK_NAMES = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

let catalogues = { en: {} };
let language = "en";

/* The catalogues to read from: {en: {...}, ru: {...}}. */
export function useCatalogues(all) { catalogues = all; }
/* The language words are given in from now on. */
export function setLanguage(lang) { language = lang; }
/* The language words are given in. */
export function lang() { return language; }

export function entry(key) {
  const words = catalogues[language] || catalogues.en;
  if (key in words) return words[key];
  return key in catalogues.en ? catalogues.en[key] : undefined;
}
/* A word of the catalogue, in a grammatical form when it has forms (nom, acc, ins, gen, short). */
export function word(key, form) {
  const e = entry(key);
  if (e === undefined) return key;
  if (typeof e === "string") return e;
  if (form && e[form] !== undefined) return e[form];
  for (const d of ["nom", "text", "other"]) if (e[d] !== undefined) return e[d];
  return Object.values(e)[0];
}
/* The plural form of a word agreeing with n (CLDR categories, as Babel on the server). */
export function pluralWord(key, n) {
  const e = entry(key);
  if (e === undefined) return key;
  if (typeof e === "string") return e;
  const category = new Intl.PluralRules(language).select(Math.abs(Number(n) || 0));
  return e[category] ?? e.other ?? key;
}
/* A UI word ("ui.<key>" or a full key), with positional {0} {1} arguments. */
export function t(key, ...args) {
  let text = entry(key) !== undefined ? word(key) : entry("ui." + key) !== undefined ? word("ui." + key) : key;
  args.forEach((a, i) => { text = text.replace(`{${i}}`, a); });
  return text;
}
export function numberText(v, signed) { return signed && v > 0 ? `+${v}` : String(v); }

export function cardRank(code) { return code.slice(0, -1); }
export function cardSuit(code) { return code.slice(-1); }
export function cardLabel(code) { return word("rank." + cardRank(code), "short") + SUITS[cardSuit(code)]; }
export function suitLabel(s) { return `${SUITS[s] || s} ${word("suit." + s)}`.trim(); }
/* A game's name in words; a game whose words do not name it goes by its own name. */
export function gameName(g) { return entry("game." + g) !== undefined ? word("game." + g) : g; }
/* A bid as said: a number, or the word of a bid that is not one (a nil). */
export function bidText(bid) { return entry("action." + bid) !== undefined ? word("action." + bid) : String(bid); }
/* A decision that is not a card, in words ("order:no_tricks", "bid:3", "discard:2S,3S,4S"). */
export function actionLabel(action) {
  const [kind, rest] = action.includes(":") ? action.split(/:(.*)/s) : [action, ""];
  if (kind === "order") return word("contract." + rest);
  if (kind === "trump") return rest === "last" ? word("action.trump_last") : `${t("trump")} ${suitLabel(rest)}`;
  if (kind === "suit") return suitLabel(rest);
  if (kind === "bid") return entry("action." + rest) !== undefined ? word("action." + rest) : `${t("bid")} ${rest}`;
  if (kind === "discard" || kind === "give") return `${word("action." + kind)}: ${rest.split(",").map(cardLabel).join(" ")}`;
  if (entry("action." + kind) !== undefined) return word("action." + kind);
  return action;
}

/* Phrases in words for one reader: names[seat] are the players, viewer the reader's seat
   (spoken to as "you") or null. */
export function speaker(names, viewer) {
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
