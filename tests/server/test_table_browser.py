"""The card room's table page in Debian's Chromium (Playwright): a deal of every game played by
clicking at desktop and phone sizes, one by keyboard, the held trick, the deal summary, two
people at one Spades table seeing only their own cards, hints, table talk, a spectator, a
rematch, the Russian page and an accessibility audit."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_support import needs_chromium, wait_until
from server_support import ServerThread, serving

from koloda.i18n.catalogue import catalogue_json

DESKTOP = (1280, 860)
PHONE = (390, 844)

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    yield from serving(tmp_path_factory, "room", bot_delay=0.01, deal_pause=30)


def shots() -> Path | None:
    folder = os.environ.get("KOLODA_SCREENSHOTS")
    if not folder:
        return None
    Path(folder).mkdir(parents=True, exist_ok=True)
    return Path(folder)


def shoot(page: Any, name: str) -> None:
    folder = shots()
    if folder is not None:
        page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def new_table(
    server: ServerThread,
    game: str,
    seats: list[str],
    options: dict[str, Any] | None = None,
    names: list[str | None] | None = None,
) -> tuple[str, list[str | None]]:
    body: dict[str, Any] = {"game": game, "options": options or {}, "seats": seats}
    if names is not None:
        body["names"] = names
    answer = httpx.post(f"{server.url}/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    created = answer.json()
    return created["table_id"], [s["token"] for s in created["seats"]]


class Page:
    """One browser tab at a table, failing the test on any script error or CSP refusal."""

    def __init__(
        self,
        browser: Any,
        url: str,
        size: tuple[int, int] = DESKTOP,
        speed: str = "instant",
        lang: str = "en",
    ) -> None:
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        self.context.add_init_script(
            f"localStorage.setItem('koloda.speed', '{speed}');"
            f"localStorage.setItem('koloda.lang', '{lang}');"
        )
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on(
            "console",
            lambda m: self.errors.append(m.text) if m.type == "error" else None,
        )
        self.requests: list[str] = []
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.goto(url)
        self.wait("latest !== null", 15)

    def value(self, expression: str) -> Any:
        return self.page.evaluate(expression)

    def wait(self, expression: str, seconds: float = 20) -> None:
        wait_until(self.page, expression, seconds)

    def summary_open(self) -> bool:
        return bool(self.value("!document.getElementById('summary').classList.contains('hidden')"))

    def step(self, keyboard: bool = False, prefer: str | None = None) -> bool:
        """Make one decision if it is this seat's turn; True when one was made."""
        if not self.value(
            "latest && latest.view.legal_actions.length > 0 && !presenting"
            " && document.getElementById('summary').classList.contains('hidden')"
        ):  # the next deal may be dealt while the last one's summary covers the table
            return False
        version = self.value("latest.version")
        page = self.page
        pickable = page.locator("#hand button.card.legal[aria-pressed]")
        if pickable.count():  # three cards to choose (Spades' exchange)
            for index in range(3):  # cards overlap: click the visible left edge
                pickable.nth(index).click(position={"x": 6, "y": 24})
            page.locator("#actions button.primary").click()
        elif prefer is not None and page.locator(prefer).count():
            page.locator(prefer).first.click()
        elif keyboard:
            self.wait(
                "document.activeElement && !document.activeElement.disabled && "
                "(document.activeElement.closest('#hand') || "
                "document.activeElement.closest('#actions'))",
                10,
            )
            page.keyboard.press("Enter")
        else:
            target = page.locator(
                "#hand button.card:not([disabled]), #actions button:not([disabled])"
            )
            if not target.count():
                return False
            target.first.click(position={"x": 6, "y": 16})
        self.wait(f"latest.version > {version} || latest.view.legal_actions.length === 0", 10)
        return True

    def play_deal(self, keyboard: bool = False, seconds: float = 120) -> None:
        """Play until this deal's summary (or the game's end) is shown."""
        deadline = time.monotonic() + seconds
        while not self.summary_open():
            assert time.monotonic() < deadline, "the deal did not end"
            if not self.step(keyboard):
                self.page.wait_for_timeout(20)

    def close(self) -> None:
        assert not self.errors, self.errors
        local = ("http://127.0.0.1", "ws://127.0.0.1", "data:")
        assert all(url.startswith(local) for url in self.requests), self.requests
        self.context.close()


