"""Practice at a study table in Debian's Chromium: the other seats' cards lie face up, the
hint names its card and its reason, and Undo (the button, then Ctrl+Z) gives the hand and
the score back as they were."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_support import needs_chromium, shots_dir
from server_support import ServerThread, serving
from test_table_browser import Page

pytestmark = needs_chromium

SCORE = "JSON.stringify([latest.view.hand, latest.view.tricks_won, latest.view.totals])"
"""The person's hand and the score, as the page holds them."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    yield from serving(tmp_path_factory, "practice_browser", bot_delay=0.01)


def study_table(server: ServerThread) -> tuple[str, str]:
    body = {
        "game": "king",
        "options": {"variant": "classic"},
        "seats": ["human"] + ["bot:random"] * 3,
        "open_hands": True,
    }
    created = httpx.post(f"{server.url}/api/tables", json=body).json()
    return created["table_id"], created["seats"][0]["token"]


def my_turn(tab: Page) -> None:
    tab.wait("latest.view.legal_actions.length > 0 && !presenting", 20)


def play_one(tab: Page) -> None:
    """Play the first playable card, then wait for the turn to come back."""
    version = tab.value("latest.version")
    tab.page.locator("#hand button.card:not([disabled])").first.click()
    tab.wait(f"latest.version > {version} && latest.undoable === true", 20)
    my_turn(tab)


def test_study_table_hint_and_undo(server: ServerThread, browser: Any, tmp_path: Path) -> None:
    table_id, token = study_table(server)
    tab = Page(browser, f"{server.url}/t/{table_id}?token={token}")
    page = tab.page
    my_turn(tab)
    assert page.is_visible("#study-mark")
    sizes = tab.value("latest.view.hand_sizes")
    for seat in (1, 2, 3):  # every other seat's cards, face up, read out for screen readers
        said = page.inner_text(f'#seats .seat[data-seat="{seat}"] .open-hand .sr-only')
        assert said.count(",") + 1 == sizes[seat], said
    assert page.locator('#seats .seat[data-seat="0"] .open-hand').count() == 0

    page.click("#hint")
    tab.wait("!document.getElementById('hint-line').classList.contains('hidden')")
    line = page.inner_text("#hint-line")
    assert line.startswith("The normal bot would play:") and " — " in line, line
    assert page.locator("#hand .card.hinted").count() == 1
    page.screenshot(path=str(shots_dir(tmp_path) / "practice-hint-1280-en.png"))

    assert page.is_visible("#undo") and page.is_disabled("#undo"), "nothing to take back yet"
    before = tab.value(SCORE)
    play_one(tab)
    play_one(tab)
    page.click("#undo")
    tab.wait("latest.undone === true && !presenting")
    assert tab.value(SCORE) != before
    page.keyboard.press("Control+z")  # once more, from the keyboard
    tab.wait(f"{SCORE} === {before!r} && !presenting")
    assert tab.value("latest.undoable") is False, "back at the deal's first decision"
    assert "taken back" in page.inner_text("#toast")
    page.screenshot(path=str(shots_dir(tmp_path) / "practice-undone-1280-en.png"))
    assert tab.errors == []
    tab.context.close()
