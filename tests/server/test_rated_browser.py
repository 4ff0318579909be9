"""A rated Spades game from the lobby to the leaderboard, in Debian's Chromium: two accounts
signed up by password in two browsers; Anna asks for a rated table (the standard preset, two
bots and one open seat) with the lobby's "Rated game" switch, which keeps the terms on the form;
a guest sees the table marked "Rated" and is told in words why he cannot join; Boris joins it
from the open tables; both play the whole game by clicking; both ratings move, and so does
the bots' level that played, and the leaderboard's page shows the two players with the bots beside
them. Screenshots of the rated form, the rated table and the leaderboard at both sizes in both
languages."""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from browser_support import needs_chromium, page_errors, shots_dir, wait_until
from server_support import ServerThread, serving

from koloda.club.ladder import bot_rating
from koloda.club.ratings import Rating

DESKTOP = (1280, 800)
PHONE = (390, 844)
PASSWORD = "correct horse battery"
KEY = "spades:spades"
NUMBER_BID = "#actions button[data-action^='bid:']:not([data-action$='nil'])"
"""A person bids a number of tricks (a nil of a random player is a sure loss)."""

NEXT_DEAL = """(() => {
  const next = document.getElementById('next-deal');
  const open = !document.getElementById('summary').classList.contains('hidden');
  if (!open || next === null) return false;
  next.click();
  return true;
})()"""
"""Click "Next deal" on a deal's summary when it is open (in one go: the summary closes by
itself when the pause between deals is over)."""

pytestmark = needs_chromium
numbers = itertools.count(1)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    yield from serving(tmp_path_factory, "rated", bot_delay=0.005, deal_pause=1)


class Player:
    """A browser context of one person (at ``localhost``), its pages' script errors kept."""

    def __init__(
        self, browser: Any, server: ServerThread, size: tuple[int, int], shots: Path
    ) -> None:
        self.shots = shots_dir(shots)
        self.base = server.url.replace("127.0.0.1", "localhost")
        self.size = size
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        self.context.add_init_script(
            "localStorage.setItem('koloda.speed', 'instant'); "
            "localStorage.setItem('koloda.sound', '0');"
        )
        self.page = self.context.new_page()
        self.errors = page_errors(self.page)
        self.name = ""

    def lobby(self) -> Any:
        self.page.goto(self.base + "/")
        self.page.wait_for_selector("#seat-0")
        return self.page

    def sign_up(self, stem: str) -> None:
        self.name = f"{stem} {next(numbers)}"
        page = self.page
        page.click("#account-sign-in")
        page.wait_for_selector("#account-dialog[open]")
        page.click("#tab-sign-up")
        page.fill("#account-name-input", self.name)
        if not page.is_visible("#account-password"):
            page.click("#account-password-box summary")
        page.fill("#account-password", PASSWORD)
        page.click("#account-password-go")
        page.wait_for_selector("#account-menu:not(.hidden)")

    def value(self, expression: str) -> Any:
        return self.page.evaluate(expression)

    def wait(self, expression: str, seconds: float = 20) -> None:
        wait_until(self.page, expression, seconds)

    def language(self, lang: str) -> None:
        self.page.click(f".langs button[data-lang={lang}]")

    def shoot(self, name: str) -> None:
        lang = self.value("document.documentElement.lang")
        path = self.shots / f"rated-{name}-{lang}-{self.size[0]}.png"
        self.page.screenshot(path=str(path), full_page=True)
        wide = self.value("document.documentElement.scrollWidth")
        assert wide <= self.size[0], f"{name}: the page scrolls sideways ({wide} px)"

    def api(self, path: str) -> Any:
        return self.value(f"fetch({path!r}).then((r) => r.json())")

    def step(self) -> bool:
        """One decision when it is this seat's turn (or the next deal asked for): True when
        something was clicked."""
        page = self.page
        if self.value(NEXT_DEAL):
            return True
        if not self.value("latest && latest.view.legal_actions.length > 0 && !presenting"):
            return False
        version = self.value("latest.version")
        bids = page.locator(NUMBER_BID)
        target = (
            bids
            if bids.count()
            else page.locator("#hand button.card:not([disabled]), #actions button:not([disabled])")
        )
        if not target.count():
            return False
        target.first.click(position={"x": 6, "y": 16})
        self.wait(f"latest.version > {version} || latest.view.legal_actions.length === 0", 20)
        return True

    def close(self) -> None:
        assert not self.errors, self.errors
        self.context.close()


