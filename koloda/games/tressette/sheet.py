"""Tressette's score sheet: declarations by player, points per side, games and carry-over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table

from koloda.games.tressette.scoring import GAMES_PER_GROUP

if TYPE_CHECKING:
    from koloda.games.tressette.rules import TressetteRules
    from koloda.games.tressette.state import TressetteState


def side_names(names: list[str]) -> tuple[str, str]:
    """T-1: side 0 is seats 0 and 2, side 1 is seats 1 and 3."""
    return (f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}")


def render_sheet(
    rules: TressetteRules, state: TressetteState, names: list[str] | None = None
) -> Group:
    names = names or [f"seat {s}" for s in range(4)]
    sides = side_names(names)
    options = rules.options_json()
    title = "Tressette — score sheet" + (f" {options}" if options else "")
    table = Table(
        title=title,
        caption="per side: deal total (declarations + card points + 9/10-trick bonuses)",
    )
    table.add_column("#")
    table.add_column("dealer")
    table.add_column("declarations")
    table.add_column("tricks")
    for side in (0, 1):
        table.add_column(sides[side], justify="right")
    table.add_column("games won")
    table.add_column("points after", justify="right")
    for line in state.sheet:
        declared = "; ".join(
            f"{names[s]}: " + ", ".join(d.describe() for d in line.declarations[s])
            for s in range(4)
            if line.declarations[s]
        )
        tricks = " ".join(str(t) for t in line.tricks)
        cells = [
            f"{line.scores[s]} ({line.declared[s]}+{line.card_points[s]}+{line.bonuses[s]})"
            for s in (0, 1)
        ]
        won = ", ".join(
            f"{sides[g.winner]} {g.value}" + (" (double)" if g.value > 21 else "")
            for g in line.games
        )
        after = f"{line.points_after[0]} : {line.points_after[1]}"
        table.add_row(
            str(line.deal + 1), names[line.dealer], declared or "—", tricks, *cells, won, after
        )
    parts: list[Table] = [table]

    games = Table(title=f"games of the group ({len(state.games)} of {GAMES_PER_GROUP})")
    games.add_column("game")
    games.add_column("winner")
    games.add_column("value", justify="right")
    games.add_column("won in deal", justify="right")
    for index, game in enumerate(state.games):
        games.add_row(str(index + 1), sides[game.winner], str(game.value), str(game.deal + 1))
    parts.append(games)

    result = Table(title="group result (T-18)" if state.is_over else "standing")
    result.add_column("side")
    result.add_column("games' value", justify="right")
    result.add_column("each partner's half", justify="right")
    result.add_column("points toward the next game (carry)", justify="right")
    for side in (0, 1):
        result.add_row(
            sides[side],
            str(state.totals[side]),
            f"{state.totals[side] / 2:g}",
            str(state.points[side]),
        )
    parts.append(result)
    return Group(*parts)