GAMES = [
    ("king", {}, DESKTOP),
    ("king", {"variant": "order"}, PHONE),
    ("spades", {}, PHONE),
    ("hundred_one", {}, DESKTOP),
    ("tressette", {}, PHONE),
]
"""Each game's deal is clicked through at one size (both sizes among the games); its table at
the start is looked at on both."""


@pytest.mark.parametrize(
    ("game", "options", "size"),
    GAMES,
    ids=[g + "".join(o.values()) + ("-phone" if z == PHONE else "") for g, o, z in GAMES],
)
def test_a_deal_of_each_game_by_clicking(
    server: ServerThread, browser: Any, game: str, options: dict[str, Any], size: tuple[int, int]
) -> None:
    table_id, tokens = new_table(
        server, game, ["human"] + ["bot:random"] * 3, options, ["Anna", None, None, None]
    )
    other = PHONE if size == DESKTOP else DESKTOP
    tab = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}", other)
    page = tab.page
    wide = tab.value("document.documentElement.scrollWidth")
    assert wide <= other[0], f"the table scrolls sideways: {wide} px in {other[0]}"
    shoot(page, f"{game}-start-{other[0]}")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    assert page.locator("#hand .card").count() > 0  # Spades: backs until the player looks
    # four seats around the felt, you at the bottom
    assert page.locator("#seats .seat").count() == 4
    me = page.locator("#seats .seat.me")
    assert me.get_attribute("data-seat") == "0" and "bottom" in (me.get_attribute("class") or "")
    assert page.inner_text("#seats .seat.me .name") == "Anna"
    if options.get("variant") == "order":  # the order table is on the scoreboard from the start
        tab.wait("document.querySelector('#board-body table.sheet-section') !== null", 10)
    shoot(page, f"{game}-start-{size[0]}")
    wide = tab.value("document.documentElement.scrollWidth")
    assert wide <= size[0], f"the table scrolls sideways: {wide} px in {size[0]}"
    tab.play_deal()
    shoot(page, f"{game}-summary-{size[0]}")
    # the summary's points are the server's score sheet's
    sheet = httpx.get(f"{server.url}/api/tables/{table_id}/sheet").json()
    scored = sheet["deals"][0]
    points = scored.get("scores") or scored.get("points")
    # A deal that ends the game (101: a player past 101 in the first deal, random players)
    # opens the final summary instead: the totals only, no column of the deal's points and
    # no next deal.
    final = sheet["finished"]
    heading = "Total" if final else "This deal"  # the totals, or the deal's points
    if final:
        points = sheet["totals"]
    column = (
        "[...document.querySelectorAll('#summary-body > table.score thead th')]"
        f".findIndex(h => h.textContent === '{heading}')"
    )
    points_cells = (
        "[...document.querySelectorAll('#summary-body > table.score tbody tr')].map("
        f"r => r.children[{column}].textContent)"
    )
    tab.wait(
        f"(c => c.length > 0 && c.every(x => /^[-+−]?\\d+$/.test(x.trim())))({points_cells})", 10
    )
    shown = tab.value(points_cells)
    assert [int(x.replace("−", "-")) for x in shown] == [int(p) for p in points], (shown, scored)
    wide = tab.value("document.documentElement.scrollWidth")
    assert wide <= size[0], f"the table scrolls sideways after a deal: {wide} px in {size[0]}"
    if final:
        assert page.locator("#next-deal").count() == 0
        tab.close()
        return
    page.click("#next-deal")
    tab.wait("document.getElementById('summary').classList.contains('hidden')", 5)
    tab.wait("latest.view.deal >= 1", 20)
    shoot(page, f"{game}-next-deal-{size[0]}")
    tab.close()


