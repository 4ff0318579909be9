"""Duel, the test game that lives outside Koloda's package, played end to end in the card
room's table page in Debian's Chromium: a game whose package ships no browser module gets
the generic board, and a deal of it is played by clicking, up to its summary."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from browser_support import needs_chromium
from plugin_games import registered
from server_support import ServerThread, serving
from test_table_browser import PHONE, Page, new_table, shoot

from koloda.i18n.catalogue import catalogue_json

DESKTOP = (1280, 800)

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    """A card room that knows Duel (registered as a fifth game would be)."""
    with registered("duel"):
        yield from serving(tmp_path_factory, "duel", bot_delay=0.01, deal_pause=30)


SCOREBOARD = (
    "[...document.querySelectorAll('#board-body > table.score tr')]"
    ".map((r) => [...r.children].map((c) => c.textContent))"
)
"""The generic board's table, row by row."""


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_deal_of_duel_by_clicking(
    server: ServerThread, browser: Any, size: tuple[int, int]
) -> None:
    assert httpx.get(f"{server.url}/games/duel/board.js").status_code == 404  # none of its own
    table_id, tokens = new_table(server, "duel", ["human", "bot:random"], names=["Anna", None])
    tab = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}", size)
    page = tab.page
    hand = page.locator("#hand button.card").count()
    assert hand == tab.value("latest.view.hand_sizes[0]") > 0
    assert page.locator("#seats .seat").count() == 2
    me = page.locator("#seats .seat.me")
    assert me.get_attribute("data-seat") == "0" and "bottom" in (me.get_attribute("class") or "")
    assert "top" in (page.locator("#seats .seat:not(.me)").get_attribute("class") or "")
    english = catalogue_json("en")
    heads, *rows = tab.value(SCOREBOARD)
    assert heads == [english["ui.player"], english["ui.col_total"]]  # the generic board
    assert [row[0] for row in rows] == ["Anna", "Bot 2"]
    shoot(page, f"duel-start-{size[0]}")
    tab.play_deal()
    shoot(page, f"duel-summary-{size[0]}")
    sheet = httpx.get(f"{server.url}/api/tables/{table_id}/sheet").json()
    final = sheet["finished"]
    heading = english["ui.col_total"] if final else english["ui.this_deal"]
    points = sheet["totals"] if final else sheet["deals"][0].get("scores")
    column = (
        "[...document.querySelectorAll('#summary-body > table.score thead th')]"
        f".findIndex(h => h.textContent === '{heading}')"
    )
    shown = tab.value(
        "[...document.querySelectorAll('#summary-body > table.score tbody tr')].map("
        f"r => r.children[{column}].textContent)"
    )
    assert [int(x.replace("−", "-")) for x in shown] == [int(p) for p in points], (shown, sheet)
    assert tab.value("latest.view.hand_sizes[0]") in (0, hand)  # played out, or the next dealt
    wide = tab.value("document.documentElement.scrollWidth")
    assert wide <= size[0], f"the table scrolls sideways: {wide} px in {size[0]}"
    # Duel ships no board: the facts say so and the page asks for none (no 404 logged).
    assert tab.value("latest.facts.board") is None
    assert not [r for r in tab.requests if "/games/duel/" in r], tab.requests
    tab.close()
