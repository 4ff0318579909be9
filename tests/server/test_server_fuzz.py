"""Fuzzing the table protocol: random sequences of good, stale, misplaced, malformed and
hostile messages from several clients, over real WebSockets and HTTP. After every step the
server has made no error of its own, and the live game equals a replay of what it stored."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from server_support import ServerThread, create_table
from websockets.sync.client import ClientConnection, connect

from koloda import load_game
from koloda.server.limits import Bucket, MessageLimit
from koloda.server.live import LiveTable, rebuild
from koloda.server.tables import TableManager

GAMES = {
    "king": {},
    "spades": {"max_deals": 1},
    "hundred_one": {"players": 3},
    "tressette": {},
}


def unlimited() -> MessageLimit:
    """The fuzzer sends far more than a person would: no message limit here."""
    return MessageLimit(Bucket(10**9, 1.0), Bucket(10**9, 1.0))


@pytest.fixture(scope="module")
def fuzz_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    path: Path = tmp_path_factory.mktemp("db") / "fuzz.db"
    running = ServerThread(f"sqlite:///{path}", deal_pause=0.0, message_limit=unlimited)
    yield running.start()
    running.stop()


SERVER: list[ServerThread] = []

HOSTILE = st.sampled_from(
    [
        "{not json",
        "[]",
        "null",
        '"act"',
        "{}",
        '{"type": 7}',
        '{"type": "act"}',
        '{"type": "act", "action": 12}',
        '{"type": "act", "action": "QH", "version": "1"}',
        '{"type": "act", "action": "QH", "version": true}',
        '{"type": "act", "action": "' + "Q" * 300 + '"}',
        "[" * 2000 + "]" * 2000,
        '{"type": "chat", "phrase": {"x": 1}}',
        '{"type": "hint", "extra": [1, 2, 3]}',
        '{"type": "next_deal"}',
        '{"type": "back"}',
        '{"type": "sync"}',
        '{"type": "ping"}',
        "x" * 5000,
    ]
)
ACTIONS = st.sampled_from(
    [
        "QH",
        "10S",
        "AS",
        "draw",
        "pass",
        "look",
        "bid:nil",
        "bid:3",
        "trump:S",
        "trump:last",
        "order:no_king",
        "suit:H",
        "give:AS,KS,QS",
        "discard:2S,3S,4S",
        "zz",
    ]
)


class TableProtocol(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.server = SERVER[0]
        self.sockets: list[ClientConnection] = []
        self.views: dict[int, dict[str, Any]] = {}
        self.table_id = ""

    @initialize(game=st.sampled_from(sorted(GAMES)))
    def open_table(self, game: str) -> None:
        options = GAMES[game]
        seats = load_game(game, **options).num_seats
        created = create_table(self.server.url, game, options, ["human"] * seats)
        self.table_id = created["table_id"]
        for seat in created["seats"]:
            ws = connect(f"{self.server.ws_url}/ws/tables/{self.table_id}?token={seat['token']}")
            self.sockets.append(ws.__enter__())
        self.sockets.append(connect(f"{self.server.ws_url}/ws/tables/{self.table_id}").__enter__())
        self.drain()

    # ----- what the server holds ------------------------------------------------------------

    def manager(self) -> TableManager:
        manager: TableManager = self.server.app.state.manager
        return manager

    def table(self) -> LiveTable:
        return self.manager().tables[self.table_id]

    def quiet(self) -> None:
        """Wait until the table has handled everything sent to it."""
        deadline = time.monotonic() + 10
        table = self.table()
        while not table.queue.empty() or table.busy:
            assert time.monotonic() < deadline, "the table stopped handling messages"
            time.sleep(0.005)
        time.sleep(0.01)

    def drain(self) -> None:
        """Read what every client was sent; no answer may be the server's own failure."""
        self.quiet()
        for index, ws in enumerate(self.sockets):
            while True:
                try:
                    message = json.loads(ws.recv(timeout=0.02))
                except TimeoutError:
                    break
                assert message.get("code") != "internal", message
                if message["type"] == "view":
                    self.views[index] = message

    # ----- rules: what clients send -----------------------------------------------------------

    @precondition(lambda self: self.table_id)
    @rule(pick=st.integers(0, 10**6))
    def good_move(self, pick: int) -> None:
        """A legal action on time (the deal is the server's secret shuffle: an index into
        the legal actions keeps the runs reproducible)."""
        state = self.table().state
        seat = state.to_act
        if seat is None:
            return
        legal = state.legal_actions()
        action = self.table().rules.format_action(legal[pick % len(legal)])
        message = {"type": "act", "action": action, "version": self.table().version}
        self.sockets[seat].send(json.dumps(message))
        self.drain()

    @precondition(lambda self: self.table_id)
    @rule(seat=st.integers(0, 4), action=ACTIONS, shift=st.integers(-2, 2))
    def doubtful_move(self, seat: int, action: str, shift: int) -> None:
        """Any action, from any client (a spectator too), with a version off by a little."""
        version = self.table().version + shift
        self.sockets[seat % len(self.sockets)].send(
            json.dumps({"type": "act", "action": action, "version": version})
        )
        self.drain()

    @precondition(lambda self: self.table_id)
    @rule(seat=st.integers(0, 4), text=HOSTILE)
    def hostile(self, seat: int, text: str) -> None:
        self.sockets[seat % len(self.sockets)].send(text)
        self.drain()

    @precondition(lambda self: self.table_id)
    @rule(seat=st.integers(0, 4), data=st.binary(max_size=64))
    def binary(self, seat: int, data: bytes) -> None:
        self.sockets[seat % len(self.sockets)].send(data)
        self.drain()

    @precondition(lambda self: self.table_id)
    @rule(seat=st.integers(0, 4), phrase=st.sampled_from(["hello", "bye", "rude word", ""]))
    def talk(self, seat: int, phrase: str) -> None:
        self.sockets[seat % len(self.sockets)].send(json.dumps({"type": "chat", "phrase": phrase}))
        self.drain()

    @precondition(lambda self: self.table_id)
    @rule(
        path=st.sampled_from(["join", "rematch"]),
        body=st.one_of(
            st.just({}),
            st.just({"seat": 99}),
            st.just({"seat": -1, "name": "x" * 500}),
            st.just({"token": "nope"}),
            st.just({"previous_token": "nope", "seat": 0}),
            st.just({"name": 5}),
        ),
    )
    def http(self, path: str, body: dict[str, Any]) -> None:
        response = httpx.post(f"{self.server.url}/api/tables/{self.table_id}/{path}", json=body)
        assert response.status_code in (403, 409, 422), response.text
        assert set(response.json()) == {"detail"}
        self.drain()

    # ----- after every step ---------------------------------------------------------------------

    @invariant()
    def equals_its_stored_record(self) -> None:
        if not self.table_id:
            return
        self.quiet()
        table = self.table()
        store = self.manager().store

        def compare(live: LiveTable) -> tuple[int, list[dict[str, Any]]]:
            # in the table's owner, between two items: nothing is half applied or half
            # stored (a client's message still on its way cannot slip in)
            stored = store.load(live.id)
            assert stored is not None
            replayed = rebuild(stored)
            assert replayed.version == live.version
            views = [live.state.view(s).to_json() for s in range(live.rules.num_seats)]
            for seat, view in enumerate(views):
                assert replayed.state.view(seat).to_json() == view
            return live.version, views

        assert table.task is not None
        owner = table.task.get_loop()
        version, views = asyncio.run_coroutine_threadsafe(
            self.manager().call(table, compare), owner
        ).result(timeout=30)
        for index, message in self.views.items():
            if message["version"] == version and index < len(views):
                assert message["view"]["hand"] == views[index]["hand"]

    def teardown(self) -> None:
        for ws in self.sockets:
            ws.close()


def test_the_table_protocol_survives_fuzzing(fuzz_server: ServerThread) -> None:
    SERVER[:] = [fuzz_server]
    run = TableProtocol.TestCase
    run.settings = settings(
        max_examples=8,
        stateful_step_count=25,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    run().runTest()
