/* What the practice controls decide, as pure functions (tested by node --test): a study
   table's hand laid out by suit as a card player reads it, and the keys that take back a
   move. */

const SUIT_ORDER = "SHDC";
const RANK_ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];

/* A hand by suit, spades first, each suit's cards from the highest:
   [{suit: "S", ranks: ["A", "10"]}, …]; suits the hand has none of are left out. */
export function suitRows(cards) {
  const rows = [];
  for (const suit of SUIT_ORDER) {
    const ranks = cards.filter((c) => c.slice(-1) === suit).map((c) => c.slice(0, -1));
    ranks.sort((a, b) => RANK_ORDER.indexOf(a) - RANK_ORDER.indexOf(b));
    if (ranks.length) rows.push({ suit, ranks });
  }
  return rows;
}

/* Whether a key press asks to take back the last move: Ctrl+Z (Cmd+Z on a Mac) or a plain U,
   never while typing in a field. */
export function isUndoKey(event, typing = false) {
  if (typing || event.altKey) return false;
  const key = String(event.key || "").toLowerCase();
  if ((event.ctrlKey || event.metaKey) && !event.shiftKey) return key === "z" || key === "я";
  return !event.ctrlKey && !event.metaKey && !event.shiftKey && (key === "u" || key === "г");
}