def test_the_scoreboard_sections_name_the_sides_with_a_capital(
    server: ServerThread, browser: Any
) -> None:
    """Tressette's standing names "You and Bot 3" as its first table does, not "you and"."""
    table_id, tokens = new_table(
        server, "tressette", ["human"] + ["bot:random"] * 3, names=["Anna", None, None, None]
    )
    tab = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}")
    tab.wait("document.querySelector('#board-body table.sheet-section tbody td') !== null", 10)
    firsts = tab.value(  # a player's name heads a row, or a column where a column is a player's
        "[...document.querySelectorAll('#board-body table.sheet-section tbody tr')]"
        ".map(r => r.children[0].textContent).concat([...document.querySelectorAll("
        "'#board-body table.sheet-section thead th')].map(h => h.textContent))"
    )
    sides = [text for text in firsts if " and " in text]
    assert sides and "You and Bot 3" in sides, firsts
    assert all(text[0].isupper() for text in sides), firsts
    tab.close()


LINE_BREAKS = """[...document.querySelectorAll('#seats .seat .facts')].map((el) => {
  const node = el.firstChild, text = node.textContent, range = document.createRange();
  const breaks = [];
  let top = null;
  for (let i = 0; i < text.length; i++) {
    range.setStart(node, i); range.setEnd(node, i + 1);
    const rects = range.getClientRects();
    if (!rects.length) continue;
    if (top !== null && rects[0].top > top + 2) breaks.push(text.slice(0, i).trimEnd());
    top = rects[0].top;
  }
  return [text, breaks];
})"""
"""Each seat's facts line and, for every place a narrow seat wraps it, the text before."""


def test_a_narrow_seat_wraps_its_facts_between_them(server: ServerThread, browser: Any) -> None:
    """On a phone in Russian a seat reads "13 карт · 0 взяток · Заказ: 3" over lines that
    break at the dots, never between a number and its word or after "Заказ:"."""
    table_id, tokens = new_table(server, "spades", ["human"] + ["bot:random"] * 3)
    tab = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}", PHONE, lang="ru")
    deadline = time.monotonic() + 60
    while not tab.value("latest.view.bids && latest.view.bids.every((b) => b !== null)"):
        assert time.monotonic() < deadline, "the bids were never all made"
        if not tab.step():
            tab.page.wait_for_timeout(20)
    shoot(tab.page, "spades-seats-ru-390")
    seats = tab.value(LINE_BREAKS)
    assert len(seats) == 4 and any(breaks for _, breaks in seats), seats  # some seat wraps
    for text, breaks in seats:
        assert "Заказ:" in text
        for before in breaks:
            assert before.endswith("·") or not (before[-1].isdigit() or before[-1] == ":"), (
                text,
                breaks,
            )
    tab.close()


def test_the_log_begins_with_how_the_deal_began(server: ServerThread, browser: Any) -> None:
    """Opening a 101 table, the log starts with who deals and the starter (before any
    move), in the page's language."""
    table_id, tokens = new_table(
        server, "hundred_one", ["human", "human", "human"], {"players": 3}, ["Anna", None, None]
    )
    tab = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}", lang="ru")
    tab.wait("document.querySelectorAll('#log li').length >= 2", 10)
    lines = tab.value("[...document.querySelectorAll('#log li')].map((li) => li.textContent)")
    assert lines[0] == "— сдача 1, сдаёте вы —", lines
    assert lines[1].startswith("Первая карта — "), lines
    tab.close()


def test_the_held_trick_shows_all_four_cards(server: ServerThread, browser: Any) -> None:
    table_id, tokens = new_table(server, "king", ["human"] + ["bot:random"] * 3)
    tab = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}", speed="normal")
    tab.value(  # watch the felt: the most cards ever lying on it at once
        "window.mostOnFelt = 0; setInterval(() => { window.mostOnFelt = Math.max("
        "window.mostOnFelt, document.querySelectorAll('#played .slot').length) }, 15)"
    )
    for _ in range(2):  # two tricks: one of them completed by a bot's card after mine
        before = tab.value("lastTrick ? 1 : 0")
        tab.wait("latest.view.legal_actions.length > 0 || summaryShown !== null", 20)
        tab.step()
        tab.wait(f"(lastTrick ? 1 : 0) > {before} || latest.view.legal_actions.length > 0", 20)
    tab.wait("lastTrick !== null", 20)
    assert tab.value("window.mostOnFelt") == 4
    remembered = tab.value("JSON.parse(localStorage.getItem('koloda.tables'))")
    assert [(t["id"], t["seat"], t["token"]) for t in remembered] == [(table_id, 0, tokens[0])]
    tab.page.click("#show-last")
    assert tab.page.locator("#overlay-body .card").count() == 4
    assert tab.page.locator("#overlay-body figure.winner").count() == 1
    tab.page.click("#close")
    tab.close()


