"""The lobby in a real headless Chromium (Debian's), driven by Playwright: presets, the options
that apply, the Russian page, "My tables", "Play now" and joining an open table."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import pytest
from browser_support import needs_chromium, page_errors, shots_dir, wait_until
from server_support import Client, ServerThread, facts, serving

from koloda.i18n import catalogue_json

DESKTOP = (1200, 900)
PHONE = (390, 844)

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def lobby_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    yield from serving(tmp_path_factory, "lobby", bot_delay=0.02)


class Lobby:
    """A browser context on the lobby page, with its script errors kept."""

    def __init__(self, browser: Any, server: ServerThread, size: tuple[int, int] = DESKTOP):
        self.server = server
        self.size = size
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        self.page = self.context.new_page()
        self.errors = page_errors(self.page)

    def open(self, query: str = "") -> Any:
        self.page.goto(self.server.url + "/" + query)
        self.page.wait_for_selector("#seat-0")
        self.page.wait_for_selector("#presets input")
        return self.page

    def name(self, name: str) -> None:
        self.page.fill("#name", name)

    def fits(self) -> None:
        wide = self.page.evaluate("document.documentElement.scrollWidth")
        assert wide <= self.size[0], f"the lobby scrolls sideways: {wide} px in {self.size[0]}"

    def close(self) -> None:
        assert not self.errors, self.errors
        self.context.close()


def seat_of(url: str) -> tuple[str, str]:
    """The table and token of a seat's link ``/t/<table>?token=<token>``."""
    parsed = urlparse(url)
    match = re.fullmatch(r"/t/([^/]+)", parsed.path)
    assert match, url
    return match.group(1), parse_qs(parsed.query)["token"][0]


def shown_options(page: Any) -> list[str]:
    return [n.get_attribute("data-option") for n in page.locator("#options [data-option]").all()]


def test_a_preset_makes_its_table_and_invites_a_friend(
    lobby_server: ServerThread, browser: Any, tmp_path: Path
) -> None:
    lobby = Lobby(browser, lobby_server)
    page = lobby.open()
    assert page.is_checked("#preset-king_classic")  # the most played game first
    assert page.is_hidden("#rules-box")  # a preset hides the rules it chose
    lobby.name("Анна")
    page.check("#preset-king_three")
    wait_until(page, "document.querySelectorAll('#seats select').length === 3")
    page.check("#preset-king_order")
    wait_until(page, "document.querySelectorAll('#seats select').length === 4")
    page.select_option("#seat-1", "open")
    assert page.inner_text("#seat-1-help").startswith("For a friend")
    page.select_option("#seat-2", "bot:hard")
    page.select_option("#seat-3", "bot:easy")
    page.check("#public")
    page.select_option("#clock", "30")
    page.uncheck("#hints")
    page.click("#start")
    page.wait_for_selector("#links li[data-seat='1'] input")
    page.screenshot(path=str(shots_dir(tmp_path) / "lobby-invites.png"), full_page=True)
    assert page.inner_text("#invites-what") == "King with ordering"
    settings = "public table · 30 seconds a move · no hints · players' randomness in the shuffle"
    assert page.inner_text("#invites-settings") == settings
    table_id, token = seat_of(page.get_attribute("#links .play-link", "href") or "")
    made = facts(lobby_server, table_id)
    assert made["game"] == "king" and made["options"] == {"variant": "order"}
    assert [s["kind"] for s in made["seats"]] == ["human", "human", "bot:hard", "bot:easy"]
    assert [s["state"] for s in made["seats"]] == ["taken", "open", "bot", "bot"]
    assert made["seats"][0]["name"] == "Анна" and made["public"]
    view = httpx.get(f"{lobby_server.url}/api/tables/{table_id}/view?token={token}").json()
    assert view["seat"] == 0 and view["table"]["hints"] is False
    assert view["table"]["entropy"] == {"given": [], "pending": [0, 1]}  # no cards before it

    # the friend opens the open seat's link, gives his name and sits down
    invitation = page.input_value("#links li[data-seat='1'] input")
    assert invitation.endswith(f"/?join={table_id}&seat=1")
    friend = Lobby(browser, lobby_server, PHONE)
    invited = friend.open(invitation.removeprefix(lobby_server.url + "/"))
    invited.wait_for_selector("#invited:not(.hidden) .chip.mine")
    assert "King with ordering" in invited.inner_text("#invited-what")
    friend.fits()
    invited.screenshot(path=str(shots_dir(tmp_path) / "lobby-invited-phone.png"))
    invited.click("#invited-join")
    assert invited.inner_text("#invited-problem") == "Type your name first."
    assert invited.evaluate("document.activeElement.id") == "invited-name"
    invited.keyboard.type("Борис")
    invited.click("#invited-join")
    invited.wait_for_url(re.compile(r"/t/"))
    assert seat_of(invited.url)[0] == table_id
    seats = facts(lobby_server, table_id)["seats"]
    assert seats[1]["state"] == "taken" and seats[1]["name"] == "Борис"
    friend.close()
    lobby.close()


