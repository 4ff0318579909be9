"""The /daily page in Chromium: a guest sees today's sets with their commitments and the
guest's note, in English and Russian at both sizes, and "Play today's set" in King takes him
to his table; back on /daily his set is one to continue."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import needs_chromium, page_errors, shots_dir, wait_until
from server_support import ServerThread, serving

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def daily_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    yield from serving(tmp_path_factory, "daily_browser")


def test_the_daily_page_starts_a_set(
    daily_server: ServerThread, browser: Any, tmp_path: Path
) -> None:
    shots = shots_dir(tmp_path)
    for lang, (width, height) in (("en", (1280, 800)), ("ru", (390, 844))):
        context = browser.new_context(viewport={"width": width, "height": height})
        context.add_init_script(f"localStorage.setItem('koloda.lang', '{lang}')")
        page = context.new_page()
        errors = page_errors(page)
        page.goto(f"{daily_server.url}/daily")
        wait_until(page, "document.querySelectorAll('.daily-game').length >= 4")
        assert "SHA-256" in page.inner_text("#daily-games")
        assert page.inner_text("#daily-guest")
        assert page.inner_text("#problem") == ""
        page.screenshot(path=str(shots / f"daily-{lang}-{width}.png"), full_page=True)
        if lang == "en":
            page.click("section[data-game=king] button")
            page.wait_for_url("**/t/**")
            page.goto(f"{daily_server.url}/daily")
            wait_until(page, "document.querySelector('section[data-game=king] .mine') !== null")
            assert page.locator("section[data-game=king] button").count() == 0
            page.screenshot(path=str(shots / f"daily-{lang}-{width}-playing.png"), full_page=True)
            day = page.locator("section[data-game=king] a").last.get_attribute("href")
            page.goto(f"{daily_server.url}{day}")
            wait_until(page, "document.querySelector('.daily-day') !== null")
            assert page.inner_text("#problem") == ""
            page.screenshot(path=str(shots / f"daily-day-{lang}-{width}.png"), full_page=True)
        assert errors == []
        context.close()
