"""Two browsers at one table: one leaves by the Leave button, or closes his tab, and the other
plays on with the normal bot in that seat; a person whose clock ran out takes his seat back
with a click. In Debian's Chromium (Playwright), in English and Russian, at desktop and phone
sizes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from browser_support import needs_chromium, shots_dir
from server_support import ServerThread, serving
from test_table_browser import DESKTOP, PHONE, Page

from koloda.i18n.catalogue import catalogue_json

pytestmark = needs_chromium

GRACE = 1.0
"""The grace period of this server: short, so that the tests are quick."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    yield from serving(
        tmp_path_factory, "presence-room", bot_delay=0.01, deal_pause=30, grace_seconds=GRACE
    )


@pytest.fixture(scope="module")
def paced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    """Bots that take half a second, as people see them play."""
    yield from serving(tmp_path_factory, "paced-room", bot_delay=0.5, deal_pause=30)


def two_people(
    server: ServerThread,
    browser: Any,
    size: tuple[int, int] = DESKTOP,
    lang: str = "en",
    turn_seconds: float = 0,
) -> tuple[str, list[str], list[Page]]:
    """A table of Anna and Boris with two bots, each at his own browser."""
    answer = httpx.post(
        f"{server.url}/api/tables",
        json={
            "game": "king" if not turn_seconds else "tressette",
            "seats": ["human", "human", "bot:random", "bot:random"],
            "names": ["Anna", "Boris", None, None],
            "turn_seconds": turn_seconds,
        },
    )
    assert answer.status_code == 201, answer.text
    table_id, tokens = answer.json()["table_id"], [s["token"] for s in answer.json()["seats"]]
    pages = [
        Page(browser, f"{server.url}/t/{table_id}?token={token}", size, lang=lang)
        for token in tokens[:2]
    ]
    return table_id, tokens, pages


def plays_on(page: Page, seat: int, seconds: float = 60) -> None:
    """Page plays its turns until the seat ``seat`` has played a card after this moment."""
    start = page.value(f"latest.view.hand_sizes[{seat}]")
    deadline = page.page.evaluate("Date.now()") + seconds * 1000
    while page.value(f"latest.view.hand_sizes[{seat}]") >= start:
        assert page.page.evaluate("Date.now()") < deadline, f"seat {seat} never played"
        if not page.step():
            page.page.wait_for_timeout(20)


@pytest.mark.parametrize(
    ("size", "lang"), [(DESKTOP, "en"), (PHONE, "ru")], ids=["desktop-en", "phone-ru"]
)
def test_leaving_hands_the_seat_to_a_bot_and_the_other_plays_on(
    server: ServerThread, browser: Any, tmp_path: Any, size: tuple[int, int], lang: str
) -> None:
    words = catalogue_json(lang)
    _, _, (anna, boris) = two_people(server, browser, size, lang)
    shots = shots_dir(tmp_path)
    anna.page.click("#leave")
    confirm = anna.page.locator("#leave-confirm")
    assert confirm.is_visible()
    assert confirm.inner_text().startswith(words["ui.leave_question"][:20])
    assert anna.value("document.activeElement.id") == "leave-no"
    anna.page.screenshot(path=str(shots / f"leave-confirm-{lang}-{size[0]}.png"), full_page=True)
    anna.page.click("#leave-no")  # she stays: nothing changed
    assert not confirm.is_visible()
    assert anna.value("latest.view.seat_kinds[0]") == "human"
    anna.page.click("#leave")
    anna.page.click("#leave-yes")
    anna.page.wait_for_url(re.compile(r"/$"))
    assert anna.value("JSON.parse(localStorage.getItem('koloda.tables') || '[]').length") == 0
    boris.wait("latest.view.seat_kinds[0] === 'bot:normal'", 10)
    label = boris.page.inner_text("#seats .seat[data-seat='0']")
    assert words["ui.bot_name"].format(1) in label and "Anna" not in label
    plays_on(boris, 0)  # the bot in Anna's seat plays at its turns, Boris at his
    boris.page.screenshot(path=str(shots / f"after-leave-{lang}-{size[0]}.png"), full_page=True)
    anna.close()
    boris.close()


def test_a_closed_tab_is_played_by_a_bot_after_the_grace_period(
    server: ServerThread, browser: Any, tmp_path: Any
) -> None:
    table_id, tokens, (anna, boris) = two_people(server, browser)
    anna.context.close()  # she closes her tab, and nobody plays her seat for now
    anna.errors.clear()
    boris.wait("people && people.away.includes(0)", GRACE + 10)
    tag = boris.page.inner_text("#seats .seat[data-seat='0'] .tags")
    assert "a bot plays" in tag, tag
    plays_on(boris, 0)
    boris.page.screenshot(path=str(shots_dir(tmp_path) / "away-seat-en.png"), full_page=True)
    back = Page(browser, f"{server.url}/t/{table_id}?token={tokens[0]}")  # she opens it again
    back.wait("people && !people.away.includes(0)", 10)
    boris.wait("people && !people.away.includes(0) && people.presence.online.includes(0)", 10)
    back.close()
    boris.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_timed_out_player_takes_his_seat_back_with_a_click(
    paced: ServerThread, browser: Any, tmp_path: Any, lang: str
) -> None:
    _, _, (anna, boris) = two_people(paced, browser, lang=lang, turn_seconds=1)
    sleeper = anna if anna.value("latest.view.to_act") == 0 else boris
    seat = sleeper.value("latest.seat")
    sleeper.wait(f"people && people.away.includes({seat})", 15)  # nobody plays: time is up
    prompt = sleeper.page.inner_text("#prompt")
    assert prompt == catalogue_json(lang)["ui.bot_plays_for_you"], prompt
    sleeper.page.screenshot(
        path=str(shots_dir(tmp_path) / f"bot-plays-for-you-{lang}.png"), animations="disabled"
    )
    sleeper.page.mouse.click(5, 400)  # a click anywhere
    sleeper.wait(f"people && !people.away.includes({seat})", 10)
    anna.close()
    boris.close()