def test_only_the_options_that_apply_are_shown(
    lobby_server: ServerThread, browser: Any, tmp_path: Path
) -> None:
    lobby = Lobby(browser, lobby_server, PHONE)
    page = lobby.open()
    page.check("#preset-custom")
    page.wait_for_selector("#opt-variant")
    # rule: K-11 (the program's order only in the classic game)
    assert shown_options(page) == [
        "variant",
        "negative_order",
        "king_forced_on_heart_lead",
        "stop_when_decided",
    ]
    page.select_option("#opt-variant", "order")
    page.wait_for_selector("#opt-order_scope")
    # rule: K-24
    assert shown_options(page) == [
        "variant",
        "king_forced_on_heart_lead",
        "stop_when_decided",
        "positive_orders_per_player",
        "order_scope",
    ]
    labels = [o.inner_text() for o in page.locator("#opt-order_scope option").all()]
    assert labels == ["a row for each player", "one table shared by all"]
    assert page.inner_text("[data-option=order_scope] .rule") == "rule K-24"
    page.select_option("#opt-variant", "three")
    page.wait_for_selector("#opt-three_player_balance")
    # rule: K-27
    assert "three_player_balance" in shown_options(page)
    wait_until(page, "document.querySelectorAll('#seats select').length === 3")
    lobby.fits()
    page.screenshot(path=str(shots_dir(tmp_path) / "lobby-king-three-phone.png"), full_page=True)
    page.select_option("#opt-variant", "classic")
    page.wait_for_selector("#opt-negative_order")
    page.click("#opt-negative_order li:first-child button.down")  # tricks after jacks now
    assert page.locator("#opt-negative_order li").first.get_attribute("data-item") == "no_jacks"
    assert page.is_checked("#preset-custom")
    page.select_option("#game", "hundred_one")
    page.wait_for_selector("#opt-players")
    assert "three_player_balance" not in shown_options(page)
    page.select_option("#opt-players", "3")
    wait_until(page, "document.querySelectorAll('#seats select').length === 3")
    assert page.inner_text("#opt-draw_six option[value='0']") == "no card"
    assert page.inner_text("#opt-draw_six option[value='2']") == "2 cards"
    page.select_option("#seat-1", "bot:random")
    page.select_option("#seat-2", "bot:random")
    page.click("#start")
    page.wait_for_selector("#links .play-link")
    table_id, _ = seat_of(page.get_attribute("#links .play-link", "href") or "")
    made = facts(lobby_server, table_id)
    assert made["game"] == "hundred_one" and made["num_seats"] == 3
    assert made["options"] == {"players": 3}
    lobby.close()


def visible_words(page: Any) -> str:
    text: str = page.inner_text("main")  # the header (brand, EN/RU) is the base page's
    for select in page.locator("select").all():  # a closed select shows one option only
        text += "\n" + "\n".join(o.inner_text() for o in select.locator("option").all())
    return text