def test_a_rated_spades_game_from_the_lobby_to_the_leaderboard(
    server: ServerThread, browser: Any, tmp_path: Path
) -> None:
    anna = Player(browser, server, DESKTOP, tmp_path)
    boris = Player(browser, server, PHONE, tmp_path)
    guest = Player(browser, server, PHONE, tmp_path)

    # a guest sees the switch of a rated preset, and why he cannot use it
    page = anna.lobby()
    page.click("#preset-spades")
    assert page.is_visible("#rated-box") and page.is_disabled("#rated")
    assert page.inner_text("#rated-help") == "Sign in to play rated games."
    page.click("#preset-spades_nil")  # a preset that is not rated: no switch
    assert page.is_hidden("#rated-box")
    anna.sign_up("Anna")
    boris.lobby()
    boris.sign_up("Boris")

    # Anna asks for a rated table: the switch keeps the rated terms on the form
    page.click("#preset-spades")
    assert page.is_enabled("#rated")
    page.check("#rated")
    assert page.is_disabled("#seat-0") and page.input_value("#seat-0") == "human"
    assert page.is_disabled("#hints") and not page.is_checked("#hints")
    assert page.input_value("#clock") == "60" and page.is_checked("#public")
    assert page.is_disabled("#clock option[value='0']")
    assert page.is_disabled("#seat-1 option[value=human]")
    for seat, kind in ((1, "bot:normal"), (2, "open"), (3, "bot:normal")):
        page.select_option(f"#seat-{seat}", kind)
    normal = bot_rating(KEY, "normal").display()
    assert f"Bot: normal ({normal})" in page.inner_text("#seat-1")
    anna.shoot("lobby")
    anna.language("ru")
    assert page.inner_text("label[for=rated]") == "Рейтинговая игра"
    anna.shoot("lobby")
    anna.language("en")
    page.click("#start")
    page.wait_for_selector("#invites:not(.hidden) #links .play-link")
    assert "Rated" in page.inner_text("#invites-settings")
    href = str(page.get_attribute("#links .play-link", "href"))
    found = re.search(r"/t/([^?]+)\?", href)
    assert found, href
    table_id = found.group(1)
    facts = anna.api(f"/api/tables/{table_id}")
    assert facts["rated"] == KEY
    assert [s["kind"] for s in facts["seats"]] == ["human", "bot:normal", "human", "bot:normal"]
    assert facts["seats"][2]["state"] == "open"

    # a guest finds it marked, with the join refused in words
    there = guest.lobby()
    row = f"#open-tables li[data-table='{table_id}']"
    there.wait_for_selector(row)
    assert there.inner_text(f"{row} .rated-tag") == "Rated"
    assert there.is_disabled(f"{row} button.join")
    assert "Sign in to join a rated table" in there.inner_text(f"{row} .rated-note")
    there.goto(f"{guest.base}/?join={table_id}&seat=2")  # the open seat's link
    guest.wait("document.getElementById('invited-problem').textContent !== ''")
    assert there.inner_text("#invited-problem").startswith("Sign in to join a rated table")
    assert there.is_hidden("#invited-join")
    guest.close()

    # Boris (on a phone) joins it from the open tables; his lobby's rated form in both languages
    lobby = boris.page
    lobby.click("#refresh")
    lobby.wait_for_selector(row)
    assert lobby.is_visible(f"{row} .rated-tag")
    assert lobby.locator(f"{row} .rated-note").count() == 0
    lobby.click("#preset-spades")
    lobby.check("#rated")
    boris.shoot("lobby")
    boris.language("ru")
    assert lobby.inner_text(f"{row} .rated-tag") == "Рейтинг"
    boris.shoot("lobby")
    boris.language("en")
    lobby.click(f"{row} button.join")
    lobby.wait_for_url(re.compile(r"/t/"), timeout=20_000)
    boris.wait("latest !== null", 20)
    page.click("#links .play-link")
    page.wait_for_url(re.compile(r"/t/"), timeout=20_000)
    anna.wait("latest !== null", 20)
    for player in (anna, boris):
        assert player.page.is_visible("#rated-mark")
        assert player.page.inner_text("#rated-mark") == "Rated"
        assert player.page.is_hidden("#hint")
    anna.wait("latest.view.legal_actions.length > 0 || latest.view.to_act !== 0", 20)
    for player in (anna, boris):
        player.shoot("table")
        player.language("ru")
        assert player.page.inner_text("#rated-mark") == "Рейтинг"
        player.shoot("table")
        player.language("en")

    # the whole game, by clicking
    deadline = time.monotonic() + 900
    while not (anna.value("latest.view.finished") and boris.value("latest.view.finished")):
        assert time.monotonic() < deadline, "the game did not end"
        moved = anna.step()
        moved = boris.step() or moved
        if not moved:
            anna.page.wait_for_timeout(20)
    sheet = anna.api(f"/api/tables/{table_id}/sheet")
    assert sheet["finished"] and len(sheet["deals"]) >= 2

    # both ratings moved, and the bots' level that played
    default = Rating()
    theirs = {}
    for player in (anna, boris):
        deadline = time.monotonic() + 60
        while not player.api(f"/api/ratings/{quote(player.name)}")["ratings"]:
            assert time.monotonic() < deadline, "the ratings were not updated"
            player.page.wait_for_timeout(200)
        mine = player.api(f"/api/ratings/{quote(player.name)}")
        assert [r["rating_key"] for r in mine["ratings"]] == [KEY]
        rating = mine["ratings"][0]
        assert rating["games"] == 1 and rating["provisional"]
        assert rating["mu"] != default.mu and rating["sigma"] < default.sigma
        assert [h["table_id"] for h in mine["history"]] == [table_id]
        theirs[player.name] = rating
    board = anna.api(f"/api/leaderboard/{KEY}?min_games=1")
    assert {line["name"] for line in board["standings"]} == set(theirs)
    # the normal bots (seats 1 and 3, one side) moved as one player; the others did not play
    assert board["bots"]["normal"]["mu"] != pytest.approx(bot_rating(KEY, "normal").mu)
    for level in ("easy", "hard"):
        assert board["bots"][level]["display"] == bot_rating(KEY, level).display()

    # the rematch asked for on the game-over sheet (with the session's token) is rated too
    anna.wait("document.getElementById('rematch') !== null", 20)
    anna.page.click("#rematch")
    anna.page.wait_for_url(lambda url: table_id not in url, timeout=20_000)
    anna.wait("latest !== null && people !== null", 20)
    assert anna.page.is_visible("#rated-mark")
    assert anna.value("people.rated") == KEY

    # the leaderboard's page, from the lobby's header
    lobby = anna.lobby()
    lobby.click("#leaderboard-link")
    lobby.wait_for_url(re.compile(r"/leaderboard$"))
    anna.wait("document.getElementById('bots').querySelectorAll('tbody tr').length === 3")
    assert lobby.is_visible("#standings-empty")  # ten rated games stand on it by default
    for player in (anna, boris):
        view = player.page
        view.goto(f"{player.base}/leaderboard/{KEY}?min_games=1")
        player.wait("document.querySelectorAll('#standings tbody tr').length === 2")
        rows = view.locator("#standings tbody tr")
        names = [rows.nth(i).get_attribute("data-name") for i in range(2)]
        assert set(names) == set(theirs)
        for i, name in enumerate(names):
            assert name is not None
            cells = [c.strip() for c in rows.nth(i).locator("td").all_inner_texts()]
            assert cells[0] == str(i + 1) and cells[1] == name
            assert cells[2].startswith(f"{theirs[name]['display']}?")  # provisional
            assert cells[3] == "1"
            link = rows.nth(i).locator("a").get_attribute("href")
            assert link == f"/players/{quote(name)}"
        assert view.locator("#standings tr.me").get_attribute("data-name") == player.name
        mine = theirs[player.name]["display"]
        bots = view.locator("#bots tbody tr")
        assert bots.count() == 3
        assert bots.nth(2).inner_text().split()[-1] == str(bot_rating(KEY, "hard").display())
        current = view.locator("#rated-games a[aria-current=page]")
        assert current.inner_text() == "Spades"
        assert view.inner_text("#standings-title") == "Spades"
        player.shoot("leaderboard")
        player.language("ru")
        assert view.inner_text("#bots-title") == "Боты"
        assert view.title() == "Таблица рейтинга — Колода"
        player.shoot("leaderboard")
        player.language("en")
        other = view.locator("#rated-games a:not([aria-current])").first.get_attribute("href")
        assert other is not None and other.endswith("?min_games=1")
        # his name leads to his profile, which shows the rating too
        view.click("#standings tr.me a")
        view.wait_for_url(re.compile(r"/players/"))
        player.wait(f"document.getElementById('cards').innerText.includes('{mine}')", 20)
    for player in (anna, boris):
        player.close()
