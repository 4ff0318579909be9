/* Spades' board (the table page loads it by the game's name; board_kit.js says what a board
   is handed): each player's bid and tricks (a nil already broken marked ✗), and each side's
   bid, tricks, bags and total; on the felt, whether spades are broken. */

export function scoreboard(v, kit) {
  const { t } = kit;
  const nil = (s) => {
    const bid = v.bids[s];
    if (bid !== "nil" && bid !== "double_nil") return "";
    return v.tricks_won[s] ? " ✗" : "";  // kept so far is not yet made
  };
  const bidCell = (s) => v.bids[s] === null ? "—" : kit.bidText(v.bids[s]) + nil(s);
  return [
    kit.table([t("player"), t("bid"), t("col_tricks")], kit.seatRows(v, (s) => [bidCell(s), v.tricks_won[s]])),
    kit.table([t("side"), t("bid"), t("col_tricks"), t("bags"), t("col_total")], kit.sideRows(v, (i, side) => {
      const numbers = side.map((s) => Number(v.bids[s]) || 0);
      const took = side.reduce((sum, s) => sum + v.tricks_won[s], 0);
      return [side.some((s) => v.bids[s] === null) ? "—" : numbers.reduce((a, b) => a + b, 0), took, v.bags[i], v.totals[i]];
    })),
  ];
}

export function banner(v, kit) {
  return v.spades_broken ? [kit.el("span", {}, kit.t("spades_broken"))] : [];
}
