"""101's score sheet for people: each hand's penalties, running totals, the final ranking."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table

from koloda.games.hundred_one.scoring import LOSING_TOTAL, losers, places, winners

if TYPE_CHECKING:
    from koloda.games.hundred_one.rules import HundredOneRules
    from koloda.games.hundred_one.state import HundredOneState


def render_sheet(
    rules: HundredOneRules, state: HundredOneState, names: list[str] | None = None
) -> Group:
    n = rules.num_seats
    names = names or [f"seat {s}" for s in range(n)]
    table = Table(title=f"101 — score sheet (to {LOSING_TOTAL})", show_footer=True)
    table.add_column("#", footer="")
    table.add_column("dealer", footer="total")
    table.add_column("out")
    running = [0] * n
    for s in range(n):
        table.add_column(names[s], justify="right", footer=str(state.totals[s]))
    for line in state.sheet:
        cells = []
        for s in range(n):
            running[s] += line.scores[s]
            cells.append(f"{line.scores[s]:+d} ({running[s]})")
        out = names[line.out] + (" on a queen" if line.out_on_queen else "")
        table.add_row(str(line.deal + 1), names[line.dealer], out, *cells)
    parts: list[Table] = [table]
    if state.is_over:
        result = Table(title="result (H-16)")
        result.add_column("place")
        result.add_column("player")
        result.add_column("total", justify="right")
        result.add_column("")
        place = places(state.totals)
        won, lost = winners(state.totals), losers(state.totals)
        for s in sorted(range(n), key=lambda s: (place[s], s)):
            note = "winner" if s in won else "lost" if s in lost else ""
            result.add_row(str(place[s]), names[s], str(state.totals[s]), note)
        parts.append(result)
    return Group(*parts)