def test_the_russian_lobby_has_no_english_left(
    lobby_server: ServerThread, browser: Any, tmp_path: Path
) -> None:
    english = {
        text
        for key, text in catalogue_json("en").items()
        if isinstance(text, str)
        and key.startswith(("lobby.", "game.", "help.", "contract."))
        and len(text) > 3
        and text != catalogue_json("ru").get(key)
    }
    httpx.post(  # an open table to list, with a free seat
        f"{lobby_server.url}/api/tables",
        json={
            "game": "tressette",
            "seats": ["human", "open", "bot:normal", "bot:hard"],
            "names": ["Вера", None, None, None],
            "public": True,
        },
    ).raise_for_status()
    lobby = Lobby(browser, lobby_server, PHONE)
    page = lobby.open()
    page.click("[data-lang=ru]")
    lobby.name("Ваня")
    page.wait_for_selector("#open-tables li")
    seen = [visible_words(page)]
    page.check("#preset-custom")
    for game, variants in [("king", ["classic", "order", "three"]), ("spades", [""])]:
        page.select_option("#game", game)
        for variant in variants:
            if variant:
                page.select_option("#opt-variant", variant)
            seen.append(visible_words(page))
    for game in ("hundred_one", "tressette"):
        page.select_option("#game", game)
        seen.append(visible_words(page))
    page.screenshot(path=str(shots_dir(tmp_path) / "lobby-ru-tressette-phone.png"), full_page=True)
    page.select_option("#seat-1", "open")
    page.click("#start")
    page.wait_for_selector("#links li[data-seat='1']")
    page.wait_for_selector("#my-tables li .status:not(:empty)")
    seen.append(visible_words(page))
    lobby.fits()
    page.screenshot(path=str(shots_dir(tmp_path) / "lobby-ru-invites-phone.png"), full_page=True)
    text = "\n".join(seen)
    left = sorted(e for e in english if e in text)
    assert not left, f"English on the Russian page: {left}"
    latin = set(re.findall(r"[A-Za-z][A-Za-z_]+", re.sub(r"https?://\S+", "", text)))
    assert not latin, f"Latin words on the Russian page: {sorted(latin)}"
    assert "правило K-24" in text and "2 карты" in text  # rule IDs in details, plurals
    assert page.evaluate("document.title") == "Колода — карточный зал"
    page.click("[data-lang=en]")  # the switch re-renders what the script wrote
    assert page.inner_text("#invites-what").startswith("Tressette")
    assert page.inner_text("#seat-0-help") == "You play this seat."
    lobby.close()


