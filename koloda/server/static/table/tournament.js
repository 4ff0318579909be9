/* A tournament's table says so in its heading, with its round (an arena's: its table), and
   links to the tournament's page, where its standings and the player's next table are. */
import { t } from "../words.js";

/* The mark's words and link for the table's ``tournament`` ({id, round}; null: none). */
export function tournamentMark(tournament) {
  if (!tournament) return null;
  const text = tournament.kind === "arena" ? t("tournaments.at_arena_table", tournament.round) : t("tournaments.at_table", tournament.round);
  return { text, href: `/tournaments/${encodeURIComponent(tournament.id)}` };
}

export function renderTournament(people) {
  const node = document.getElementById("tournament-mark");
  if (!node) return;
  const mark = tournamentMark(people && people.tournament);
  node.classList.toggle("hidden", !mark);
  if (mark) {
    node.textContent = mark.text;
    node.setAttribute("href", mark.href);
  }
}
