"""The replay viewer in Debian's Chromium: a finished Spades table stepped through every
decision and back to its record's score, a link at a decision opens there, the keys step,
a record file opens from the disk; the table page is never sent another seat's hand before
the game is over; screenshots on a desktop and a phone in English and Russian."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from browser_support import needs_chromium, wait_until
from server_support import CARD, Oracle, ServerThread, cards_in, serving
from test_table_browser import PHONE, Page, new_table, shoot

from koloda.core.registry import load_rules
from koloda.records import record_from_state

DESKTOP = (1280, 800)

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    yield from serving(tmp_path_factory, "replay", bot_delay=0.0, deal_pause=0.5)


def finished_table(server: ServerThread, deals: int = 1) -> tuple[str, dict[str, Any]]:
    table_id, _ = new_table(server, "spades", ["bot:normal"] * 4, {"max_deals": deals})
    deadline = time.monotonic() + 60
    while (answer := httpx.get(f"{server.url}/api/tables/{table_id}/record")).status_code != 200:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    record: dict[str, Any] = answer.json()
    return table_id, record


HANDS = """[...document.querySelectorAll('.hand-box')]
  .sort((a, b) => a.dataset.seat - b.dataset.seat)
  .map((box) => [...box.querySelectorAll('.cards .card')].map((card) => card.dataset.card))"""
"""Each seat's cards on the screen, seat by seat."""


HANDS_ON_FELT = """(() => {
  const felt = document.getElementById('felt').getBoundingClientRect();
  return [...document.querySelectorAll('.hand-box .card')].every((card) => {
    const box = card.getBoundingClientRect();
    return box.left >= felt.left - 0.5 && box.right <= felt.right + 0.5;
  });
})()"""
"""Whether every card of every hand lies on the felt."""


class Viewer:
    """One tab of the replay viewer, failing the test on any script error."""

    def __init__(
        self, browser: Any, url: str, size: tuple[int, int] = DESKTOP, lang: str = "en"
    ) -> None:
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        self.context.add_init_script(f"localStorage.setItem('koloda.lang', '{lang}');")
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", self.console)
        self.page.goto(url)

    def console(self, message: Any) -> None:
        """A script's error fails the test; a refusal the page asked for and words (a bad
        file's 422, a game in play's 403) is the browser's note only."""
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            self.errors.append(message.text)

    def at(self) -> int:
        shown: int = self.page.evaluate("replayShown.at")
        return shown

    def wait_shown(self) -> None:
        wait_until(self.page, "window.replayShown !== null", 20)

    def side_totals(self) -> list[int]:
        """The sides' totals on the scoreboard (Spades' board: the side table's last column)."""
        cells = self.page.locator("#board-body table:nth-of-type(2) tbody tr td:last-child")
        return [int(text) for text in cells.all_inner_texts()]

    def close(self) -> None:
        assert not self.errors, self.errors
        self.context.close()


def test_stepping_through_every_decision_and_back(server: ServerThread, browser: Any) -> None:
    table_id, record = finished_table(server)
    actions = [a for deal in record["deals"] for a in deal["actions"]]
    positions = httpx.get(f"{server.url}/api/replay/{table_id}").json()["positions"]
    tab = Viewer(browser, f"{server.url}/replay/{table_id}")
    tab.wait_shown()
    page = tab.page
    count = page.evaluate("replayShown.count")
    assert count == len(actions) + 1 and tab.at() == 0
    assert page.is_disabled("#back") and page.is_disabled("#first")
    for index, action in enumerate(actions):
        assert tab.at() == index
        acting = page.locator(".hand-box.turn")
        assert acting.count() == 1  # the acting seat is marked
        if CARD.fullmatch(action):  # the card it plays is marked on its hand
            assert acting.locator(f'.card.chosen[data-card="{action}"]').count() == 1
        assert page.evaluate(HANDS) == positions[index]["hands"]  # every hand face up
        page.click("#forward")
        assert page.evaluate("location.hash") == f"#d={index + 1}"
    assert tab.at() == count - 1 and page.is_disabled("#forward")
    assert page.inner_text("#said") == "The game's end"
    assert tab.side_totals() == record["totals"]  # the final score equals the record's
    rows = page.locator("#sheet table").first.locator("tbody tr")
    assert rows.count() == len(record["deals"])
    for index in range(count - 1, 0, -1):
        page.keyboard.press("ArrowLeft")
        assert tab.at() == index - 1
    assert tab.at() == 0 and page.locator("#sheet table tbody tr").count() == 0
    tab.close()