def test_a_deal_by_keyboard_only(server: ServerThread, browser: Any) -> None:
    table_id, tokens = new_table(server, "king", ["human"] + ["bot:random"] * 3)
    tab = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}")
    tab.page.locator("body").focus()
    names = tab.value(
        "[...document.querySelectorAll('#hand button.card')].map(b => b.getAttribute('aria-label'))"
    )
    assert all(" of " in name for name in names), names  # "Queen of hearts"
    tab.wait("latest.view.legal_actions.length > 0 && !presenting", 20)
    tab.wait("document.activeElement.matches('#hand button.card')", 10)  # the turn's focus
    first = tab.value("document.activeElement.dataset.card")
    tab.page.keyboard.press("ArrowRight")
    moved = tab.value("document.activeElement.dataset.card")
    playable = tab.value("latest.view.legal_actions.length")
    assert (moved != first) == (playable > 1)
    tab.play_deal(keyboard=True)
    tab.page.keyboard.press("Escape")  # dismisses the summary: on to the next deal
    tab.wait("latest.view.deal >= 1", 20)
    tab.close()


CARDS_IN = (
    "[...document.querySelectorAll('{}[data-card]:not([data-card=\"\"])')].map(n => n.dataset.card)"
)
"""The codes of the card faces in a part of the page (backs have none)."""
NUMBER_BID = "#actions button[data-action^='bid:']:not([data-action$='nil'])"
"""The partner bids a number: when both partners bid nil there is no exchange (S-8)."""


def test_two_people_at_spades_see_only_their_own_cards(server: ServerThread, browser: Any) -> None:
    table_id, tokens = new_table(
        server, "spades", ["human", "bot:random", "human", "bot:random"], {"nil_exchange": True}
    )
    tabs = {
        seat: Page(browser, f"{server.url}/t/{table_id}?token={tokens[seat]}") for seat in (0, 2)
    }
    exchanged = False
    deadline = time.monotonic() + 120
    while not tabs[0].summary_open():
        assert time.monotonic() < deadline
        moved = False
        for seat, tab in tabs.items():
            moved = tab.step(prefer=None if seat == 0 else NUMBER_BID) or moved
            view = httpx.get(
                f"{server.url}/api/tables/{table_id}/view", params={"token": tokens[seat]}
            ).json()["view"]
            partner = httpx.get(
                f"{server.url}/api/tables/{table_id}/view", params={"token": tokens[2 - seat]}
            ).json()["view"]
            shown = set(tab.value(CARDS_IN.format("#hand ")))
            everywhere = set(tab.value(CARDS_IN.format("")))
            tab.wait("!presenting", 10)
            assert shown <= set(view["hand"]) | set(view.get("sent", [])), (shown, view["hand"])
            leaked = everywhere & set(partner["hand"]) - set(view.get("sent", []))
            assert not leaked, f"seat {seat} sees its partner's {leaked}"
            exchanged = exchanged or bool(view.get("received"))
        if not moved:
            tabs[0].page.wait_for_timeout(30)
    bids = httpx.get(f"{server.url}/api/tables/{table_id}/sheet").json()["deals"][0]
    assert bids  # the deal was scored
    shoot(tabs[0].page, "spades-two-people-summary")
    for tab in tabs.values():
        tab.close()
    assert exchanged, "the first action on the bid buttons is nil, so the nil exchange ran"


