/* 101's board (the table page loads it by the game's name; board_kit.js says what a board is
   handed): the stock, the pile and the suit named, each player's cards and total with a bar
   toward 101, and who loses; on the felt, the suit named. */

export function scoreboard(v, kit) {
  const { el, t } = kit;
  const bar = (total) => el("span", { class: "meter", role: "meter", "aria-valuemin": "0", "aria-valuemax": "101", "aria-valuenow": String(total), "aria-label": `${total} / 101` },
    el("span", { style: `width:${Math.min(100, Math.max(0, (100 * total) / 101))}%` }));
  return [
    el("p", {}, `${t("stock")}: ${v.stock_size} · ${t("pile")}: ${v.pile_size}` + (v.suit ? ` · ${t("suit")}: ${kit.suitLabel(v.suit)}` : "")),
    kit.table([t("player"), t("col_cards"), t("col_total")], kit.seatRows(v, (s) => [v.hand_sizes[s], el("span", {}, bar(v.totals[s]), ` ${v.totals[s]}`)])),
    el("p", { class: "note" }, t("hundred_one_note")),
  ];
}

export function banner(v, kit) {
  const { el, t } = kit;
  return "named" in v && v.suit ? [el("span", {}, `${t("suit")}: `, el("b", {}, kit.suitLabel(v.suit)))] : [];
}