def test_a_link_opens_at_its_decision_and_the_keys_step(server: ServerThread, browser: Any) -> None:
    table_id, _ = finished_table(server)
    tab = Viewer(browser, f"{server.url}/replay/{table_id}#d=17")
    tab.wait_shown()
    page = tab.page
    assert tab.at() == 17
    assert page.inner_text("#counter").startswith("Decision 18 of ")
    positions = httpx.get(f"{server.url}/api/replay/{table_id}").json()["positions"]
    page.keyboard.press("ArrowRight")
    assert tab.at() == 18
    page.keyboard.press("ArrowDown")  # the next trick's lead
    lead = tab.at()
    assert lead > 18 and positions[lead]["starts_trick"]
    assert all(not positions[i]["starts_trick"] for i in range(19, lead))
    page.keyboard.press("ArrowUp")
    back = tab.at()  # the lead before, or the deal's first decision
    assert back < lead and (positions[back]["starts_trick"] or positions[back]["move"] == 0)
    assert all(not positions[i]["starts_trick"] for i in range(back + 1, lead))
    page.keyboard.press("End")
    assert tab.at() == len(positions) - 1
    page.keyboard.press("Home")
    assert tab.at() == 0
    page.evaluate("location.hash = '#d=40'")
    wait_until(page, "replayShown.at === 40")
    href = page.get_attribute("#link", "href")
    assert href == f"/replay/{table_id}#d=40"
    tab.close()


def test_a_record_file_opens_from_the_disk(server: ServerThread, browser: Any) -> None:
    rules = load_rules("spades", {"max_deals": 1})
    state = rules.new_state(seed=9)
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    record = record_from_state(rules, state, ["Anna", "Boris", "Vera", "Gleb"])
    tab = Viewer(browser, f"{server.url}/replay")
    page = tab.page
    assert page.is_visible("#record-file") and not page.is_visible("#viewer")
    bad = {"name": "bad.json", "mimeType": "application/json", "buffer": b"{nope"}
    page.set_input_files("#record-file", files=[bad])
    wait_until(page, "document.getElementById('open-problem').textContent !== ''")
    assert page.inner_text("#open-problem").startswith("This file cannot be replayed: ")
    good = json.dumps(record).encode()
    page.set_input_files(
        "#record-file",
        files=[{"name": "game.json", "mimeType": "application/json", "buffer": good}],
    )
    tab.wait_shown()
    assert page.inner_text("#open-problem") == ""
    names = page.evaluate(
        "[...document.querySelectorAll('.hand-box')]"
        ".map((b) => [b.dataset.seat, b.querySelector('.name').textContent])"
    )
    assert sorted(names) == [["0", "Anna"], ["1", "Boris"], ["2", "Vera"], ["3", "Gleb"]]
    page.keyboard.press("End")
    assert tab.side_totals() == rules.results_json(state)["totals"]
    tab.close()