def test_hints_talk_and_a_spectator(server: ServerThread, browser: Any) -> None:
    table_id, tokens = new_table(server, "king", ["human", "human", "bot:random", "bot:random"])
    first = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}")
    second = Page(browser, f"{server.url}/t/{table_id}?token={tokens[1]}", PHONE)
    watcher = Page(browser, f"{server.url}/t/{table_id}")
    assert watcher.page.is_visible("#watching")
    assert watcher.page.locator("#hand button").count() == 0
    assert not first.page.is_visible("#watching")
    first.wait("people && people.presence.spectators === 1", 10)
    assert "1" in first.page.inner_text("#presence")
    # a hint on the first player's turn (the second plays when it is his)
    deadline = time.monotonic() + 20
    while not first.value("latest.view.legal_actions.length > 0"):
        assert time.monotonic() < deadline
        second.step() or second.page.wait_for_timeout(30)
    first.page.click("#hint")
    first.wait("!document.getElementById('hint-line').classList.contains('hidden')", 20)
    assert first.page.locator("#hand .hinted").count() == 1
    line = first.page.inner_text("#hint-line")  # the card, and why in a line
    assert line.startswith("The normal bot would play:") and " — " in line, line
    assert "hint." not in line
    # a preset phrase, heard by the other player
    first.page.click("#talk summary")
    first.page.click("[data-phrase=good_luck]")
    second.wait("document.querySelector('#seats .seat[data-seat=\"0\"] .bubble') !== null", 10)
    assert second.page.inner_text("#seats .seat[data-seat='0'] .bubble") == "Good luck!"
    shoot(second.page, "king-chat-phone")
    for tab in (first, second, watcher):
        tab.close()


def test_rematch_after_the_game(server: ServerThread, browser: Any) -> None:
    table_id, tokens = new_table(server, "spades", ["human"] + ["bot:random"] * 3, {"max_deals": 1})
    secret = httpx.get(f"{server.url}/api/tables/{table_id}/verify")
    assert secret.status_code == 403  # the seed stays secret until the game is over
    tab = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}")
    tab.play_deal()
    tab.wait("latest.view.finished", 20)
    tab.wait("document.getElementById('rematch') !== null", 10)
    shoot(tab.page, "spades-game-over")
    tab.page.click("#verify")  # the seed against the commitment this browser saw at the start
    tab.wait("document.querySelectorAll('#verify-result p').length >= 3", 20)
    verdict = tab.page.inner_text("#verify-result")
    assert "✓ The revealed seed is the one committed to" in verdict, verdict
    assert "✓ Every deal (1)" in verdict and "✗" not in verdict, verdict
    tab.page.click("#analysis")  # where the search says this seat lost points
    tab.wait("document.querySelector('#analysis-result .note') !== null", 60)
    analysed = httpx.get(f"{server.url}/api/tables/{table_id}/analysis", params={"seat": 0}).json()
    shown = tab.page.locator("#analysis-result li")
    assert shown.count() == len(analysed["decisions"]) <= 3
    if analysed["decisions"]:
        first = shown.first.inner_text()
        assert first.startswith(f"Deal 1, move {analysed['decisions'][0]['move'] + 1}: you played")
    shoot(tab.page, "spades-analysis")
    tab.page.click("#rematch")
    tab.page.wait_for_url(lambda url: table_id not in url, timeout=20_000)
    tab.wait("latest !== null", 20)
    assert not tab.value("latest.view.finished") and tab.value("latest.seat") == 0
    tab.close()


