"""The lobby in a real headless Chromium (Debian's), driven by Playwright: a King table with
three bots made from the lobby, its invitation, and the seat's link opening the table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import needs_chromium, page_errors, shots_dir
from server_support import ServerThread, serving

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def ui_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    yield from serving(tmp_path_factory, "ui", bot_delay=0.02)


@pytest.mark.parametrize("size", [(1000, 800), (390, 844)], ids=["desktop", "phone"])
def test_server_browser_lobby_opens_a_king_table(
    ui_server: ServerThread, browser: object, tmp_path: Path, size: tuple[int, int]
) -> None:
    shots = shots_dir(tmp_path)
    name = f"{size[0]}x{size[1]}"
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})  # type: ignore[attr-defined]
    page = context.new_page()
    errors = page_errors(page)
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

    page.wait_for_selector("#hand .card")  # the table page: its own tests are test_table_browser
    assert page.locator("#hand .card").count() == 8
    assert not errors, errors
    assert all(url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:")) for url in requests)
    context.close()
