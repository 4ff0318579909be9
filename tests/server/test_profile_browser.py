"""A player's profile page in a real headless Chromium (Debian's), driven by Playwright: the
page of an account with games played (a rating card with its graph, the results, the games
list), the filters changing the list, the record downloaded from its link, the page in
Russian, a private profile refused to a guest; screenshots on a desktop and a phone in both
languages."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_support import needs_chromium, page_errors, shots_dir, wait_until
from server_support import ServerThread, serving
from test_profile import BOTS, SHORT, Played, finished, sign_up, table, wait_for

from koloda.club.ratings import rated_presets

DESKTOP = (1280, 800)
PHONE = (390, 844)

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    yield from serving(tmp_path_factory, "profile-pages")


@pytest.fixture(scope="module")
def played(server: ServerThread) -> Played:
    """Anna Karenina's tables: two casual Spades of one deal, a rated Spades, a King left
    unfinished (a long name, to see it fit)."""
    anna = sign_up(server, "Anna Karenina")
    casual = [
        table(anna, {"game": "spades", "options": SHORT, "seats": ["human", *BOTS]}, True)
        for _ in range(2)
    ]
    rated = table(
        anna,
        {
            "game": "spades",
            "options": dict(rated_presets("spades")[0].options),
            "seats": ["human", *BOTS],
            "hints": False,
            "turn_seconds": 60,
            "rated": True,
        },
        True,
    )
    unfinished = table(anna, {"game": "king", "options": {}, "seats": ["human", *BOTS]}, False)
    for table_id in (*casual, rated):
        wait_for(lambda table_id=table_id: finished(anna, table_id))
    wait_for(lambda: anna.get(f"/api/ratings/{anna.name}").json()["ratings"], 60)
    changed = anna.client.patch("/api/me", json={"languages": ["ru", "en"]}, headers=anna.csrf)
    assert changed.status_code == 200, changed.text
    return Played(anna, casual, rated, unfinished)


def visit(browser: Any, server: ServerThread, played: Played, size: tuple[int, int]) -> Any:
    """Anna's browser (her session's cookie) on her profile page, its games listed."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    cookie = played.anna.client.cookies["koloda_session"]
    context.add_cookies([{"name": "koloda_session", "value": cookie, "url": server.url}])
    page = context.new_page()
    page.errors = page_errors(page)
    answer = page.goto(f"{server.url}/players/{played.anna.name}")
    assert answer is not None and answer.status == 200
    wait_until(page, "document.querySelectorAll('#games-body tr').length === 4")
    return page


def rows(page: Any) -> list[str]:
    ids: list[str] = page.eval_on_selector_all(
        "#games-body tr", "rows => rows.map((r) => r.dataset.table)"
    )
    return ids


def choose(page: Any, select: str, value: str, count: int) -> list[str]:
    page.select_option(select, value)
    wait_until(
        page,
        f"document.querySelectorAll('#games-body tr').length === {count}"
        " && !document.getElementById('list-status').textContent.includes('…')",
    )
    return rows(page)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_profile_page_of_an_account_with_games(
    browser: Any, server: ServerThread, played: Played, tmp_path: Path, language: str
) -> None:
    anna = played.anna
    page = visit(browser, server, played, DESKTOP)
    if language == "ru":
        page.click("[data-lang=ru]")
        wait_until(page, "document.documentElement.lang === 'ru'")
    api = anna.get(f"/api/players/{anna.name}").json()
    (rating,) = api["ratings"]
    card = page.locator(".card[data-game=spades]")
    shown = card.locator(".rating").get_attribute("data-label")
    assert shown == f"{rating['display']}{'?' if rating['provisional'] else ''}"
    # the graph: one point, said in its title and in a table
    graph = card.locator("svg.graph")
    assert graph.get_attribute("role") == "img"
    assert graph.locator("circle").count() == 1
    assert str(rating["display"]) in graph.locator("desc").text_content()
    assert card.locator(".graph-table tbody tr").count() == 1
    spades = next(g for g in api["games"] if g["game"] == "spades")
    assert card.locator("[data-stat=played] dd").text_content() == str(spades["played"])
    assert card.locator("[data-stat=won] dd").text_content() == str(spades["won"])
    assert page.locator(".card[data-game=king] [data-stat=unfinished] dd").text_content() == "1"
    newest_first = [played.unfinished, played.rated, *reversed(played.casual)]
    assert rows(page) == newest_first
    words = {
        "en": ("Game history", "Unfinished", "Record", "Speaks Russian, English"),
        "ru": ("История игр", "Не окончена", "Запись", "Языки: русский, английский"),
    }[language]
    assert page.locator("#list-title").text_content() == words[0]
    unfinished = page.locator(f"#games-body tr[data-table='{played.unfinished}'] td.result")
    assert unfinished.text_content() == words[1]
    assert page.locator("#games-body a.record").first.text_content() == words[2]
    assert words[3] in page.locator("#profile-facts").text_content()
    assert page.locator("#profile-private").is_visible()  # hers, and not public
    folder = shots_dir(tmp_path)
    page.screenshot(path=str(folder / f"profile-desktop-{language}.png"), full_page=True)
    phone = visit(browser, server, played, PHONE)
    if language == "ru":
        phone.click("[data-lang=ru]")
        wait_until(phone, "document.documentElement.lang === 'ru'")
    phone.screenshot(path=str(folder / f"profile-phone-{language}.png"), full_page=True)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE[0], "the page does not scroll sideways on a phone"
    assert not page.errors and not phone.errors, page.errors + phone.errors
    page.context.close()
    phone.context.close()


