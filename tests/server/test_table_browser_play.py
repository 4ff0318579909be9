"""The card room as a player sees it, in Debian's Chromium: the turn ends on the screen the
moment you act, a language switch rewords the whole page at once, and the hand stays in view
at desktop and phone sizes while the side panels scroll and their tables are not cut."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from browser_support import english_left, needs_chromium
from server_support import ServerThread, serving
from test_table_browser import NUMBER_BID, PHONE, Page, new_table

DESKTOP = (1280, 800)

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    yield from serving(tmp_path_factory, "play", bot_delay=0.01, deal_pause=2)


def my_turn(tab: Page) -> None:
    tab.wait("latest.view.legal_actions.length > 0 && !presenting", 20)


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
    .filter((t) => t.scrollWidth > t.clientWidth + 1
      || t.getBoundingClientRect().right > board.right + 1)
    .map((t) => t.querySelector('caption, th').textContent);
  const cards = [...document.querySelectorAll('#hand .card')];
  const steps = cards.slice(1).filter((c, i) => c.parentElement === cards[i].parentElement)
    .map((c) => c.getBoundingClientRect().left
      - c.previousElementSibling.getBoundingClientRect().left);
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
    [("tressette", {}, "ru", 1), ("king", {"variant": "order"}, "en", 1)],
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
    is in the window as the page opens, no table is cut. On a computer the page does not
    scroll (the side panel does); on a phone the scoreboard and the tools follow below the
    hand, and the page scrolls to them."""
    table_id, tokens = new_table(server, game, ["human"] + ["bot:random"] * 3, options)
    tab = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}", size, lang=lang)
    tab.wait(f"document.querySelectorAll('#board-body table.sheet-section').length >= {sections}")
    my_turn(tab)
    seen = tab.value(LAYOUT)
    assert seen["handTop"] >= 0 and seen["handBottom"] <= seen["height"], seen
    assert not seen["pageScrolls"] or size == PHONE, seen
    assert seen["tables"] >= sections + 1 and not seen["cut"], seen
    assert 44 <= seen["strip"] < 200, seen  # a finger's width of every overlapped card to tap
    tab.close()


SUMMARY_ROW = """(() => {
  const row = document.querySelector('#summary-body > table.score tbody tr').children;
  const heads = [...document.querySelectorAll('#summary-body > table.score thead th')];
  return Object.fromEntries(heads.map((h, i) => [h.textContent, row[i].textContent]));
})()"""
"""The summary's first row (your side) by its column's heading."""


def test_tressettes_summary_and_the_next_deal_after_the_pause(
    server: ServerThread, browser: Any
) -> None:
    """The summary shows the points toward 21 the deal brought (not only the games' value,
    still 0); when the pause between deals is over the summary closes by itself, so the next
    deal is never played behind it."""
    table_id, tokens = new_table(server, "tressette", ["human"] + ["bot:random"] * 3)
    tab = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}")
    tab.play_deal()
    row = tab.value(SUMMARY_ROW)
    sheet = httpx.get(f"{server.url}/api/tables/{table_id}/sheet").json()
    points = sheet["deals"][0].get("scores") or sheet["deals"][0].get("points")
    assert row["This deal"] == (f"+{points[0]}" if points[0] > 0 else str(points[0])), row
    after = sheet["sheet"]["sections"][0]["rows"][0][-1]["params"]  # "7 : 9" after the deal
    assert row["Points (to 21)"] == str(after["a"]), (row, after)
    tab.wait(
        "latest.view.deal >= 1 && document.getElementById('summary').classList.contains('hidden')",
        20,
    )
    tab.close()


def test_a_game_over_with_two_people(server: ServerThread, browser: Any) -> None:
    """Spades of one deal: no "Nil ✓" before the tricks are played; the game-over sheet keeps
    the last deal's breakdown; the second player joins the rematch from that sheet."""
    table_id, tokens = new_table(
        server, "spades", ["human", "bot:random", "human", "bot:random"], {"max_deals": 1}
    )
    anna = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}")
    boris = Page(browser, f"{server.url}/t/{table_id}?token={tokens[2]}", PHONE)
    deadline = time.monotonic() + 120
    nil_seen = False
    while not (anna.summary_open() and boris.summary_open()):
        assert time.monotonic() < deadline, "the game did not end"
        moved = anna.step() or boris.step(prefer=NUMBER_BID)
        if anna.value("latest.view.bids[0] === 'nil' && latest.view.tricks_won[0] === 0"):
            nil_seen = True
            assert "✓" not in anna.page.inner_text("#board-body")
        if not moved:
            anna.page.wait_for_timeout(30)
    assert nil_seen  # Anna's first bid button is nil
    for tab in (anna, boris):
        tab.wait("latest.view.finished && document.getElementById('rematch') !== null", 20)
        sheet = tab.page.inner_text("#summary-body")
        assert "Game over" in sheet and "Deal 1 is over" in sheet, sheet
        assert tab.value(SUMMARY_ROW)["This deal"]
    anna.page.click("#rematch")
    anna.page.wait_for_url(lambda url: table_id not in url, timeout=20_000)
    boris.wait("document.getElementById('summary-join-rematch') !== null", 20)
    boris.page.click("#summary-join-rematch")  # on the sheet, not behind it
    boris.page.wait_for_url(lambda url: table_id not in url, timeout=20_000)
    boris.wait("latest !== null && latest.seat === 2", 20)
    assert boris.value("latest.view.finished") is False
    for tab in (anna, boris):
        tab.close()


