"""The card room as a player sees it, in Debian's Chromium: the turn ends on the screen the
moment you act, a language switch rewords the whole page at once, and the hand stays in view
at desktop and phone sizes while the side panels scroll and their tables are not cut."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import needs_chromium
from server_support import ServerThread, serving
from test_table_browser import PHONE, Page, new_table

from koloda.i18n.catalogue import catalogue_json

DESKTOP = (1280, 800)

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    yield from serving(tmp_path_factory, "play", bot_delay=0.01, deal_pause=30)


def my_turn(tab: Page) -> None:
    tab.wait("latest.view.legal_actions.length > 0 && !presenting", 20)


def english_left(text: str) -> list[str]:
    """The English catalogue's words (not the same in Russian) that are lines of ``text``."""
    english, russian = catalogue_json("en"), catalogue_json("ru")
    lines = set(text.split("\n"))
    return sorted(
        value
        for key, value in english.items()
        if isinstance(value, str)
        and len(value) > 3
        and value != russian.get(key)
        and any(c.isalpha() for c in value)
        and "{" not in value
        and value in lines
    )


PLAY_AND_LOOK = """(() => {
  document.querySelector('#hand button.card:not([disabled])').click();
  return {
    prompt: document.getElementById('prompt').textContent,
    legal: document.querySelectorAll('#hand .card.legal, #hand button.card:not([disabled])').length,
    hint: !document.getElementById('hint').classList.contains('hidden'),
    turn: document.querySelector('#seats .seat.me').classList.contains('turn'),
  };
})()"""
"""Click the first playable card and read the screen in the same moment."""


def test_your_turn_ends_on_the_screen_the_moment_you_act(
    server: ServerThread, browser: Any
) -> None:
    table_id, tokens = new_table(server, "king", ["human"] + ["bot:random"] * 3)
    tab = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}", speed="normal")
    for _ in range(3):  # one of these completes a trick, which is then held on the felt
        my_turn(tab)
        assert tab.page.inner_text("#prompt") == "Your turn"
        version = tab.value("latest.version")
        seen = tab.value(PLAY_AND_LOOK)
        assert seen == {"prompt": "", "legal": 0, "hint": False, "turn": False}, seen
        tab.wait(f"latest.version > {version}", 20)
    assert not tab.page.is_visible("#toast"), tab.page.inner_text("#toast")
    tab.close()


def test_switching_language_rewords_the_whole_page_at_once(
    server: ServerThread, browser: Any
) -> None:
    table_id, tokens = new_table(server, "king", ["human"] + ["bot:random"] * 3)
    tab = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}")
    my_turn(tab)
    tab.page.click("#hint")
    tab.wait("!document.getElementById('hint-line').classList.contains('hidden')", 20)
    tab.page.click(".langs button[data-lang=ru]")
    assert tab.page.inner_text("#prompt") == "Ваш ход"
    assert tab.page.inner_text(".bar .brand") == "Колода"
    assert tab.page.inner_text("#hint-line").startswith("Средний бот сыграл бы:")
    hidden = tab.value(
        "[...document.querySelectorAll('[aria-label]')].map((n) => n.getAttribute('aria-label'))"
    )
    assert not {"details", "log", "tools"} & set(hidden), hidden
    assert not english_left(tab.page.inner_text("body"))
    tab.page.click("#show-last")
    assert tab.page.inner_text("#overlay #close") == "Закрыть"
    tab.close()


LAYOUT = """(() => {
  const hand = document.getElementById('hand').getBoundingClientRect();
  const board = document.getElementById('board').getBoundingClientRect();
  const cut = [...document.querySelectorAll('#board-body table')]
    .filter((t) => t.scrollWidth > t.clientWidth + 1 || t.getBoundingClientRect().right > board.right + 1)
    .map((t) => t.querySelector('caption, th').textContent);
  const cards = [...document.querySelectorAll('#hand .card')];
  const steps = cards.slice(1).filter((c, i) => c.parentElement === cards[i].parentElement)
    .map((c, i) => c.getBoundingClientRect().left - c.previousElementSibling.getBoundingClientRect().left);
  return {
    strip: Math.min(...steps.filter((x) => x > 0)),
    handTop: hand.top, handBottom: hand.bottom, height: innerHeight,
    pageScrolls: document.scrollingElement.scrollHeight > innerHeight + 1,
    cut, tables: document.querySelectorAll('#board-body table').length,
  };
})()"""
"""Where the hand is, whether the page scrolls, and the scoreboard's tables that are cut."""


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize(
    ("game", "options", "lang", "sections"),
    [("tressette", {}, "ru", 2), ("king", {"variant": "order"}, "en", 1)],
    ids=["tressette-ru", "king-order-en"],
)
def test_the_hand_is_in_view_and_the_scoreboard_whole(
    server: ServerThread,
    browser: Any,
    game: str,
    options: dict[str, Any],
    lang: str,
    sections: int,
    size: tuple[int, int],
) -> None:
    """Russian Tressette's tall scoreboard and King's order table of eight games: the hand
    stays in the window without scrolling, the side panel scrolls, no table is cut."""
    table_id, tokens = new_table(server, game, ["human"] + ["bot:random"] * 3, options)
    tab = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}", size, lang=lang)
    tab.wait(f"document.querySelectorAll('#board-body table.sheet-section').length >= {sections}")
    my_turn(tab)
    seen = tab.value(LAYOUT)
    assert 0 <= seen["handTop"] and seen["handBottom"] <= seen["height"], seen
    assert not seen["pageScrolls"], seen
    assert seen["tables"] >= sections + 1 and not seen["cut"], seen
    assert 44 <= seen["strip"] < 200, seen  # a finger's width of every overlapped card to tap
    tab.close()
