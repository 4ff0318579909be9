"""Spades score sheet for people: bids and tricks per player, each side's hand and totals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
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
    parts.extend("n" if b == NIL else "dn" for b in bids if is_nil_bid(b))
    return "+".join(parts)


def result_text(score: SideScore) -> str:
    text = f"{score.score:+d}"
    notes = []
    if score.lost_score:
        notes.append("L")
    if score.bag_penalty:
        notes.append("B")
    if notes:
        text += f" {' '.join(notes)}"
    return text


def render_sheet(rules: SpadesRules, state: SpadesState, names: list[str] | None = None) -> Group:
    """One row a hand: for each side its players' bid/tricks in seat order (⇄ after an
    exchange), its contract, the hand's score and the running total (with bags if played)."""
    names = names or [f"seat {s}" for s in range(4)]
    bags_on = rules.options.bags_penalty
    table = Table(
        title=f"Spades to {rules.options.target} — score sheet",
        caption=(
            f"side 0: {side_name(0, names)}   side 1: {side_name(1, names)}\n"
            "bid: n nil, dn double nil; ⇄ exchanged; score: L side lost its score (S-15), "
            "B 10 bags cost 100; b: bags carried"
        ),
        show_footer=True,
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        collapse_padding=True,
        pad_edge=False,
    )
    table.add_column("#\ndealer", footer="total", no_wrap=True, min_width=6)
    for side in (0, 1):
        footer = str(state.totals[side]) + (f" b{state.bags[side]}" if bags_on else "")
        table.add_column(f"side {side}\nbid/took", footer="", no_wrap=True, min_width=7)
        table.add_column("\nbid", justify="right", footer="", no_wrap=True, min_width=5)
        table.add_column("\nscore", justify="right", footer="", no_wrap=True, min_width=5)
        total = "\ntotal" + (" bags" if bags_on else "")
        table.add_column(total, justify="right", footer=footer, no_wrap=True, min_width=7)
    for line in state.sheet:
        cells = []
        for side in (0, 1):
            players = []
            for seat in SIDE_SEATS[side]:
                text = f"{bid_text(line.bids[seat]).replace('double_nil', 'dnil')}/"
                text += str(line.tricks[seat])
                players.append(text + ("⇄" if seat in line.exchanges else ""))
            score = line.sides[side]
            total = str(line.totals[side]) + (f" b{score.bags}" if bags_on else "")
            cells += ["\n".join(players), contract_text(line, side), result_text(score), total]
        table.add_row(f"{line.deal + 1}\n{names[line.dealer][:6]}", *cells)
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
