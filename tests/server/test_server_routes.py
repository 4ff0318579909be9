"""The app's routers, each on its own: a game's browser modules (``routes.pages``), the
analyses kept per seat (``routes.analysis``), the shared health check (``routes.stats``), and
how the WebSocket reads a client's message (``routes.play``)."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.routing import APIRoute, APIWebSocketRoute
from server_support import ServerThread, serving

from koloda.core.plugin import GamePlugin
from koloda.core.registry import available_games, game_plugin
from koloda.server.app import ROUTERS, create_app
from koloda.server.live import MAX_MESSAGE
from koloda.server.protocol.ws import (
    ErrorMessage,
    PingMessage,
    SyncMessage,
    read_client_message,
)
from koloda.server.routes import pages
from koloda.server.routes.analysis import Analyses
from koloda.server.routes.stats import StoreHealth

BOARD = "export function board() { return 'a board'; }\n"


@pytest.fixture(scope="module")
def routes_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    yield from serving(tmp_path_factory, "routes")


@pytest.fixture
def web_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A game whose plug-in names a package (made here) with a ``web/board.js``; the other
    games keep their own plug-ins."""
    package = tmp_path / "koloda_test_board"
    (package / "web").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "web" / "board.js").write_text(BOARD)
    (package / "web" / "notes.txt").write_text("not a module")
    (package / "secret.js").write_text("outside web/")
    monkeypatch.syspath_prepend(str(tmp_path))
    chosen = available_games()[0]

    def plugin(name: str) -> GamePlugin:
        found = game_plugin(name)
        return dataclasses.replace(found, web="koloda_test_board") if name == chosen else found

    monkeypatch.setattr(pages, "game_plugin", plugin)
    return chosen


def test_a_games_module_is_served_as_javascript(routes_server: ServerThread, web_game: str) -> None:
    answer = httpx.get(f"{routes_server.url}/games/{web_game}/board.js")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.text == BOARD


@pytest.mark.parametrize(
    "file", ["missing.js", "notes.txt", ".board.js", "board.js.map", "..", "web%2Fboard.js"]
)
def test_only_a_plain_module_of_the_games_web_folder_is_served(
    routes_server: ServerThread, web_game: str, file: str
) -> None:
    answer = httpx.get(f"{routes_server.url}/games/{web_game}/{file}")
    assert answer.status_code == 404


def test_a_file_outside_the_web_folder_is_not_served(
    routes_server: ServerThread, web_game: str
) -> None:
    assert pages.game_module(web_game, "board.js") == BOARD.encode()
    assert pages.game_module(web_game, "secret.js") is None
    answer = httpx.get(f"{routes_server.url}/games/{web_game}/..%2Fsecret.js")
    assert answer.status_code == 404


def test_an_unknown_game_or_one_without_modules_has_none(
    routes_server: ServerThread, monkeypatch: pytest.MonkeyPatch
) -> None:
    chosen = available_games()[0]
    monkeypatch.setattr(
        pages, "game_plugin", lambda name: dataclasses.replace(game_plugin(name), web=None)
    )
    assert httpx.get(f"{routes_server.url}/games/{chosen}/board.js").status_code == 404
    assert httpx.get(f"{routes_server.url}/games/no-such-game/board.js").status_code == 404
    for package in ("koloda_no_such_package", "json.decoder"):  # missing, or no package
        monkeypatch.setattr(
            pages,
            "game_plugin",
            lambda name, web=package: dataclasses.replace(game_plugin(name), web=web),
        )
        assert pages.game_module(chosen, "board.js") is None


def test_every_router_is_in_the_app() -> None:
    app = create_app("sqlite://")
    for router in ROUTERS:
        for route in router.routes:
            assert isinstance(route, APIRoute | APIWebSocketRoute)
            params = {name: "x" for name in route.param_convertors}
            assert app.url_path_for(route.name, **params) == route.path.format(**params)


def test_an_analysis_runs_once_and_is_shared() -> None:
    calls: list[int] = []

    async def search() -> list[dict[str, Any]]:
        calls.append(1)
        await asyncio.sleep(0.01)
        return [{"move": len(calls)}]

    async def scenario() -> list[list[dict[str, Any]]]:
        analyses = Analyses()
        together = await asyncio.gather(*(analyses.of(("t", 0), search) for _ in range(3)))
        later = await analyses.of(("t", 0), search)
        return [*together, later]

    answers = asyncio.run(scenario())
    assert len(calls) == 1
    assert all(answer == [{"move": 1}] for answer in answers)


def test_a_failed_analysis_is_searched_again_and_the_oldest_goes_first() -> None:
    failures = [RuntimeError("the worker died")]

    async def search() -> list[dict[str, Any]]:
        if failures:
            raise failures.pop()
        return []

    async def scenario() -> tuple[list[dict[str, Any]], int]:
        analyses = Analyses(limit=2)
        with pytest.raises(RuntimeError):
            await analyses.of(("t", 0), search)
        again = await analyses.of(("t", 0), search)
        for seat in (1, 2, 3):
            await analyses.of(("t", seat), search)
        return again, len(analyses)

    again, kept = asyncio.run(scenario())
    assert again == []
    assert kept == 2


class SlowStore:
    """A store whose check takes a moment and fails when told."""

    def __init__(self, failure: Exception | None = None) -> None:
        self.checks = 0
        self.failure = failure

    async def check(self) -> None:
        self.checks += 1
        await asyncio.sleep(0.01)
        if self.failure is not None:
            raise self.failure


def test_callers_at_once_share_one_health_check() -> None:
    async def scenario(store: SlowStore) -> list[Any]:
        health = StoreHealth()
        return list(await asyncio.gather(*(health.check(store) for _ in range(4))))  # type: ignore[arg-type]

    store = SlowStore()
    answers = asyncio.run(scenario(store))
    assert store.checks == 1
    assert all(answer.ok and answer.store == "ok" for answer in answers)
    failing = SlowStore(OSError("disk full\nand more"))
    answers = asyncio.run(scenario(failing))
    assert all(not a.ok and a.store == "failing: disk full" for a in answers)


@pytest.mark.parametrize(
    ("text", "parsed", "problem"),
    [
        ('{"type": "ping"}', PingMessage(), None),
        (None, None, "messages are JSON text, not binary"),
        ("{", None, "malformed JSON"),
        ("[" * 100_000, None, "message too long"),
    ],
)
def test_a_clients_message_is_read_or_refused(
    text: str | None, parsed: Any, problem: str | None
) -> None:
    got = read_client_message(text)
    if problem is None:
        assert got == parsed
    else:
        assert isinstance(got, ErrorMessage) and got.code == "bad_message"
        assert got.message.startswith(problem)


def test_the_longest_message_is_still_read() -> None:
    text = '{"type": "sync", "pad": "' + "x" * (MAX_MESSAGE - 30) + '"}'
    assert len(text) <= MAX_MESSAGE
    assert isinstance(read_client_message(text), SyncMessage)
