"""The player pages at /help: a page per game and per topic in English and Russian, served
from the Markdown shipped in the package (the same files as the site's docs/players), linked
from the lobby and the table in the page's language."""

from __future__ import annotations

import re
from importlib import resources
from typing import Any

import httpx
import pytest
from browser_support import needs_chromium, wait_until
from server_support import ServerThread, create_table

from koloda import available_games
from koloda.i18n import LANGUAGES
from koloda.server.help import PAGES, page_url

PAGE_FILES = resources.files("koloda.server").joinpath("help_pages")


def get(server: ServerThread, path: str, **headers: str) -> httpx.Response:
    return httpx.get(server.url + path, headers=headers, follow_redirects=False)


def links_of(html: str) -> list[str]:
    return re.findall(r'<a [^>]*href="([^"]*)"', html)


def test_every_page_is_in_every_language_and_every_game_has_one() -> None:
    for lang in LANGUAGES:
        files = {p.name.removesuffix(".md") for p in PAGE_FILES.joinpath(lang).iterdir()}
        assert files == set(PAGES), lang
    assert set(available_games()) <= set(PAGES)


def test_the_player_pages_speak_plainly_without_rule_ids() -> None:
    for lang in LANGUAGES:
        for page in PAGES:
            text = PAGE_FILES.joinpath(lang, f"{page}.md").read_text(encoding="utf-8")
            assert not re.findall(r"\b[KSHT]-\d+\b", text), (lang, page)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_is_served_with_its_title_and_every_link_answers(
    server: ServerThread, lang: str
) -> None:
    for page in PAGES:
        answer = get(server, page_url(lang, page))
        assert answer.status_code == 200, (page, answer.text)
        html = answer.text
        assert f'<html lang="{lang}">' in html
        source = PAGE_FILES.joinpath(lang, f"{page}.md").read_text(encoding="utf-8")
        title = source.splitlines()[0].removeprefix("# ")
        assert f"<h1>{title}</h1>" in html, page
        assert 'src="http' not in html and 'rel="stylesheet" href="http' not in html  # offline
        base = httpx.URL(server.url + page_url(lang, page))
        for href in links_of(html):
            if href.startswith("http"):
                continue  # the server's own address, written out in the card room's page
            target = base.join(href)
            assert get(server, target.raw_path.decode()).status_code == 200, (page, href)


def test_a_game_page_says_the_game_in_its_language(server: ServerThread) -> None:
    assert "<h1>King</h1>" in get(server, "/help/en/king").text
    assert "<h1>Кинг</h1>" in get(server, "/help/ru/king").text
    russian = get(server, "/help/ru/hundred_one").text
    assert "Сто одно" in russian and "How to play" not in russian
    assert '<a class="brand" href="/">Колода</a>' in russian
    # the other language's twin of the same page is one click away
    assert 'href="/help/en/hundred_one"' in russian


def test_help_goes_to_the_readers_language(server: ServerThread) -> None:
    ru = get(server, "/help", **{"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.8"})
    assert ru.status_code == 307 and ru.headers["location"] == "/help/ru/"
    en = get(server, "/help", **{"Accept-Language": "de-DE,fr;q=0.5"})
    assert en.headers["location"] == "/help/en/"
    assert get(server, "/help/ru").headers["location"] == "/help/ru/"


@pytest.mark.parametrize("path", ["/help/en/chess", "/help/de/king", "/help/en/KING"])
def test_an_unknown_page_is_a_404_that_lists_the_pages(server: ServerThread, path: str) -> None:
    answer = get(server, path)
    assert answer.status_code == 404
    assert 'href="/help/en/king"' in answer.text


@pytest.mark.parametrize(
    "path", ["/help/en/..%2Fhelp.py", "/help/..%2F..%2Fapp.py", "/help/en/.md"]
)
def test_no_file_but_a_page_is_ever_served(server: ServerThread, path: str) -> None:
    answer = get(server, path)
    assert answer.status_code == 404
    assert "import" not in answer.text


@needs_chromium
def test_the_lobby_and_the_table_link_to_how_to_play_their_game(
    server: ServerThread, browser: Any
) -> None:
    created = create_table(
        server.url, "spades", {}, ["human", "bot:random", "bot:random", "bot:random"]
    )
    token = created["seats"][0]["token"]
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url + "/")
    page.wait_for_selector("#presets input")
    page.select_option("#game", "tressette")
    wait_until(page, "document.getElementById('how-to-play').href.endsWith('/help/en/tressette')")
    assert page.inner_text("#how-to-play") == "How to play Tressette"
    page.click(".langs button[data-lang=ru]")
    wait_until(page, "document.getElementById('how-to-play').href.endsWith('/help/ru/tressette')")
    assert page.inner_text("#how-to-play") == "Как играть в Тресетте"

    page.goto(f"{server.url}/t/{created['table_id']}?token={token}")
    wait_until(page, "document.getElementById('how-to-play').href.endsWith('/help/ru/spades')")
    assert page.inner_text("#how-to-play") == "Как играть в Спейдс (пики)"
    href = page.get_attribute("#how-to-play", "href")
    answer = get(server, href)
    assert answer.status_code == 200 and "<h1>Спейдс</h1>" in answer.text
    assert not errors, errors
    context.close()


@needs_chromium
@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 800)), ("ru", (390, 844))])
def test_the_help_pages_pass_an_accessibility_audit_and_fit_a_phone(
    server: ServerThread, browser: Any, lang: str, size: tuple[int, int]
) -> None:
    axe = pytest.importorskip("axe_playwright_python.sync_playwright")
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    found: list[dict[str, Any]] = []
    for name in ("index", "spades", "terminal"):
        page.goto(server.url + page_url(lang, name))
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= size[0], f"{name} scrolls sideways: {wide} px in {size[0]}"
        found += axe.Axe().run(page).response["violations"]
    bad = [(v["id"], v["help"]) for v in found if v["impact"] in ("serious", "critical")]
    assert not bad, bad
    context.close()
