/* King's board (the table page loads it by the game's name; board_kit.js says what a board
   is handed): the program of deals, each done, the one now or to come, over each player's
   tricks and total; on the felt, the trump of a positive deal. */

export function scoreboard(v, kit) {
  const { el, t, word } = kit;
  const parts = [];
  const program = kit.facts.program;
  if (program.length) {
    parts.push(el("ol", { class: "program", "aria-label": t("program") }, program.map((c, i) =>
      el("li", { class: i < v.deal ? "done" : i === v.deal && !v.finished ? "now" : "", title: word("contract." + c), "aria-current": i === v.deal ? "step" : null }, word("contract_short." + c)))));
  }
  parts.push(kit.table([t("player"), t("col_tricks"), t("col_total")], kit.seatRows(v, (s) => [v.tricks_won[s], v.totals[s]])));
  return parts;
}

export function banner(v, kit) {
  const { el, t } = kit;
  if (v.contract !== "positive") return [];
  return [el("span", {}, `${t("trump")}: `, el("b", {}, v.trump ? kit.suitLabel(v.trump) : t("not_named_yet")))];
}
