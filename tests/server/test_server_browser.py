"""The browser UI in a real headless Chromium (Debian's), driven by Playwright: a King table
with three bots, a whole deal played by clicking legal cards, then the score sheet."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_support import ServerThread

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no /usr/bin/chromium")


@pytest.fixture(scope="module")
def ui_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    path = tmp_path_factory.mktemp("ui") / "koloda.db"
    running = ServerThread(f"sqlite:///{path}", bot_delay=0.02).start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield launched
        launched.close()


def shots_dir(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("KOLODA_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def wait_until(page: Any, expression: str, seconds: float) -> None:
    """Poll ``expression`` in the page (``wait_for_function`` would need ``eval``, which the
    page's Content-Security-Policy forbids, as it should)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"timed out waiting for {expression}"
        page.wait_for_timeout(20)


@pytest.mark.parametrize("size", [(1000, 800), (390, 844)], ids=["desktop", "phone"])
def test_server_browser_plays_a_deal_of_king(
    ui_server: ServerThread, browser: object, tmp_path: Path, size: tuple[int, int]
) -> None:
    shots = shots_dir(tmp_path)
    name = f"{size[0]}x{size[1]}"
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})  # type: ignore[attr-defined]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(  # a blocked script or style would break the page silently
        "console",
        lambda message: (
            errors.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))

    page.goto(ui_server.url + "/")
    page.wait_for_selector("#seat-3")
    page.select_option("#game", "king")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-{seat}", "bot:random")
    page.click("[data-lang=ru]")
    assert page.inner_text("#start") == "Начать игру"
    page.click("[data-lang=en]")
    page.screenshot(path=str(shots / f"lobby-{name}.png"), full_page=True)
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= size[0], f"the lobby scrolls sideways: {wide} px in {size[0]}"
    page.click("#start")
    page.wait_for_selector("#links .play-link")
    assert page.locator("#links li").count() == 1
    page.screenshot(path=str(shots / f"invites-{name}.png"), full_page=True)
    page.click("#links .play-link")

    page.wait_for_selector(".hand .card")
    assert page.locator(".hand .card").count() == 8
    clicks = 0
    while clicks < 8:
        page.wait_for_selector(".hand .card.legal, .player[data-seat='0'] b")
        legal = page.locator(".hand .card.legal")
        if page.evaluate("latest && latest.view.deals_scored") >= 1:
            break
        if legal.count() == 0:
            page.wait_for_timeout(20)
            continue
        before = page.locator(".hand .card").count()
        if clicks == 3:
            page.screenshot(path=str(shots / f"table-{name}.png"), full_page=True)
            page.click("#show-last")  # three tricks are taken: the last is shown
            page.wait_for_selector("#overlay-body .card")
            assert page.locator("#overlay-body .card").count() == 4
            page.screenshot(path=str(shots / f"last-trick-{name}.png"), full_page=True)
            page.click("#close")
        legal.first.click()
        clicks += 1
        wait_until(page, f"document.querySelectorAll('.hand .card').length !== {before}", 10)
    wait_until(page, "latest && latest.view.deals_scored >= 1", 20)
    assert clicks == 8, "the first deal (no tricks) takes all eight cards"
    page.click("#show-sheet")
    page.wait_for_selector("#sheet-table tr:nth-child(2)")
    sheet_rows = page.locator("#sheet-table tr").count()
    assert sheet_rows >= 3  # header, deal 1, totals
    page.screenshot(path=str(shots / f"sheet-{name}.png"), full_page=True)
    # the sheet and the log are worded from the catalogues, in the language chosen
    assert "Deals" in page.inner_text("#overlay-body") and "col." not in page.inner_text(
        "#overlay-body"
    )
    page.click("#close")
    page.click("[data-lang=ru]")
    log = page.inner_text("#log")
    assert "event." not in log and "взятку" in log, log
    assert page.inner_text("#status") in ("на связи", "подключение…")  # no English left
    page.click("#show-sheet")
    wait_until(page, "document.querySelector('#overlay-body').innerText.includes('Сдачи')", 10)
    page.screenshot(path=str(shots / f"sheet-ru-{name}.png"), full_page=True)
    page.click("#close")
    page.click("[data-lang=en]")
    assert not errors, errors
    assert all(url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:")) for url in requests)
    context.close()
