"""Terminals that show only ASCII get a clean ASCII table: suits as letters, frames of
``+ - |``, no ``?`` boxes and no escapes."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from tui_helpers import at_last_card, make_app, screen_text, settle

from koloda.cli.tui.ascii import to_ascii, wants_ascii
from koloda.cli.tui.screens import InfoScreen


@pytest.mark.parametrize(
    ("environ", "encoding", "ascii"),
    [
        ({"LANG": "C.UTF-8", "TERM": "xterm-256color"}, "utf-8", False),
        ({"LANG": "en_US.UTF-8", "LC_CTYPE": "C.UTF-8", "TERM": "xterm"}, "utf-8", False),
        ({"LANG": "C", "LC_CTYPE": "C.UTF-8", "TERM": "xterm"}, "utf-8", True),  # coerced
        ({"LANG": "C", "LC_ALL": "C", "TERM": "xterm"}, "utf-8", True),
        ({"LANG": "ru_RU.KOI8-R", "TERM": "xterm"}, "koi8-r", True),
        ({"LANG": "C.UTF-8", "TERM": "xterm"}, "ascii", True),  # PYTHONIOENCODING=ascii
        ({"LANG": "C.UTF-8", "TERM": "linux"}, "utf-8", True),
        ({"TERM": "xterm"}, "utf-8", False),
        ({"LANG": "C.UTF-8", "TERM": "xterm", "KOLODA_ASCII": "1"}, "utf-8", True),
    ],
)
def test_when_the_table_is_drawn_in_ascii(
    environ: dict[str, str], encoding: str, ascii: bool
) -> None:
    assert wants_ascii(environ, encoding) == ascii


def test_symbols_become_one_ascii_cell_each() -> None:
    line = "▶ You ◆ │Q♥ │ ┌───┐ — thinking… · 10♣"
    said = to_ascii(line)
    assert said == "> You * |QH | +---+ - thinking. | 10C"
    assert said.isascii() and len(said) == len(line)
    assert to_ascii("Дама ♠") == "Дама S"  # letters of other alphabets stay


@pytest.mark.parametrize("game", ["spades", "hundred_one"])
def test_an_ascii_table_shows_only_ascii(tmp_path: Path, game: str) -> None:
    app = make_app(tmp_path, game, ascii=True)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            screen = screen_text(app)
            assert screen.isascii(), [c for c in screen if not c.isascii()]
            assert "Koloda - " in screen.splitlines()[0]
            await pilot.press("f1")
            await pilot.pause()
            assert screen_text(app).isascii() and "+---" in screen_text(app)

    asyncio.run(run())


def test_an_ascii_deal_summary(tmp_path: Path) -> None:
    app = make_app(tmp_path, "king", ascii=True)
    at_last_card(app)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("enter")
            await settle(pilot, app)
            assert isinstance(app.screen, InfoScreen)
            assert screen_text(app).isascii()

    asyncio.run(run())