def test_my_tables_take_you_back_after_a_reload(
    lobby_server: ServerThread, browser: Any, tmp_path: Path
) -> None:
    lobby = Lobby(browser, lobby_server)
    page = lobby.open()
    lobby.name("Гриша")
    page.check("#preset-spades")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-{seat}", "bot:random")
    page.click("#start")
    page.wait_for_selector("#links .play-link")
    table_id, token = seat_of(page.get_attribute("#links .play-link", "href") or "")
    # a finished game (its one seat for a person played out over the WebSocket) ...
    over = httpx.post(
        f"{lobby_server.url}/api/tables",
        json={
            "game": "spades",
            "options": {"max_deals": 1},
            "seats": ["human", *["bot:random"] * 3],
        },
    ).json()
    player = Client(lobby_server.ws_url, over["table_id"], over["seats"][0]["token"], seed=1)
    player.start()
    player.join(timeout=60)
    assert player.finished, player.error
    page.evaluate(  # ... and a table this server never had, as a browser might remember them
        f"""localStorage.setItem("koloda.tables", JSON.stringify([
            ...JSON.parse(localStorage.getItem("koloda.tables")),
            {{id: "{over["table_id"]}", game: "spades", options: {{max_deals: 1}}, seat: 0,
              token: "{over["seats"][0]["token"]}", when: Date.now()}},
            {{id: "gone", game: "king", options: {{}}, seat: 2, token: "x", when: 0}}]))"""
    )
    page.reload()
    page.wait_for_selector(f"#my-tables li[data-table='{table_id}'] a")
    assert page.input_value("#name") == "Гриша"  # the name is remembered too
    wait_until(page, "!document.querySelector('#my-tables li[data-table=gone].checking')")
    gone = page.locator("#my-tables li[data-table='gone']")
    assert "not on this server any more" in gone.inner_text() and gone.locator("a").count() == 0
    finished = page.locator(f"#my-tables li[data-table='{over['table_id']}']")
    assert "game over" in finished.inner_text()
    assert finished.locator("a").all_inner_texts() == ["See the result", "Replay"]
    assert finished.locator("a.replay").get_attribute("href") == f"/replay/{over['table_id']}"
    assert "Spades (custom rules)" in finished.inner_text()
    mine = page.locator(f"#my-tables li[data-table='{table_id}']")
    assert "Spades" in mine.inner_text() and "seat 1" in mine.inner_text()
    page.screenshot(path=str(shots_dir(tmp_path) / "lobby-my-tables.png"), full_page=True)
    gone.locator("button.remove").click()
    assert page.locator("#my-tables li").count() == 2
    assert mine.locator("a.replay").count() == 0  # a game not over has no replay yet
    mine.locator("a").click()
    page.wait_for_url(re.compile(r"/t/"))
    assert seat_of(page.url) == (table_id, token)
    page.goto(lobby_server.url + "/")  # the finished game's rematch: same seats and rules
    finished.locator("button.rematch").click()
    page.wait_for_url(re.compile(r"/t/"))
    again, _ = seat_of(page.url)
    assert facts(lobby_server, over["table_id"])["rematch"] == again
    made = facts(lobby_server, again)
    assert made["options"] == {"max_deals": 1} and made["seats"][0]["state"] == "taken"
    lobby.close()


def test_play_now_seats_two_browsers_at_one_table(lobby_server: ServerThread, browser: Any) -> None:
    places = []
    for name in ("Аня", "Петя"):
        lobby = Lobby(browser, lobby_server, PHONE)
        page = lobby.open()
        lobby.name(name)
        page.check("#preset-spades_nil")
        page.click("#play-now")
        page.wait_for_url(re.compile(r"/t/"))
        places.append(seat_of(page.url))
        page.goto(lobby_server.url + "/")
        page.wait_for_selector("#my-tables li a")
        assert page.locator("#my-tables li").count() == 1
        lobby.close()
    (first, first_token), (second, second_token) = places
    assert first == second and first_token != second_token
    made = facts(lobby_server, first)
    assert made["game"] == "spades" and made["public"] and made["options"] == {}
    assert made["seats"][0]["name"] == "Аня"
    assert made["seats"][1]["state"] in ("taken", "bot")  # taken now, or at the next deal


