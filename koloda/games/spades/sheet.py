"""Spades score sheet for people: bids and tricks per player, each side's hand and totals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table

from koloda.games.spades.actions import NIL, bid_text, is_nil_bid
from koloda.games.spades.scoring import SideScore

if TYPE_CHECKING:
    from koloda.games.spades.rules import SpadesRules
    from koloda.games.spades.state import DealSummary, SpadesState

SIDE_SEATS = ((0, 2), (1, 3))


def side_name(side: int, names: list[str]) -> str:
    first, second = SIDE_SEATS[side]
    return f"{names[first]} & {names[second]}"


def contract_text(line: DealSummary, side: int) -> str:
    """The side's contract: the numeric bids' sum, with its nil bidders named."""
    first, second = SIDE_SEATS[side]
    bids = (line.bids[first], line.bids[second])
    parts = []
    numeric = [b for b in bids if not is_nil_bid(b)]
    if numeric:
        parts.append(str(sum(numeric)))
    parts.extend("nil" if b == NIL else "double nil" for b in bids if is_nil_bid(b))
    return " + ".join(parts)


def result_text(score: SideScore, bags_on: bool) -> str:
    text = f"{score.score:+d}"
    notes = []
    if score.lost_score:
        notes.append("score lost")
    if score.bag_penalty:
        notes.append(f"bags {score.bag_penalty:+d}")
    if notes:
        text += f" ({', '.join(notes)})"
    return text


def render_sheet(rules: SpadesRules, state: SpadesState, names: list[str] | None = None) -> Group:
    names = names or [f"seat {s}" for s in range(4)]
    bags_on = rules.options.bags_penalty
    table = Table(title=f"Spades to {rules.options.target} — score sheet", show_footer=True)
    table.add_column("#", footer="")
    table.add_column("dealer", footer="total")
    for seat in range(4):
        table.add_column(f"{names[seat]}\nbid/took", justify="center", footer="")
    for side in (0, 1):
        footer = str(state.totals[side])
        if bags_on:
            footer += f" (bags {state.bags[side]})"
        table.add_column(
            f"{side_name(side, names)}\ncontract: result (total)", justify="right", footer=footer
        )
    for line in state.sheet:
        cells = [f"{bid_text(line.bids[s])}/{line.tricks[s]}" for s in range(4)]
        for s in line.exchanges:
            cells[s] += " ⇄"
        sides = []
        for side in (0, 1):
            score = line.sides[side]
            text = (
                f"{contract_text(line, side)}: {result_text(score, bags_on)} ({line.totals[side]})"
            )
            if bags_on:
                text += f" b{score.bags}"
            sides.append(text)
        table.add_row(str(line.deal + 1), names[line.dealer], *cells, *sides)
    parts: list[Table] = [table]
    if state.is_over:
        result = Table(title="result")
        result.add_column("partnership")
        result.add_column("total", justify="right")
        result.add_column("", justify="left")
        for side in (0, 1):
            won = "winner" if side in state.winners else ""
            result.add_row(side_name(side, names), str(state.totals[side]), won)
        parts.append(result)
    return Group(*parts)
