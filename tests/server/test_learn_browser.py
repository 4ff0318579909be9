"""A first game with the teacher in a real headless Chromium: the lesson of King and of 101
played to the end by clicking the cards the teacher suggests, a card that is not allowed
explained, a reload that loses nothing, and the first real game against easy bots made at
the end. Screenshots at both sizes, English and Russian (``KOLODA_SCREENSHOTS``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import needs_chromium, page_errors, shots_dir, wait_until
from server_support import ServerThread, serving

DESKTOP = (1280, 800)
PHONE = (390, 844)

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    yield from serving(tmp_path_factory, "learn_browser", bot_delay=0.0)


def open_lesson(
    browser: Any, server: ServerThread, game: str, lang: str, size: tuple[int, int]
) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.add_init_script(f"localStorage.setItem('koloda.lang', '{lang}')")
    page = context.new_page()
    errors = page_errors(page)
    page.goto(f"{server.url}/learn/{game}")
    wait_until(page, "window.lessonShown !== null && window.lessonShown !== undefined")
    return context, page, errors


def shown(page: Any) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate("window.lessonShown")
    return state


def click_move(page: Any, move: str, keys: bool = False) -> None:
    """Click a card (or a decision's button), or with ``keys`` reach it from the hand's
    first card with the arrow keys and press Enter; then wait for the teacher's answer."""
    before = page.evaluate("JSON.stringify(window.lessonShown)")
    selector = f'#hand button[data-card="{move}"], #actions button[data-action="{move}"]'
    if keys:
        page.locator("#hand button:not(:disabled)").first.focus()
        for _ in range(60):
            if page.evaluate("document.activeElement.dataset.card") == move:
                break
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
    else:
        page.locator(selector).first.click()
    wait_until(page, f"JSON.stringify(window.lessonShown) !== {before!r}")


def play_as_told(page: Any, shots: Path, name: str) -> None:
    wrong_shown = False
    while not shown(page)["finished"]:
        state = shown(page)
        wrong = [c for c in state["view"]["hand"] if c not in state["legal"]]
        if wrong and state["legal"] and not wrong_shown:
            click_move(page, wrong[0])
            assert page.locator("#refusal").is_visible()
            assert page.locator("#refusal").inner_text().strip()
            page.screenshot(path=str(shots / f"{name}-refused.png"))
            wrong_shown = True
            continue
        if len(state["moves"]) == 1:
            page.screenshot(path=str(shots / f"{name}-turn.png"))
        click_move(page, state["suggestion"])
    page.screenshot(path=str(shots / f"{name}-end.png"), full_page=True)
    assert wrong_shown


@pytest.mark.parametrize(
    ("game", "lang", "size"),
    [("king", "en", DESKTOP), ("hundred_one", "ru", PHONE)],
)
def test_a_first_game_with_the_teacher(
    browser: Any, server: ServerThread, tmp_path: Path, game: str, lang: str, size: tuple[int, int]
) -> None:
    shots = shots_dir(tmp_path)
    context, page, errors = open_lesson(browser, server, game, lang, size)
    name = f"learn-{game}-{lang}-{size[0]}"
    page.screenshot(path=str(shots / f"{name}-start.png"))
    assert page.locator("#words p").count() >= 2
    first = shown(page)["suggestion"]
    click_move(page, first, keys=True)
    page.reload()  # nothing is lost
    wait_until(page, "window.lessonShown !== null && window.lessonShown !== undefined")
    assert shown(page)["moves"] == [first]
    play_as_told(page, shots, name)
    assert page.locator("#play-first").is_visible()
    page.locator("#play-first").click()
    page.wait_for_url("**/t/*")
    assert "token=" in page.url
    assert not errors, errors
    context.close()
