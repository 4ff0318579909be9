"""Score sheets as data: every game's sheet, played to its end, draws in the terminal (rich)
and as HTML in both languages, with every word found in the catalogues."""

from __future__ import annotations

import io
import json
import random
import re
from functools import cache
from typing import Any

import pytest
from rich.console import Console

from koloda.cli.sheet import render_sheet
from koloda.core.engine import GameState
from koloda.core.presentation import Phrase, Score, ScoreSheet, SeatRef, Term, sheet_to_json
from koloda.core.registry import load_game
from koloda.i18n import LANGUAGES, Speaker
from koloda.server.sheet_html import render_sheet_html

LEFTOVER = re.compile(r"\{[\w:|.+]+\}")
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("king", {}),
    ("king", {"variant": "order"}),
    ("king", {"variant": "order", "order_scope": "shared"}),
    ("king", {"variant": "three"}),
    ("spades", {"max_deals": 6}),
    ("spades", {"max_deals": 6, "double_nil": True, "nil_exchange": True, "bags_penalty": True}),
    ("hundred_one", {}),
    ("hundred_one", {"players": 3}),
    ("tressette", {}),
]


@cache
def finished_game(game: str, options: str) -> GameState:
    """A seeded game played by random moves to its end."""
    rules = load_game(game, **json.loads(options))
    state = rules.new_state(seed=f"sheet/{game}/{options}")
    rng = random.Random(options)
    for _ in range(200_000):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert state.is_over
    return state


def sheet_of(game: str, options: dict[str, Any]) -> tuple[ScoreSheet, int]:
    state = finished_game(game, json.dumps(options, sort_keys=True))
    rules = load_game(game, **options)
    return rules.score_sheet(state), rules.num_seats


def names_for(count: int) -> list[str]:
    return ["Anna", "Boris", "Vera", "Gleb", "Dima", "Egor"][:count]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "options"), VARIANTS)
def test_a_finished_game_sheet_draws_in_rich_and_html(
    game: str, options: dict[str, Any], lang: str
) -> None:
    sheet, num_seats = sheet_of(game, options)
    names = names_for(num_seats)
    assert sheet.finished and sheet.game == game
    deals = sheet.sections[0]
    assert deals.rows and all(len(row) == len(deals.columns) for row in deals.rows)
    for table in sheet.sections:
        for row in table.rows:
            assert len(row) == len(table.columns)
        if table.footer is not None:
            assert len(table.footer) == len(table.columns)

    out = io.StringIO()
    Console(file=out, width=160, color_system=None).print(render_sheet(sheet, names, lang))
    text = out.getvalue()
    html = render_sheet_html(sheet, names, lang)
    for drawn in (text, html):
        assert not LEFTOVER.search(drawn), LEFTOVER.search(drawn)
        assert "col." not in drawn and "cell." not in drawn and "section." not in drawn
        assert "Vera" in drawn
    assert 'id="sheet-table"' in html and html.count("<table") == len(sheet.sections)

    speaker = Speaker(lang, names)
    for table in sheet.sections:
        speaker.phrase(table.title)
        for column in table.columns:
            speaker.text(column.head)
        for row in table.rows:
            for cell in row:
                speaker.text(cell)
    assert not speaker.missing
    json.dumps(sheet_to_json(sheet))  # the data is JSON as it is


def test_king_sheet_has_what_a_player_needs() -> None:
    sheet, _ = sheet_of("king", {"variant": "order"})
    deals, orders, result = sheet.sections
    heads = [c.head for c in deals.columns]
    assert heads[:4] == [
        Term("col.number"),
        Term("col.game"),
        Term("col.dealer"),
        Term("col.declarer"),
    ]
    assert heads[4:] == [SeatRef(s) for s in range(4)]
    assert len(deals.rows) == 60  # 4 players x 15 games
    assert all(isinstance(row[4], Score) and row[4].total is not None for row in deals.rows)
    assert all(isinstance(row[3], SeatRef) for row in deals.rows), "every game was ordered"
    assert any(isinstance(row[1], Phrase) and "trump" in row[1].key for row in deals.rows)
    assert orders.title == Phrase("section.king.orders") and len(orders.rows) == 4
    assert result.title == Phrase("section.result") and len(result.rows) == 4
    final = [deals.rows[-1][4 + s] for s in range(4)]
    assert [cell.total for cell in final if isinstance(cell, Score)] == list(deals.footer[4:])  # type: ignore[index]


def test_three_player_king_and_russian_words() -> None:
    sheet, _ = sheet_of("king", {"variant": "three"})
    names = ["Anna", "Boris", "Vera"]
    html = render_sheet_html(sheet, names, "ru")
    assert "Кинг (на троих)" in html and "итого" in html and "расчёт" in html
    english = render_sheet_html(sheet, names, "en")
    assert "King (three players)" in english and "settlement" in english


def test_spades_and_tressette_sheets_name_the_sides() -> None:
    spades, _ = sheet_of("spades", {"max_deals": 6})
    html = render_sheet_html(spades, names_for(4), "en")
    assert "Anna and Vera: bid" in html and "Boris and Gleb: bid" in html
    tressette, _ = sheet_of("tressette", {})
    games = tressette.sections[1]
    assert games.rows, "a finished group has its games"
    assert "Игры круга" not in render_sheet_html(tressette, names_for(4), "ru")
    assert "Партии круга" in render_sheet_html(tressette, names_for(4), "ru")
