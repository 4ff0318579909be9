/* A game's board: what the table page shows of a game beyond the felt and the hand.

   A game's package may ship web/board.js (its plug-in's `web` names the package); the card
   room serves it as /games/<game>/board.js and the table page imports it by the game's name.
   A game without one gets GENERIC below. The module exports any of these (what it leaves out
   is GENERIC's), each handed the view (the seat's view as the server sends it) and the kit:

     scoreboard(view, kit) -> Node[]   the scoreboard's own part, above the score sheet's
                                       further sections (default: each player's total)
     banner(view, kit) -> Node[]       lines in the felt's corner after the contract and who
                                       chose it (default: none)
     standing(view, kit) -> {heads: string[], cells(i) -> cells[]}
                                       the last columns of a deal's summary, for player or
                                       side i (default: the total)

   The kit (boardKit) is all a board needs of the page:
     facts                 the game's facts (sides, partnership, tricks, program, ...)
     mySeat()              the reader's seat, or null for a spectator
     playerName(seat), sideName(side)   names as the page shows them
     el(tag, attrs, ...children)        an element
     t(key, ...args), word(key, form), pluralWord(key, n)   words of the catalogues (a
                           game's own words are in its package: words/table/<lang>.json)
     numberText(n, signed), suitLabel(suit), bidText(bid)   values in words
     miniCards(cards)      small card pictures in a row
     table(heads, rows, caption)        a score table; rows are {mine, cells}, the first
                                        cell the row's head
     seatRows(view, cells), sideRows(view, cells)   a row per player (cells(seat)) or per
                                        side (cells(side, seats)), the reader's marked
   Nothing else is shared: a board keeps no state between calls. This module reads no page
   itself (the page hands it what it needs), so node's tests read it too. */
/* The kit handed to a board, from what the page knows: ``facts()`` the game's facts;
   mySeat, playerName, sideName, miniCards; ``words`` the words' functions (t, word,
   pluralWord, numberText, suitLabel, bidText); ``el`` the page's maker of elements. */
export function boardKit({ facts, mySeat, playerName, sideName, miniCards, words, el }) {
  /* A score table: a row of heads, then rows ({mine, cells}) whose first cell heads the row. */
  const table = (heads, rows, caption) => el("table", { class: "score" }, caption ? el("caption", {}, caption) : null,
    el("thead", {}, el("tr", {}, heads.map((h, i) => el("th", { class: i ? "num" : "", scope: "col" }, h)))),
    el("tbody", {}, rows.map((r) => el("tr", { class: r.mine ? "mine" : "" }, r.cells.map((c, i) => i ? el("td", { class: "num" }, c) : el("th", { scope: "row" }, c))))));
  return {
    get facts() { return facts(); },
    mySeat, playerName, sideName, miniCards, el, table,
    t: words.t, word: words.word, pluralWord: words.pluralWord,
    numberText: words.numberText, suitLabel: words.suitLabel, bidText: words.bidText,
    seatRows(v, cells) {
      return [...Array(v.num_seats).keys()].map((s) => ({ mine: s === mySeat(), cells: [playerName(s), ...cells(s)] }));
    },
    sideRows(v, cells) {
      return facts().sides.map((side, i) => ({ mine: side.includes(mySeat()), cells: [sideName(i), ...cells(i, side)] }));
    },
  };
}

/* The board of a game that ships none: each player's total. */
export const GENERIC = {
  scoreboard(v, kit) {
    return [kit.table([kit.t("player"), kit.t("col_total")], kit.seatRows(v, (s) => [v.totals[s]]))];
  },
  banner() { return []; },
  standing(view, kit) {
    return { heads: [kit.t("col_total")], cells: (i) => [view.totals[i]] };
  },
};

/* The board at ``address`` (the facts' ``board``: the game's package's module) over GENERIC,
   or GENERIC alone when the game ships none (null) or it cannot be loaded. ``load`` imports a
   module by its address. */
export async function loadBoard(address, load = (url) => import(url)) {
  if (!address) return GENERIC;
  try {
    const own = await load(address);
    return { ...GENERIC, ...own };
  } catch {
    return GENERIC;
  }
}
