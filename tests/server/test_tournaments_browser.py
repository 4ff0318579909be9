"""The tournaments' pages in Chromium: a guest makes a Swiss tournament of one round and one
deal from the form, a second player enters over the API, a third enters from the page and
withdraws, the maker starts it and follows
"Open my table" to play the deal by clicking (the second player's seat played over a
WebSocket, the third by the bot), then sees the finished standings and the table's replay and
record. The list and the tournament's page are looked at in English and Russian, at desktop
and phone sizes: nothing runs off the screen and no English word is left in Russian."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_support import english_left, needs_chromium, page_errors, shots_dir, wait_until
from server_support import Client, ServerThread, serving

pytestmark = needs_chromium

DESKTOP = (1280, 800)
PHONE = (390, 844)
SECOND = "second-player-browser-token"
"""The second player's browser token (a guest entering over the API)."""


@pytest.fixture(scope="module")
def tournament_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    yield from serving(tmp_path_factory, "tournaments_browser", bot_delay=0.01, deal_pause=1)


def look(page: Any, shots: Path, name: str, lang: str, size: tuple[int, int]) -> None:
    """The page at ``size`` in ``lang`` (switched by its own button): nothing wider than the
    screen, no English left in Russian, every control named; a screenshot."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.click(f".langs button[data-lang={lang}]")
    wait_until(page, f"document.documentElement.lang === '{lang}'")
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= size[0], f"{name} scrolls sideways in {lang}: {wide} px in {size[0]}"
    unnamed = page.evaluate(
        "[...document.querySelectorAll('main input, main select')]"
        ".filter((c) => c.offsetParent !== null && c.labels.length === 0).map((c) => c.id)"
    )
    assert unnamed == [], unnamed
    if lang == "ru":
        assert english_left(page.inner_text("body")) == []
    page.screenshot(path=str(shots / f"{name}-{lang}-{size[0]}.png"), full_page=True)


def play_the_deal(page: Any, seconds: float = 25) -> None:
    """Click the first legal card (or action) whenever it is this seat's turn, until the
    table ends."""
    deadline = time.monotonic() + seconds
    while not page.evaluate("latest !== null && latest.view.finished"):
        assert time.monotonic() < deadline, "the tournament's deal did not end"
        if page.evaluate("latest !== null && latest.view.legal_actions.length > 0 && !presenting"):
            version = page.evaluate("latest.version")
            target = page.locator(
                "#hand button.card:not([disabled]), #actions button:not([disabled])"
            )
            if target.count():
                target.first.click(position={"x": 6, "y": 16})
                wait_until(page, f"latest.version > {version} || latest.view.finished", 10)
                continue
        page.wait_for_timeout(20)


def test_a_guest_makes_starts_and_plays_a_swiss_tournament(
    tournament_server: ServerThread, browser: Any, tmp_path: Path
) -> None:
    shots = shots_dir(tmp_path)
    base = tournament_server.url
    context = browser.new_context(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    context.add_init_script(
        "localStorage.setItem('koloda.lang', 'en'); localStorage.setItem('koloda.speed', 'instant')"
    )
    page = context.new_page()
    errors = page_errors(page)

    # the lobby leads to the tournaments; the form makes one
    page.goto(base)
    page.click("#tournaments-link")
    page.wait_for_url("**/tournaments")
    wait_until(page, "document.querySelectorAll('#t-preset option').length > 0")
    assert page.inner_text("#t-guest")  # a guest is told his entry is kept by this browser
    page.fill("#t-title-input", "Friday night")
    page.select_option("#t-game", "king")
    page.select_option("#t-preset", "king_three")
    page.fill("#t-rounds-input", "1")
    page.fill("#t-deals", "1")
    page.fill("#t-turn", "30")
    page.click("#t-create")
    assert page.inner_text("#t-make-problem") == "A guest enters with a name."
    page.fill("#t-maker-name", "Anna")
    page.click("#t-create")
    page.wait_for_url("**/tournaments/*")
    tournament = page.url.rsplit("/", 1)[1]
    wait_until(page, "document.querySelectorAll('#t-standings tbody tr').length === 1")
    assert page.inner_text("#t-title") == "Friday night"
    assert "Swiss, 1 round · 1 deal a table · 30 seconds a turn" in page.inner_text("#t-terms")

    # a second player enters over the API; the page shows him at its next look
    joined = httpx.post(
        f"{base}/api/tournaments/{tournament}/join", json={"browser": SECOND, "name": "Boris"}
    )
    assert joined.status_code == 200, joined.text
    wait_until(page, "document.querySelectorAll('#t-standings tbody tr').length === 2", 8)

    # a third visitor, on a phone in Russian, enters from the page and withdraws again
    other = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    other.add_init_script("localStorage.setItem('koloda.lang', 'ru')")
    vera = other.new_page()
    vera_errors = page_errors(vera)
    vera.goto(f"{base}/tournaments/{tournament}")
    wait_until(vera, "document.getElementById('t-join') !== null")
    vera.fill("#t-name", "Вера")
    vera.click("#t-join")
    wait_until(vera, "document.getElementById('t-withdraw') !== null")
    assert vera.inner_text("#status") == "Вы в турнире."
    assert vera.is_hidden("#t-name")
    vera.click("#t-withdraw")
    wait_until(vera, "document.querySelector('#t-standings .t-out') !== null")
    assert vera.inner_text("#t-mine-line").startswith("Вы снялись с турнира")
    assert vera.locator("#t-actions button").count() == 0
    vera.screenshot(path=str(shots / "tournament-withdrawn-ru-390.png"), full_page=True)
    assert vera_errors == []
    other.close()
    wait_until(page, "document.querySelectorAll('#t-standings tr.withdrawn').length === 1", 8)
    page.uncheck("#t-auto-go")  # the maker follows the link himself
    for lang, size in (("en", DESKTOP), ("ru", PHONE)):
        look(page, shots, "tournament-open", lang, size)
    page.click(".langs button[data-lang=en]")
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})

    # the maker starts it: his table is ready, and the second player's seat is played
    page.click("#t-start")
    wait_until(page, "!document.getElementById('t-table').classList.contains('hidden')")
    assert "Your table is ready" in page.inner_text("#status")
    second = httpx.get(f"{base}/api/tournaments/{tournament}", params={"browser": SECOND}).json()
    table = second["mine"]["table"]
    boris = Client(tournament_server.ws_url, table["table_id"], table["token"], seed=7)
    boris.start()
    page.click("#t-table-link")
    page.wait_for_url("**/t/**")
    wait_until(page, "latest !== null", 15)
    assert page.inner_text("#tournament-mark") == "Tournament · round 1"
    play_the_deal(page)
    page.screenshot(path=str(shots / "tournament-table-en-1280.png"))
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    switch = "document.querySelector('.langs button[data-lang=%s]').click()"  # under the sheet
    page.evaluate(switch % "ru")
    wait_until(page, "document.getElementById('tournament-mark').textContent === 'Турнир · тур 1'")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
    page.screenshot(path=str(shots / "tournament-table-ru-390.png"))
    page.evaluate(switch % "en")
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    boris.join(timeout=15)
    assert boris.error is None, boris.error

    # the game-over sheet offers no rematch but the way back to the tournament's page, where
    # it is finished with both players ranked on one table
    assert page.locator("#rematch").count() == 0
    page.click("#to-tournament")
    page.wait_for_url(f"**/tournaments/{tournament}")
    wait_until(page, "document.querySelector('#t-when .t-finished') !== null", 10)
    rows = page.locator("#t-standings tbody tr:not(.withdrawn)")
    assert rows.count() == 2
    names = [rows.nth(i).locator("td.name").inner_text() for i in range(2)]
    assert sorted(name.split()[0] for name in names) == ["Anna", "Boris"]
    assert "Anna you" in names  # the reader's own line is marked
    assert all(rows.nth(i).locator("td").nth(4).inner_text() == "1" for i in range(2))
    withdrawn = page.locator("#t-standings tr.withdrawn td.name").inner_text()
    assert withdrawn == "Вера withdrawn"
    card = page.locator(".t-card")
    assert card.count() == 1 and "Bot" in card.inner_text()
    for link in ("Replay", "Record"):
        href = card.get_by_role("link", name=link).get_attribute("href")
        assert httpx.get(f"{base}{href}").status_code == 200, href
    assert page.locator("#t-actions button").count() == 0
    for lang, size in (("en", DESKTOP), ("en", PHONE), ("ru", DESKTOP), ("ru", PHONE)):
        look(page, shots, "tournament-finished", lang, size)

    # the list shows it among the finished, in both languages at both sizes
    page.goto(f"{base}/tournaments")
    wait_until(page, "document.querySelectorAll('#t-group-finished + ul li').length === 1")
    for lang, size in (("en", DESKTOP), ("ru", PHONE), ("ru", DESKTOP), ("en", PHONE)):
        look(page, shots, "tournaments", lang, size)

    # on a phone the lobby keeps its header's links, the tournaments' among them, and the
    # finished table among "My tables", on the screen
    page.goto(base)
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.click(".langs button[data-lang=ru]")
    wait_until(page, "document.documentElement.lang === 'ru'")
    assert page.inner_text("#tournaments-link") == "Турниры"
    page.screenshot(path=str(shots / "lobby-header-ru-390.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
    assert errors == []
    context.close()


def test_an_arena_s_page_takes_its_player_to_his_new_table(
    tournament_server: ServerThread, browser: Any, tmp_path: Path
) -> None:
    shots = shots_dir(tmp_path)
    base = tournament_server.url
    maker = "arena-maker-browser-token"
    made = httpx.post(
        f"{base}/api/tournaments",
        json={
            "title": "Evening arena", "game": "king", "preset": "king_three", "kind": "arena",
            "minutes": 5, "deals": 1, "turn_seconds": 20, "browser": maker, "name": "Anna",
        },
    )  # fmt: skip
    assert made.status_code == 201, made.text
    tournament = made.json()["id"]
    for name in ("Boris", "Vera"):
        joined = httpx.post(
            f"{base}/api/tournaments/{tournament}/join",
            json={"browser": f"arena-{name.lower()}-browser-token", "name": name},
        )
        assert joined.status_code == 200, joined.text
    context = browser.new_context(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    context.add_init_script(  # the maker's own browser: his guest's token is this one
        f"localStorage.setItem('koloda.lang', 'en');"
        f"localStorage.setItem('koloda.daily.browser', '{maker}')"
    )
    page = context.new_page()
    errors = page_errors(page)
    page.goto(f"{base}/tournaments/{tournament}")
    wait_until(page, "document.getElementById('t-start') !== null")
    assert "arena of 5 minutes" in page.inner_text("#t-terms")
    assert page.is_checked("#t-auto-go")  # on unless the player turned it off

    # started elsewhere (over the API): the page's next look finds his table and opens it
    started = httpx.post(f"{base}/api/tournaments/{tournament}/start", json={"browser": maker})
    assert started.status_code == 200, started.text
    table = started.json()["mine"]["table"]
    page.wait_for_url(f"**/t/{table['table_id']}?token=*", timeout=10_000)
    wait_until(page, "latest !== null", 15)
    assert page.inner_text("#tournament-mark") == "Tournament · table 1"

    # back on the page, the table is shown as his (a table seen at the first look is not
    # opened by itself), with the arena's end and its table being played
    page.goto(f"{base}/tournaments/{tournament}")
    wait_until(page, "!document.getElementById('t-table').classList.contains('hidden')")
    assert page.url.endswith(f"/tournaments/{tournament}")
    assert page.inner_text("#t-when").startswith("Playing Ends ")
    card = page.locator(".t-card")
    assert card.count() == 1 and "Table 1 · playing" in card.inner_text()
    assert card.get_by_role("link", name="Watch").get_attribute("href") == f"/t/{table['table_id']}"
    for lang, size in (("en", DESKTOP), ("ru", PHONE)):
        look(page, shots, "arena-playing", lang, size)
    assert page.url.endswith(f"/tournaments/{tournament}")
    assert errors == []
    context.close()