def test_king_names_who_is_to_choose_until_the_game_is_chosen(
    server: ServerThread, browser: Any
) -> None:
    table_id, tokens = new_table(
        server, "king", ["human"] + ["bot:random"] * 3, {"variant": "order"}
    )
    tab = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}")
    banner = tab.value(
        "renderBanner({ ...latest.view, contract: null, declarer: 0 }),"
        " document.getElementById('banner').textContent"
    )
    assert banner == "To choose: Seat 1", banner
    tab.close()


FOCUSED_FIRST = (
    "document.activeElement === document.querySelector('#hand button.card:not([disabled])')"
)


def test_keyboard_focus_each_turn_and_the_tab_says_whose_turn(
    server: ServerThread, browser: Any
) -> None:
    """Every turn the focus is on the first legal card; an arrow key's move survives the hand
    being drawn again; the tab's title and icon say it is your turn, until you play."""
    table_id, tokens = new_table(server, "king", ["human"] + ["bot:random"] * 3)
    tab = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}")
    moved_once = False
    for _ in range(5):
        my_turn(tab)
        assert tab.value(FOCUSED_FIRST), tab.value("document.activeElement.outerHTML")
        assert tab.page.title().startswith("Your turn · King")
        assert tab.value("document.querySelector('link[rel=icon]').dataset.turn") == "true"
        if tab.value("latest.view.legal_actions.length") > 1:
            tab.page.keyboard.press("ArrowRight")
            moved = tab.value("document.activeElement.dataset.card")
            tab.value("renderMine(latest.view)")  # the hand drawn again (a hint, a message)
            assert tab.value("document.activeElement.dataset.card") == moved
            moved_once = True
        version = tab.value("latest.version")
        title, icon = tab.value(  # play the focused card (as Enter does), look at once
            "document.activeElement.click(),"
            " [document.title, document.querySelector('link[rel=icon]').dataset.turn]"
        )
        assert not title.startswith("Your turn") and icon == "false", (title, icon)
        tab.wait(f"latest.version > {version}", 20)
    assert moved_once
    tab.close()


def test_a_spectator_sees_the_clock_and_the_deal_so_far(server: ServerThread, browser: Any) -> None:
    """Someone who arrives during a turn sees the time really left on its clock (not 0) and
    the log of the deal so far; the clock and the faces of table talk are drawn, not taken
    from the system's fonts."""
    answer = httpx.post(
        f"{server.url}/api/tables",
        json={"game": "king", "seats": ["human"] + ["bot:random"] * 3, "turn_seconds": 600},
    )
    table_id, token = answer.json()["table_id"], answer.json()["seats"][0]["token"]
    anna = Page(browser, f"{server.url}/t/{table_id}?token={token}")
    my_turn(anna)
    anna.step()
    my_turn(anna)
    watcher = Page(browser, f"{server.url}/t/{table_id}")
    watcher.wait("!presenting && document.querySelector('[data-clock] .left') !== null", 10)
    left = int(watcher.page.inner_text("[data-clock] .left"))
    assert 0 < left <= 600, left
    log = "[...document.querySelectorAll('#log li')].map((li) => li.textContent)"
    seen, hers = watcher.value(log), anna.value(log)  # "You play J♥" is "Seat 1 plays J♥"
    assert len(seen) == len(hers) >= 5 and seen[1:4] == hers[1:4], (seen, hers)
    assert watcher.page.locator("[data-clock] svg").count() == 1
    anna.page.click("#talk summary")
    assert anna.page.locator("#phrases button svg[role=img]").count() == 4
    bubbles = "#seats .seat[data-seat='0'] .bubble"
    said = f'[...document.querySelectorAll("{bubbles}")].map((b) => b.textContent)'
    anna.page.click("[data-phrase=good_luck]")
    watcher.wait(f"{said}.includes('Good luck!')")
    deadline = time.monotonic() + 10
    while "Thanks!" not in watcher.value(said):  # the table takes one phrase a second
        assert time.monotonic() < deadline
        anna.page.click("[data-phrase=thanks]")
        watcher.page.wait_for_timeout(200)
    assert watcher.value(said) == ["Thanks!"]  # the newer bubble took the older's place
    for tab in (anna, watcher):
        text = tab.page.inner_text("body")
        assert not any(c in text for c in "⏱🙂👍😮😢"), text
        tab.close()


PENALTY = {"6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 2, "Q": 43, "K": 4, "A": 11}
"""101's points for a card left in hand (H-13; a queen 3 and 40 more, H-15's default)."""
LEFT_AND_SCORED = """(() => {
  const heads = [...document.querySelectorAll('#summary-body > table.score thead th')]
    .map((h) => h.textContent);
  const left = heads.indexOf('Cards left'), deal = heads.indexOf('This deal');
  return [...document.querySelectorAll('#summary-body > table.score tbody tr')].map((r) => [
    [...r.children[left].querySelectorAll('[data-card]')].map((c) => c.dataset.card),
    r.children[deal].textContent]);
})()"""


def test_101s_summary_shows_the_cards_that_scored(server: ServerThread, browser: Any) -> None:
    table_id, tokens = new_table(
        server, "hundred_one", ["human", "bot:random", "bot:random"], {"players": 3}
    )
    tab = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}")
    tab.play_deal()
    rows = tab.value(LEFT_AND_SCORED)
    assert len(rows) == 3 and sum(1 for cards, _ in rows if not cards) == 1, rows
    for cards, points in rows:
        if cards:  # the cards left make the deal's points
            assert int(points) == sum(PENALTY[card[:-1]] for card in cards), rows
    tab.close()