def test_the_filters_change_the_list_and_the_record_downloads(
    browser: Any, server: ServerThread, played: Played
) -> None:
    page = visit(browser, server, played, DESKTOP)
    assert choose(page, "#filter-game", "king", 1) == [played.unfinished]
    assert choose(page, "#filter-game", "spades", 3) == [played.rated, *reversed(played.casual)]
    assert choose(page, "#filter-rated", "rated", 1) == [played.rated]
    assert page.locator("#games-body .rated-tag").count() == 1
    assert choose(page, "#filter-rated", "casual", 2) == list(reversed(played.casual))
    assert choose(page, "#filter-result", "unfinished", 0) == []
    assert page.locator("#list-status").text_content() == "No game matches these filters."
    choose(page, "#filter-game", "", 1)
    assert rows(page) == [played.unfinished]
    choose(page, "#filter-result", "", 3)
    choose(page, "#filter-rated", "", 4)
    # the record's link downloads the finished game's record
    link = page.locator(f"#games-body tr[data-table='{played.rated}'] a.record")
    with page.expect_download() as download:
        link.click()
    saved = download.value
    assert saved.suggested_filename == f"koloda-{played.rated}.json"
    record = json.loads(Path(saved.path()).read_text(encoding="utf-8"))
    assert record["finished"] is True and record["game"] == "spades"
    replay = page.locator(f"#games-body tr[data-table='{played.rated}'] a.replay")
    assert replay.get_attribute("href") == f"/replay/{played.rated}"
    assert not page.errors, page.errors
    page.context.close()


def test_a_private_profile_page_is_refused_to_a_guest(
    browser: Any, server: ServerThread, played: Played
) -> None:
    context = browser.new_context(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    page = context.new_page()
    errors = page_errors(page)
    answer = page.goto(f"{server.url}/players/{played.anna.name}")
    assert answer is not None and answer.status == 403
    assert page.locator("h1").text_content() == "This profile is not public"
    answer = page.goto(f"{server.url}/players/nobody-at-all")
    assert answer is not None and answer.status == 404
    assert page.locator("h1").text_content() == "There is no such player"
    assert httpx.get(f"{server.url}/api/players/{played.anna.name}").status_code == 403
    assert not errors, errors
    context.close()


def test_the_lobby_s_account_menu_leads_to_my_profile(
    browser: Any, server: ServerThread, played: Played
) -> None:
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    cookie = played.anna.client.cookies["koloda_session"]
    context.add_cookies([{"name": "koloda_session", "value": cookie, "url": server.url}])
    # this browser signed in before: the lobby asks who it is
    context.add_init_script("localStorage.setItem('koloda.signed_in', '1')")
    page = context.new_page()
    errors = page_errors(page)
    page.goto(server.url + "/")
    page.wait_for_selector("#account-name:visible")
    page.click("#account-name")
    link = page.locator("#account-profile")
    assert link.text_content() == "My profile"
    link.click()
    page.wait_for_url("**/players/**")
    wait_until(page, "document.querySelectorAll('#games-body tr').length === 4")
    assert page.locator("#profile-name").text_content() == played.anna.name
    assert not errors, errors
    context.close()