def test_joining_from_the_open_tables(lobby_server: ServerThread, browser: Any) -> None:
    created = httpx.post(
        f"{lobby_server.url}/api/tables",
        json={
            "game": "hundred_one",
            "options": {"players": 3, "draw_six": 2},
            "seats": ["human", "open", "bot:normal"],
            "names": ["Дина", None, None],
            "public": True,
        },
    ).json()
    table_id = created["table_id"]
    lobby = Lobby(browser, lobby_server, PHONE)
    page = lobby.open()
    row = page.locator(f"#open-tables li[data-table='{table_id}']")
    row.wait_for()
    assert "101 (custom rules)" in row.inner_text() and "1 free seat" in row.inner_text()
    row.locator("button.join").click()
    assert page.inner_text("#open-problem") == "Type your name above first, then join."
    assert page.evaluate("document.activeElement.id") == "name"
    page.keyboard.type("Эля")
    row.locator("button.join").click()
    page.wait_for_url(re.compile(r"/t/"))
    table, _ = seat_of(page.url)
    assert table == table_id
    seats = facts(lobby_server, table_id)["seats"]
    assert seats[1] == {"seat": 1, "kind": "human", "name": "Эля", "state": "taken"}
    page.goto(lobby_server.url + "/")
    page.wait_for_selector(f"#my-tables li[data-table='{table_id}'] a")
    assert page.locator(f"#open-tables li[data-table='{table_id}']").count() == 0
    lobby.close()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_lobby_fits_and_is_pictured(
    lobby_server: ServerThread, browser: Any, tmp_path: Path, size: tuple[int, int], lang: str
) -> None:
    lobby = Lobby(browser, lobby_server, size)
    page = lobby.open()
    page.click(f"[data-lang={lang}]")
    shots = shots_dir(tmp_path)
    tag = f"{lang}-{size[0]}x{size[1]}"
    lobby.fits()
    page.screenshot(path=str(shots / f"lobby-{tag}.png"), full_page=True)
    page.focus("#preset-king_classic")  # the presets are a radio group: arrows choose
    page.keyboard.press("ArrowDown")
    assert page.is_checked("#preset-king_order")
    wait_until(page, "document.activeElement.id === 'preset-king_order'")
    page.check("#preset-custom")
    page.select_option("#opt-variant", "order")
    lobby.fits()
    page.screenshot(path=str(shots / f"lobby-custom-{tag}.png"), full_page=True)
    # every control has a name a screen reader can say
    unnamed = page.evaluate(
        """[...document.querySelectorAll('#create input, #create select, #create button')]
            .filter((c) => !(c.labels && c.labels.length) && !c.getAttribute('aria-label')
                           && !c.textContent.trim()).map((c) => c.id || c.outerHTML)"""
    )
    assert not unnamed, unnamed
    lobby.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_lobby_passes_an_accessibility_audit(
    lobby_server: ServerThread, browser: Any, lang: str
) -> None:
    axe = pytest.importorskip("axe_playwright_python.sync_playwright")
    lobby = Lobby(browser, lobby_server, PHONE)
    page = lobby.open()
    page.click(f"[data-lang={lang}]")
    page.check("#preset-custom")
    page.select_option("#seat-1", "open")
    page.click("#start")
    page.wait_for_selector("#links li[data-seat='1']")
    page.wait_for_selector("#my-tables li .status:not(:empty)")
    found = axe.Axe().run(page).response["violations"]
    page.goto(f"{lobby_server.url}/?join=nowhere&seat=1")  # an invitation to no table
    page.wait_for_selector("#invited-problem:not(:empty)")
    found += axe.Axe().run(page).response["violations"]
    bad = [(v["id"], v["help"]) for v in found if v["impact"] in ("serious", "critical")]
    assert not bad, bad
    lobby.close()


def test_the_bots_show_their_ratings_in_a_rated_preset(
    lobby_server: ServerThread, browser: Any
) -> None:
    """In a rated preset each bot level is labelled with its rating from the bot ladder
    ("Hard (1747)"); in a preset that is not rated, or with rules of one's own, with none."""
    games = httpx.get(f"{lobby_server.url}/api/games").json()
    king = next(g for g in games if g["game"] == "king")
    rated = king["bot_ratings"]["king_classic"]
    assert "king_three" not in king["bot_ratings"]
    lobby = Lobby(browser, lobby_server)
    page = lobby.open()
    assert page.is_checked("#preset-king_classic")
    label = "document.querySelector('#seat-1 option[value=\"bot:hard\"]').textContent"
    hard = rated["hard"]
    shown = f"({hard['display']}{'?' if hard['provisional'] else ''})"
    assert page.evaluate(label).endswith(" " + shown)
    page.check("#preset-king_three")
    wait_until(page, "document.querySelectorAll('#seats select').length === 3")
    assert "(" not in page.evaluate(label)
    page.check("#preset-king_classic")
    wait_until(page, "document.querySelectorAll('#seats select').length === 4")
    assert page.evaluate(label).endswith(" " + shown)
    lobby.close()
