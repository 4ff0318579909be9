"""Three `koloda serve --cluster` processes on one private PostgreSQL server: a client reaches
its table through any of them, and when the table's owner is killed (SIGKILL) another takes
the table over within seconds, without losing an acknowledged action."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from postgres_server import PostgresServer
from server_support import ServerProcess, create_table, receive
from websockets.sync.client import connect

LEASE = "2"


@pytest.fixture(scope="module")
def postgres() -> Iterator[PostgresServer]:
    server = PostgresServer().start()
    yield server
    server.stop()


def play(url: str, moves: int) -> int:
    """Make ``moves`` of the person's moves over the WebSocket at ``url``; the version the
    server acknowledged last."""
    acknowledged = -1
    with connect(url, open_timeout=10) as ws:
        made = 0
        while True:
            message = receive(ws, timeout=20)
            if message["type"] != "view":
                continue
            acknowledged = message["version"]
            legal = message["view"]["legal_actions"]
            if made == moves:
                return acknowledged
            if legal:
                ws.send(json.dumps({"type": "act", "action": legal[0], "version": acknowledged}))
                made += 1


def first_view(url: str, seconds: float) -> dict[str, Any]:
    """The first view a WebSocket at ``url`` gets, trying again while the table moves."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with connect(url, open_timeout=10) as ws:
                return receive(ws, timeout=10)
        except Exception:
            assert time.monotonic() < deadline, "the table was not taken over"
            time.sleep(0.2)


def test_three_processes_share_the_tables_and_survive_a_kill(
    postgres: PostgresServer, tmp_path: Path
) -> None:
    database = postgres.new_database()
    options = ("--cluster", "--lease-seconds", LEASE, "--bot-processes", "0")
    first, second, third = (ServerProcess(database, tmp_path, *options) for _ in range(3))
    for process in (first, second, third):
        process.start()
    try:
        people = create_table(first.url, "king", {}, ["human"] + ["bot:random"] * 3)
        bots = create_table(first.url, "spades", {}, ["bot:random"] * 4)
        token = people["seats"][0]["token"]
        path = f"/ws/tables/{people['table_id']}?token={token}"
        # through the second process: relayed to the owner, the first
        acknowledged = play(second.ws_url + path, moves=3)
        deadline = time.monotonic() + 20
        while True:  # the bots play on to the person's turn (asked of the third: forwarded)
            facts = httpx.get(f"{third.url}/api/tables/{people['table_id']}").json()
            if facts["to_act"] == 0:
                break
            assert time.monotonic() < deadline
            time.sleep(0.1)
        assert facts["version"] >= acknowledged
        acknowledged = facts["version"]
        before = httpx.get(f"{second.url}/api/tables/{bots['table_id']}").json()["version"]

        first.kill()
        view = first_view(third.ws_url + path, seconds=20)
        assert view["version"] == acknowledged, "an acknowledged action was lost"
        assert view["seat"] == 0 and view["view"]["hand"]
        again = play(third.ws_url + path, moves=2)
        assert again > acknowledged
        # the bots' table had nobody connected: a survivor found it and its bots play on
        deadline = time.monotonic() + 30
        while True:
            facts = httpx.get(f"{second.url}/api/tables/{bots['table_id']}").json()
            if facts["finished"] or facts["version"] > before + 20:
                break
            assert time.monotonic() < deadline, "the orphaned bots' table stood still"
            time.sleep(0.2)
    finally:
        for process in (first, second, third):
            process.kill()