def test_the_players_randomness_goes_into_the_deals(server: ServerThread, browser: Any) -> None:
    body = {
        "game": "spades",
        "options": {"max_deals": 1},
        "seats": ["human", "bot:random", "human", "bot:random"],
        "names": ["Anna", None, "Boris", None],
        "entropy": True,
    }
    created = httpx.post(f"{server.url}/api/tables", json=body).json()
    table_id, tokens = created["table_id"], [s["token"] for s in created["seats"]]
    anna = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}")
    anna.wait("people.entropy.given.includes(0)", 10)  # her browser gave its randomness
    assert anna.page.inner_text("#prompt").startswith("The first deal waits for Boris")
    assert anna.value("latest.view.hand_sizes.every((n) => n === 0)")
    shoot(anna.page, "spades-waiting-for-randomness")
    boris = Page(browser, f"{server.url}/t/{table_id}?token={tokens[2]}", PHONE)
    for tab in (anna, boris):
        tab.wait("latest.view.hand_sizes.every((n) => n === 13)", 20)
    assert "your randomness is mixed in" in anna.page.inner_text("#board-body")
    deadline = time.monotonic() + 180
    while not (anna.summary_open() and anna.value("latest.view.finished")):
        assert time.monotonic() < deadline, "the game did not end"
        if not (anna.step() or boris.step(prefer=NUMBER_BID)):
            anna.page.wait_for_timeout(30)
    anna.wait("document.getElementById('verify') !== null", 10)
    anna.page.click("#verify")
    anna.wait("document.querySelectorAll('#verify-result p').length >= 4", 20)
    verdict = anna.page.inner_text("#verify-result")
    assert "✓ The deals used the randomness your browser gave." in verdict, verdict
    assert "✓ Every deal (1) is exactly what that seed and the players' randomness deal" in verdict
    assert "✗" not in verdict, verdict
    given = anna.value(f"localStorage.getItem('koloda.entropy.{table_id}')")
    record = httpx.get(f"{server.url}/api/tables/{table_id}/record").json()
    assert record["fairness"]["entropy"][0] == given and record["fairness"]["entropy"][2]
    for tab in (anna, boris):
        tab.close()


def test_russian_table_has_no_english_left(server: ServerThread, browser: Any) -> None:
    table_id, tokens = new_table(
        server, "spades", ["human"] + ["bot:random"] * 3, {}, ["Анна", None, None, None]
    )
    tab = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}", PHONE, lang="ru")
    for _ in range(6):
        tab.step()
    tab.wait("!presenting", 10)
    text = tab.page.inner_text("body")
    english = catalogue_json("en")
    russian = catalogue_json("ru")
    left = sorted(
        value
        for key, value in english.items()
        if isinstance(value, str)
        and len(value) > 3
        and value != russian.get(key)
        and any(c.isalpha() for c in value)
        and "{" not in value
        and value in text.split("\n")
    )
    assert not left, f"English left on the Russian page: {left}"
    assert "Ваш ход" in text or "Ждём" in text or "Ход" in text
    shoot(tab.page, "spades-ru-phone")
    tab.close()


def test_accessibility_audit_of_the_table(server: ServerThread, browser: Any) -> None:
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")
    table_id, tokens = new_table(server, "spades", ["human"] + ["bot:random"] * 3)
    tab = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}")
    tab.step()
    tab.wait("!presenting", 10)
    results = axe_module.Axe().run(tab.page)
    serious = [
        v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")
    ]
    assert not serious, [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in serious]
    tab.errors.clear()  # the audit's own script is not the page's
    tab.close()


def test_a_refused_link_says_why_and_stops(server: ServerThread, browser: Any) -> None:
    table_id, _ = new_table(server, "king", ["human"] + ["bot:random"] * 3)
    context = browser.new_context()
    page = context.new_page()
    sockets: list[str] = []
    page.on("websocket", lambda socket: sockets.append(socket.url))
    page.goto(f"{server.url}/t/{table_id}?token=not-this-one")
    deadline = time.monotonic() + 10
    while page.inner_text("#status") != "link refused":
        assert time.monotonic() < deadline, page.inner_text("#status")
        page.wait_for_timeout(30)
    assert "not valid" in page.inner_text("#prompt")
    page.wait_for_timeout(1500)
    assert len(sockets) == 1, "a refused link is not tried again"
    context.close()


def test_an_absent_player_is_played_by_a_bot_and_the_table_says_so(
    server: ServerThread, browser: Any
) -> None:
    answer = httpx.post(
        f"{server.url}/api/tables",
        json={
            "game": "king",
            "seats": ["human", "human", "bot:random", "bot:random"],
            "turn_seconds": 1,
        },
    )
    created = answer.json()
    table_id, tokens = created["table_id"], [s["token"] for s in created["seats"]]
    watcher = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}")
    sleeper = Page(browser, f"{server.url}/t/{table_id}?token={tokens[1]}")
    sleeper.context.close()  # seat 1 leads and walks away: his clock runs out
    sleeper.errors.clear()
    watcher.wait("people && people.away.includes(1)", 20)
    tag = watcher.page.inner_text("#seats .seat[data-seat='1'] .tags")
    assert "a bot plays" in tag, tag
    watcher.close()
