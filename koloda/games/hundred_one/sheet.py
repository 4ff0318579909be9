"""101's score sheet as data: each hand's dealer, who went out, the penalties with running
totals against the limit of 101, and the final places."""

from __future__ import annotations

from typing import TYPE_CHECKING

from koloda.core.presentation import (
    Cell,
    Column,
    Phrase,
    Score,
    ScoreSheet,
    SeatRef,
    SheetTable,
    Term,
)
from koloda.games.hundred_one.scoring import LOSING_TOTAL, losers, places, winners

if TYPE_CHECKING:
    from koloda.games.hundred_one.rules import HundredOneRules
    from koloda.games.hundred_one.state import HundredOneState


def score_sheet(rules: HundredOneRules, state: HundredOneState) -> ScoreSheet:
    n = rules.num_seats
    columns = (
        Column(Term("col.number")),
        Column(Term("col.dealer")),
        Column(Term("col.out")),
        *(Column(SeatRef(s), numeric=True) for s in range(n)),
    )
    running = [0] * n
    rows: list[tuple[Cell, ...]] = []
    for line in state.sheet:
        scores: list[Cell] = []
        for s in range(n):
            running[s] += line.scores[s]
            scores.append(Score(line.scores[s], running[s]))
        key = "cell.out_on_queen" if line.out_on_queen else "cell.out"
        out = Phrase(key, {"seat": SeatRef(line.out)})
        rows.append((line.deal + 1, SeatRef(line.dealer), out, *scores))
    footer: tuple[Cell, ...] = (None, Term("col.total"), None, *state.totals)
    notes = (Phrase("note.hundred_one", {"limit": LOSING_TOTAL}),)
    sections = [SheetTable(Phrase("section.deals"), columns, tuple(rows), footer, notes)]
    if state.is_over:
        place = places(state.totals)
        won, lost = winners(state.totals), losers(state.totals)
        sections.append(
            SheetTable(
                Phrase("section.result"),
                (
                    Column(Term("col.place"), numeric=True),
                    Column(Term("col.player")),
                    Column(Term("col.points"), numeric=True),
                    Column(Term("col.result")),
                ),
                tuple(
                    (
                        place[s],
                        SeatRef(s),
                        state.totals[s],
                        Term("result.winner")
                        if s in won
                        else Term("result.lost")
                        if s in lost
                        else None,
                    )
                    for s in sorted(range(n), key=lambda s: (place[s], s))
                ),
            )
        )
    title = Phrase("sheet.hundred_one", {"limit": LOSING_TOTAL})
    return ScoreSheet("hundred_one", title, tuple(sections), state.is_over)
