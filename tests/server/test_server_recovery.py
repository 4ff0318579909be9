"""Crash recovery: the server process is killed (SIGKILL) mid-game and restarted on the same
database; every table resumes exactly at its last acknowledged action, nothing lost."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from postgres_server import PostgresServer
from server_support import Client, ServerProcess, create_table, play_some, receive
from websockets.sync.client import connect

from koloda.records import parse_record, replay


@pytest.fixture(scope="module")
def postgres() -> Iterator[PostgresServer]:
    server = PostgresServer().start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """The same tests on the default SQLite file and on a real PostgreSQL server."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'koloda.db'}", tmp_path
    else:
        server: PostgresServer = request.getfixturevalue("postgres")
        yield server.new_database(), tmp_path


def test_server_killed_mid_game_resumes_exactly(database: tuple[str, Path]) -> None:
    url, workdir = database
    server = ServerProcess(url, workdir).start()
    rng = random.Random(7)
    try:
        tables = {}
        for game, options, seats in (
            ("king", {"variant": "classic"}, 4),
            ("hundred_one", {"players": 3, "hand_size": 5}, 3),
        ):
            created = create_table(server.url, game, options, ["human"] * seats)
            tokens = [s["token"] for s in created["seats"]]
            views = play_some(server.ws_url, created["table_id"], tokens, 70, rng)
            tables[created["table_id"]] = (tokens, views)
        bots = create_table(server.url, "king", {"variant": "classic"}, ["bot:random"] * 4)
        watcher = connect(
            f"{server.ws_url}/ws/tables/{bots['table_id']}", ping_interval=None
        ).__enter__()
        seen = [receive(watcher) for _ in range(40)]
        server.kill()
        watcher.close()

        server = ServerProcess(url, workdir).start()
        for table_id, (tokens, before) in tables.items():
            after = [
                receive(
                    connect(
                        f"{server.ws_url}/ws/tables/{table_id}?token={t}", ping_interval=None
                    ).__enter__()
                )
                for t in tokens
            ]
            for old, new in zip(before, after, strict=True):
                assert new["version"] == old["version"] > 0
                assert new["view"] == {**old["view"]}, "the view after restart is the same"
            # and the game goes on to its end
            clients = [Client(server.ws_url, table_id, t, seed=i) for i, t in enumerate(tokens)]
            for client in clients:
                client.start()
            for client in clients:
                client.join(timeout=60)
                assert client.error is None and client.finished
            record = httpx.get(f"{server.url}/api/tables/{table_id}/record").json()
            state = replay(parse_record(record))
            assert state.is_over
            assert record["totals"] == clients[0].messages[-1]["view"]["totals"]

        # the bots' table resumed from at least what the spectator had seen, and finished
        deadline = time.monotonic() + 60
        facts = httpx.get(f"{server.url}/api/tables/{bots['table_id']}").json()
        assert facts["version"] >= seen[-1]["version"]
        while not facts["finished"]:
            assert time.monotonic() < deadline
            time.sleep(0.1)
            facts = httpx.get(f"{server.url}/api/tables/{bots['table_id']}").json()
        record = httpx.get(f"{server.url}/api/tables/{bots['table_id']}/record").json()
        actions = [a for deal in record["deals"] for a in deal["actions"]]
        checked = 0
        for message in seen:
            plays = [e["card"] for e in message["events"] if e["type"] == "card_played"]
            if plays:
                assert actions[message["version"] - 1] == plays[0], "the stored actions"
                checked += 1
        assert checked > 20
    finally:
        server.kill()
