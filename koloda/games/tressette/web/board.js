/* Tressette's board (the table page loads it by the game's name; board_kit.js says what a
   board is handed): the game of the group of three, each side's points toward 21, games won
   and their value, and the declarations made; a deal's summary shows the points toward 21
   in the game in progress beside the value of the games won. */

export function scoreboard(v, kit) {
  const { el, t } = kit;
  const won = (i) => v.games.filter((g) => g.winner === i).length;
  const parts = [
    el("p", {}, t("games_in_group", Math.min(v.games.length + 1, 3))),
    kit.table([t("side"), t("points_to_21"), t("games_won"), t("games_value")], kit.sideRows(v, (i) => [v.points[i], won(i), v.totals[i]])),
  ];
  const said = v.declarations.flat();
  if (said.length) {
    parts.push(el("h3", {}, t("declarations")), el("ul", { class: "declarations" }, said.map((d) =>
      el("li", {}, `${kit.playerName(d.seat)} +${d.points} `, kit.miniCards(d.cards)))));
  }
  return parts;
}

/* The points toward 21 leave out the next deal's declarations, already made. */
export function standing(view, kit) {
  return {
    heads: [kit.t("points_to_21"), kit.t("games_value")],
    cells: (i) => [view.points[i] - (view.deal_points?.[i] || 0), view.totals[i]],
  };
}
