"""Tressette's score sheet as data: each deal's declarations, tricks and points per side
(declarations + card points + bonuses), the games won in the group and the standing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from koloda.core.presentation import (
    Cell,
    Column,
    Phrase,
    Phrases,
    ScoreSheet,
    SeatRef,
    SheetTable,
    SideRef,
    Term,
)
from koloda.games.tressette.events import declaration_phrase
from koloda.games.tressette.scoring import GAMES_PER_GROUP

if TYPE_CHECKING:
    from koloda.games.tressette.rules import TressetteRules
    from koloda.games.tressette.state import DealSummary, TressetteState


def declarations_cell(line: DealSummary) -> Cell:
    said = tuple(
        Phrase(
            "cell.declared",
            {
                "seat": SeatRef(seat),
                "declarations": Phrases(tuple(declaration_phrase(d) for d in declared)),
            },
        )
        for seat, declared in enumerate(line.declarations)
        if declared
    )
    return Phrases(said) if said else None


def score_sheet(rules: TressetteRules, state: TressetteState) -> ScoreSheet:
    columns = (
        Column(Term("col.number")),
        Column(Term("col.dealer")),
        Column(Term("col.declarations")),
        Column(Term("col.tricks")),
        Column(SideRef(0), numeric=True),
        Column(SideRef(1), numeric=True),
        Column(Term("col.games_won")),
        Column(Term("col.points_after"), numeric=True),
    )
    rows: list[tuple[Cell, ...]] = []
    for line in state.sheet:
        sides: list[Cell] = [
            Phrase(
                "cell.side_points",
                {
                    "points": line.scores[s],
                    "declared": line.declared[s],
                    "cards": line.card_points[s],
                    "bonus": line.bonuses[s],
                },
            )
            for s in (0, 1)
        ]
        won = Phrases(
            tuple(
                Phrase(
                    "cell.game_won_double" if game.value > 21 else "cell.game_won",
                    {"side": SideRef(game.winner), "value": game.value},
                )
                for game in line.games
            )
        )
        tricks = Phrase(
            "cell.tricks",
            {"a": line.tricks[0] + line.tricks[2], "b": line.tricks[1] + line.tricks[3]},
        )
        after = Phrase("cell.versus", {"a": line.points_after[0], "b": line.points_after[1]})
        rows.append(
            (
                line.deal + 1,
                SeatRef(line.dealer),
                declarations_cell(line),
                tricks,
                *sides,
                won if line.games else None,
                after,
            )
        )
    footer: tuple[Cell, ...] = (
        None,
        Term("col.total"),
        None,
        None,
        sum(line.scores[0] for line in state.sheet),
        sum(line.scores[1] for line in state.sheet),
        None,
        Phrase("cell.versus", {"a": state.points[0], "b": state.points[1]}),
    )
    deals = SheetTable(
        Phrase("section.deals"),
        columns,
        tuple(rows),
        footer,
        notes=(Phrase("note.tressette.points"),),
    )
    games = SheetTable(
        Phrase("section.tressette.games", {"played": len(state.games), "of": GAMES_PER_GROUP}),
        (
            Column(Term("col.game_number"), numeric=True),
            Column(Term("col.winner")),
            Column(Term("col.value"), numeric=True),
            Column(Term("col.won_in_deal"), numeric=True),
        ),
        tuple(
            (index + 1, SideRef(game.winner), game.value, game.deal + 1)
            for index, game in enumerate(state.games)
        ),
    )
    standing = SheetTable(
        Phrase("section.tressette.result" if state.is_over else "section.tressette.standing"),
        (
            Column(Term("col.side")),
            Column(Term("col.games_value"), numeric=True),
            Column(Term("col.half"), numeric=True),
            Column(Term("col.carry"), numeric=True),
        ),
        tuple(
            (SideRef(side), state.totals[side], state.totals[side] / 2, state.points[side])
            for side in (0, 1)
        ),
    )
    title = Phrase("sheet.tressette")
    return ScoreSheet("tressette", title, (deals, games, standing), state.is_over)
