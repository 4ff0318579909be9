"""Spades score sheet as data: per side and hand the bid against the tricks, the nil results,
the hand's score with the running total and the bags; the winners at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from koloda.core.presentation import (
    Cell,
    Column,
    Phrase,
    Phrases,
    Score,
    ScoreSheet,
    SeatRef,
    SheetTable,
    SideRef,
    Term,
)
from koloda.games.spades.actions import DOUBLE_NIL, is_nil_bid

if TYPE_CHECKING:
    from koloda.games.spades.rules import SpadesRules
    from koloda.games.spades.state import DealSummary, SpadesState

SIDE_SEATS = ((0, 2), (1, 3))


def notes_cell(line: DealSummary, side: int) -> Cell:
    """The side's nil bids and what became of them, and what else the hand did to it."""
    items: list[Phrase] = []
    for seat in SIDE_SEATS[side]:
        bid = line.bids[seat]
        if is_nil_bid(bid):
            kind = Term("bid.double_nil" if bid == DOUBLE_NIL else "bid.nil")
            made = line.tricks[seat] == 0
            key = "cell.nil_made" if made else "cell.nil_failed"
            if seat in line.exchanges:
                key += "_exchanged"
            items.append(Phrase(key, {"seat": SeatRef(seat), "kind": kind}))
    score = line.sides[side]
    if score.lost_score:
        items.append(Phrase("cell.lost_score"))
    if score.bag_penalty:
        items.append(Phrase("cell.bag_penalty", {"points": score.bag_penalty}))
    return Phrases(tuple(items)) if items else None


def score_sheet(rules: SpadesRules, state: SpadesState) -> ScoreSheet:
    bags_on = rules.options.bags_penalty
    columns: list[Column] = [Column(Term("col.number")), Column(Term("col.dealer"))]
    for side in (0, 1):
        columns += [
            Column(Phrase("col.side_bid", {"side": SideRef(side)}), numeric=True),
            Column(Term("col.took"), numeric=True),
            Column(Term("col.nil")),
            Column(Term("col.score"), numeric=True),
        ]
        if bags_on:
            columns.append(Column(Term("col.bags"), numeric=True))
    rows: list[tuple[Cell, ...]] = []
    for line in state.sheet:
        cells: list[Cell] = [line.deal + 1, SeatRef(line.dealer)]
        for side in (0, 1):
            score = line.sides[side]
            cells += [
                sum(line.bids[s] for s in SIDE_SEATS[side] if not is_nil_bid(line.bids[s])),
                sum(line.tricks[s] for s in SIDE_SEATS[side]),
                notes_cell(line, side),
                Score(score.score, line.totals[side]),
            ]
            if bags_on:
                cells.append(score.bags)
        rows.append(tuple(cells))
    footer: list[Cell] = [None, Term("col.total")]
    for side in (0, 1):
        footer += [None, None, None, state.totals[side]]
        if bags_on:
            footer.append(state.bags[side])
    notes = [Phrase("note.spades.nil")]
    if bags_on:
        notes.append(Phrase("note.spades.bags"))
    sections = [
        SheetTable(
            Phrase("section.deals"), tuple(columns), tuple(rows), tuple(footer), tuple(notes)
        )
    ]
    if state.is_over:
        sections.append(
            SheetTable(
                Phrase("section.result"),
                (
                    Column(Term("col.side")),
                    Column(Term("col.points"), numeric=True),
                    Column(Term("col.result")),
                ),
                tuple(
                    (
                        SideRef(side),
                        state.totals[side],
                        Term("result.winner") if side in state.winners else None,
                    )
                    for side in (0, 1)
                ),
            )
        )
    title = Phrase("sheet.spades", {"target": rules.options.target})
    return ScoreSheet("spades", title, tuple(sections), state.is_over)