def test_the_table_page_is_never_sent_another_seats_hand(
    server: ServerThread, browser: Any
) -> None:
    table_id, tokens = new_table(
        server, "spades", ["human", "bot:random", "bot:random", "bot:random"], {"max_deals": 1}
    )
    frames: list[str] = []
    answers: list[tuple[str, str]] = []
    tab = Page.__new__(Page)  # the table's own helper, with every message read as it comes
    tab.context = browser.new_context(viewport={"width": 1280, "height": 800})
    tab.context.add_init_script("localStorage.setItem('koloda.speed', 'instant');")
    tab.page = tab.context.new_page()
    tab.errors, tab.requests = [], []
    tab.page.on("pageerror", lambda error: tab.errors.append(str(error)))
    tab.page.on(
        "websocket", lambda socket: socket.on("framereceived", lambda f: frames.append(str(f)))
    )

    def answered(response: Any) -> None:
        if "/api/" in response.url:
            answers.append((response.url, response.text()))

    tab.page.on("response", answered)
    tab.page.goto(f"{server.url}/t/{table_id}?token={tokens[0]}")
    tab.wait("latest !== null", 15)
    early = httpx.get(f"{server.url}/api/replay/{table_id}")
    assert early.status_code == 403
    shut = Viewer(browser, f"{server.url}/replay/{table_id}")
    wait_until(shut.page, "document.getElementById('notice').textContent.includes('not over yet')")
    assert "not over yet" in shut.page.inner_text("#notice")
    assert not CARD.search(shut.page.content())
    shut.close()
    tab.play_deal()
    tab.wait("latest.view.finished", 20)  # the game-over summary links to the replay
    assert tab.page.get_attribute("#summary a#replay", "href") == f"/replay/{table_id}"
    record = httpx.get(f"{server.url}/api/tables/{table_id}/record").json()
    oracle = Oracle(record)
    messages = [json.loads(frame) for frame in frames]
    ended = False
    for message in messages:
        if message["type"] == "view":
            oracle.check(0, message)
            ended = ended or message["view"]["finished"]
    assert ended, "the game was played to its end"
    knew = set().union(*(allowed[0] for allowed in oracle.allowed))
    for url, text in answers:
        if "/record" not in url and "/verify" not in url:
            assert cards_in(text) <= knew, url
    tab.close()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_screenshots(server: ServerThread, browser: Any, size: tuple[int, int], lang: str) -> None:
    table_id, _ = finished_table(server)
    tab = Viewer(browser, f"{server.url}/replay/{table_id}#d=30", size=size, lang=lang)
    tab.wait_shown()
    page = tab.page
    page.select_option("#analysis-seat", "0")
    page.click("#analyse")
    wait_until(page, "document.querySelector('#graph svg') !== null", 120)
    wait_until(page, "!document.getElementById('analyse').disabled", 120)
    point = page.locator("#graph .point").first
    if point.count():  # a decision that gave points away: the verdict and the best move shown
        point.click()
        verdict = page.inner_text("#verdict")
        assert page.is_visible("#verdict") and verdict
        assert "null" not in verdict and "undefined" not in verdict, verdict
    assert not page.evaluate(
        "document.documentElement.scrollWidth > document.documentElement.clientWidth"
    ), "the page is wider than the screen"
    assert page.evaluate(HANDS_ON_FELT), "a hand reaches past the felt"
    shoot(page, f"replay-{lang}-{size[0]}")
    positions = httpx.get(f"{server.url}/api/replay/{table_id}").json()["positions"]
    trick = next(p["index"] for p in positions if len(p["view"]["trick"]) == 3)
    page.evaluate(f"location.hash = '#d={trick}'")
    wait_until(page, f"replayShown.at === {trick}")
    assert page.locator("#trick .card").count() == 3  # the trick so far on the felt
    assert page.evaluate(HANDS_ON_FELT), "a hand reaches past the felt"
    shoot(page, f"replay-{lang}-{size[0]}-trick")
    page.keyboard.press("End")
    assert page.locator("#sheet table").count() >= 1
    shoot(page, f"replay-{lang}-{size[0]}-end")
    tab.close()


def test_accessibility_audit_of_the_replay(server: ServerThread, browser: Any) -> None:
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")
    table_id, _ = finished_table(server)
    tab = Viewer(browser, f"{server.url}/replay/{table_id}#d=20")
    tab.wait_shown()
    found = []
    for at in ("20", "end", "open"):
        if at == "end":  # the score sheet is shown
            tab.page.keyboard.press("End")
        elif at == "open":
            tab.page.goto(f"{server.url}/replay")
            wait_until(tab.page, "document.readyState === 'complete'")
        violations = axe_module.Axe().run(tab.page).response["violations"]
        found += [v for v in violations if v.get("impact") in ("serious", "critical")]
    assert not found, [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in found]
    tab.errors.clear()  # the audit's own script is not the page's
    tab.close()


@pytest.mark.parametrize(
    ("game", "options"),
    [("king", {}), ("hundred_one", {}), ("tressette", {})],
    ids=["king", "hundred_one", "tressette"],
)
def test_every_game_replays_in_the_viewer(
    server: ServerThread, browser: Any, game: str, options: dict[str, Any]
) -> None:
    rules = load_rules(game, options)
    state = rules.new_state(seed=4)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    record = record_from_state(rules, state)
    replayed = httpx.post(
        f"{server.url}/api/replay",
        content=json.dumps(record),
        headers={"content-type": "application/json"},
    )
    assert replayed.status_code == 200, replayed.text
    positions = replayed.json()["positions"]
    tab = Viewer(browser, f"{server.url}/replay")
    page = tab.page
    page.set_input_files(
        "#record-file",
        files=[
            {
                "name": "game.json",
                "mimeType": "application/json",
                "buffer": json.dumps(record).encode(),
            }
        ],
    )
    tab.wait_shown()
    for index in range(0, len(positions), max(1, len(positions) // 40)):
        page.evaluate(f"location.hash = '#d={index}'")
        wait_until(page, f"replayShown.at === {index}")
        assert page.evaluate(HANDS) == positions[index]["hands"]
        assert page.inner_text("#said")
    half = len(positions) // 2
    tricks = (i for i in range(half, len(positions)) if positions[i]["view"].get("trick"))
    middle = next(tricks, half)  # a trick on the table, in a game of tricks
    page.evaluate(f"location.hash = '#d={middle}'")
    wait_until(page, f"replayShown.at === {middle}")
    shoot(page, f"replay-{game}")
    page.keyboard.press("End")
    assert page.inner_text("#said") == "The game's end"
    tab.close()  # no script error on any of them
