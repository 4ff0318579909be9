"""King's score sheet as data: each deal's game, trump, dealer and declarer, every player's
points with running totals, the order table (order variants) and the settlement."""

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
    SuitRef,
    Term,
)
from koloda.games.king.actions import ALL_CONTRACTS, CONTRACT_KEYS

if TYPE_CHECKING:
    from koloda.games.king.rules import KingRules
    from koloda.games.king.state import DealSummary, KingState


def game_cell(line: DealSummary) -> Cell:
    """The game of a deal: its contract, with trump (and how it was named) when positive."""
    contract = Term(f"contract.{CONTRACT_KEYS[line.contract]}")
    what: Phrase | Term = contract
    if line.trump is not None:
        key = "cell.trump_by_last" if line.by_last else "cell.trump"
        what = Phrase(key, {"contract": contract, "suit": SuitRef(line.trump)})
    if line.ended_early:
        return Phrase("cell.ended_early", {"what": what})
    return what


def score_sheet(rules: KingRules, state: KingState) -> ScoreSheet:
    n = rules.num_seats
    variant = rules.options.variant
    columns = [
        Column(Term("col.number")),
        Column(Term("col.game")),
        Column(Term("col.dealer")),
        Column(Term("col.declarer")),
        *(Column(SeatRef(s), numeric=True) for s in range(n)),
    ]
    running = [0] * n
    rows: list[tuple[Cell, ...]] = []
    for line in state.sheet:
        scores: list[Cell] = []
        for s in range(n):
            running[s] += line.scores[s]
            scores.append(Score(line.scores[s], running[s]))
        declarer = None if line.declarer is None else SeatRef(line.declarer)
        rows.append((line.deal + 1, game_cell(line), SeatRef(line.dealer), declarer, *scores))
    footer: tuple[Cell, ...] = (None, Term("col.total"), None, None, *state.totals)
    notes = (Phrase("note.ended_early"),) if any(line.ended_early for line in state.sheet) else ()
    deals = SheetTable(Phrase("section.deals"), tuple(columns), tuple(rows), footer, notes)
    sections = [deals]
    if state.rows:
        shared = len(state.rows) == 1
        sections.append(
            SheetTable(
                Phrase("section.king.orders"),
                (
                    Column(Term("col.row")),
                    *(
                        Column(Term(f"contract_short.{CONTRACT_KEYS[c]}"), numeric=True)
                        for c in ALL_CONTRACTS
                    ),
                ),
                tuple(
                    (Term("word.shared") if shared else SeatRef(index), *row)
                    for index, row in enumerate(state.rows)
                ),
                notes=(Phrase("note.king.orders"),),
            )
        )
    if state.is_over:
        sections.append(
            SheetTable(
                Phrase("section.result"),
                (
                    Column(Term("col.player")),
                    Column(Term("col.points"), numeric=True),
                    Column(Term("col.settlement"), numeric=True),
                ),
                tuple(
                    (SeatRef(s), state.totals[s], value) for s, value in enumerate(state.outcome())
                ),
            )
        )
    title = Phrase("sheet.king", {"variant": Term(f"variant.king.{variant}")})
    return ScoreSheet("king", title, tuple(sections), state.is_over)
