"""King's score sheet for people: each deal's points, running totals, the order table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table

from koloda.core.cards import SUIT_SYMBOLS
from koloda.games.king.actions import ALL_CONTRACTS, CONTRACT_KEYS, POSITIVE

if TYPE_CHECKING:
    from koloda.games.king.rules import KingRules
    from koloda.games.king.state import KingState


SHORT_NAMES = ("tricks", "jacks", "queens", "hearts", "last 2", "K♥", "erelash", "+trump")
"""Column heads of the order table, short enough for an 80-column terminal."""


def render_sheet(rules: KingRules, state: KingState, names: list[str] | None = None) -> Group:
    n = rules.num_seats
    names = names or [f"seat {s}" for s in range(n)]
    table = Table(title=f"King ({rules.options.variant}) — score sheet", show_footer=True)
    table.add_column("#", footer="")
    table.add_column("deal", footer="total")
    table.add_column("dealer")
    running = [0] * n
    for s in range(n):
        table.add_column(names[s], justify="right", footer=str(state.totals[s]))
    for line in state.sheet:
        what = CONTRACT_KEYS[line.contract]
        if line.contract == POSITIVE and line.trump is not None:
            what += f" {SUIT_SYMBOLS[line.trump]}" + (" (by the last)" if line.by_last else "")
        if line.declarer is not None:
            what += f" [{names[line.declarer]}]"
        if line.ended_early:
            what += " *"
        cells = []
        for s in range(n):
            running[s] += line.scores[s]
            cells.append(f"{line.scores[s]:+d} ({running[s]})")
        table.add_row(str(line.deal + 1), what, names[line.dealer], *cells)
    parts: list[Table] = [table]
    if state.rows:
        orders = Table(title="order table (games still open)")
        orders.add_column("row")
        for contract in ALL_CONTRACTS:
            orders.add_column(SHORT_NAMES[contract], justify="center")
        for index, row in enumerate(state.rows):
            label = names[index] if len(state.rows) > 1 else "shared"
            orders.add_row(label, *("·" if c == 0 else str(c) for c in row))
        parts.append(orders)
    if state.is_over:
        result = Table(title="result")
        result.add_column("player")
        result.add_column("result", justify="right")
        result.add_column("settlement", justify="right")
        for s, value in enumerate(state.outcome()):
            result.add_row(names[s], str(state.totals[s]), f"{value:g}")
        parts.append(result)
    return Group(*parts)
