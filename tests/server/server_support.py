"""Helpers of the web table tests: a server in a thread, random clients, the leak oracle."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from koloda.core.engine import GameState
from koloda.core.registry import load_rules
from koloda.records import parse_record
from koloda.server.app import create_app
from koloda.server.limits import CreationLimit
from koloda.server.live import Connection, LiveTable
from koloda.server.seating import Seating
from koloda.server.tables import new_table

CARD = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServerThread:
    """uvicorn serving the app in a thread of the test process, over real sockets."""

    def __init__(self, database: str, bot_delay: float = 0.0, **settings: Any) -> None:
        self.port = free_port()
        # every test client comes from one address: creation is limited only where a test
        # says so
        settings.setdefault("creation_limit", CreationLimit(per_address=10**6, total=10**6))
        self.app = create_app(database, bot_delay=bot_delay, **settings)
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            ws_max_size=1 << 20,
            ws_per_message_deflate=False,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> ServerThread:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


class ServerProcess:
    """``koloda serve`` in its own process, so it can be killed outright."""

    def __init__(self, database: str, workdir: Path, *extra: str) -> None:
        self.database = database
        self.workdir = workdir
        self.extra = list(extra)
        """More ``koloda serve`` options."""
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        command = [sys.executable, "-m", "koloda", "serve", "--port", str(self.port)]
        command += ["--database", self.database, "--bot-delay", "0", *self.extra]
        self.process = subprocess.Popen(
            command, cwd=self.workdir, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + 30
        while True:
            assert self.process.poll() is None, "the server exited"
            try:
                if httpx.get(f"{self.url}/api/bots", timeout=1).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


def serving(
    factory: Any, name: str, bot_delay: float = 0.0, **settings: Any
) -> Iterator[ServerThread]:
    """A module fixture's server on a fresh SQLite file (``factory``: pytest's
    tmp_path_factory)."""
    path = factory.mktemp(name) / "koloda.db"
    running = ServerThread(f"sqlite:///{path}", bot_delay=bot_delay, **settings).start()
    yield running
    running.stop()


def create_table(base: str, game: str, options: dict[str, Any], seats: list[str]) -> dict[str, Any]:
    response = httpx.post(
        f"{base}/api/tables", json={"game": game, "options": options, "seats": seats}
    )
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def receive(ws: ClientConnection, timeout: float = 10, people: bool = False) -> dict[str, Any]:
    """The next message; who-is-at-the-table news (``table``) is passed over unless
    ``people``."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=timeout))
        if people or message["type"] != "table":
            return message


def receive_until(ws: ClientConnection, kind: str, timeout: float = 10) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        message = receive(ws, max(0.1, deadline - time.monotonic()))
        if message["type"] == kind:
            return message


class Client(threading.Thread):
    """A seat (or a spectator) over a real WebSocket; a random player when it has a token.

    Every message received is kept for the leak scan.
    """

    def __init__(self, ws_url: str, table_id: str, token: str | None, seed: int) -> None:
        super().__init__(daemon=True)
        query = f"?token={token}" if token else ""
        self.address = f"{ws_url}/ws/tables/{table_id}{query}"
        self.plays = token is not None
        self.rng = random.Random(seed)
        self.messages: list[dict[str, Any]] = []
        self.error: BaseException | None = None
        self.finished = False

    def run(self) -> None:
        try:
            with connect(self.address, max_size=1 << 22) as ws:
                while True:
                    message = receive(ws, timeout=60)
                    self.messages.append(message)
                    if message["type"] == "error":
                        raise AssertionError(f"refused: {message}")
                    if message["type"] != "view":
                        continue  # who is at the table, table talk: nothing to play
                    view = message["view"]
                    if view["finished"]:
                        self.finished = True
                        return
                    if self.plays and message["seat"] in message["table"]["waiting_for"]:
                        ws.send(json.dumps({"type": "next_deal"}))  # read the deal's summary
                    if self.plays and view["legal_actions"]:
                        action = self.rng.choice(view["legal_actions"])
                        ws.send(
                            json.dumps(
                                {"type": "act", "action": action, "version": message["version"]}
                            )
                        )
        except BaseException as error:
            self.error = error


def cards_in(value: Any) -> set[str]:
    return set(CARD.findall(json.dumps(value)))


class Oracle:
    """What each seat may know at each version, from the finished game's record and the
    engine's own views and redacted events (the engine decides what a seat may know)."""

    def __init__(self, record: dict[str, Any]) -> None:
        parsed = parse_record(record)
        rules = parsed.rules
        self.num_seats = rules.num_seats
        state: GameState = rules.empty_state(parsed.first_dealer)
        deals = parsed.deals
        self.allowed: list[list[set[str]]] = []
        self.shown_at_end = rules.info.hands_shown_at_deal_end
        self.hands_at_end: dict[int, list[set[str]]] = {}
        """Each seat's cards left when a deal ended, by the version that ended it (shown to
        all in the games that score them, ``GameInfo.hands_shown_at_deal_end``)."""
        played: set[str] = set()

        def seat_knowledge(events: list[Any]) -> list[set[str]]:
            nonlocal played
            out = []
            for seat in range(self.num_seats):
                known = cards_in(state.view(seat).to_json())
                for e in events:
                    known |= cards_in(e.for_seat(seat).to_json())
                out.append(known)
            return out

        events = list(state.start_deal(rules.setup_from_json(deals[0])))
        deal_index = 0
        before = [set() for _ in range(self.num_seats)]
        self._push(seat_knowledge(events), before, played, events)
        for deal_index, deal in enumerate(deals):
            for position, text in enumerate(deal["actions"]):
                before = [cards_in(state.view(s).to_json()) for s in range(self.num_seats)]
                last = position == len(deal["actions"]) - 1
                if last:
                    hands = [set(state.view(s).to_json()["hand"]) for s in range(self.num_seats)]
                    hands[state.to_act] = set()
                    self.hands_at_end[len(self.allowed)] = hands
                events = list(state.apply(rules.parse_action(text)))
                if last and deal_index + 1 < len(deals) and state.awaiting_deal:
                    events += state.start_deal(rules.setup_from_json(deals[deal_index + 1]))
                self._push(seat_knowledge(events), before, played, events)
                played = self._played_after(played, events)

    def _played_after(self, played: set[str], events: list[Any]) -> set[str]:
        for e in events:
            data = e.to_json()
            if data.get("type") == "deal_started":
                played = set()
            elif data.get("type") == "card_played":
                played = played | {data["card"]}
        return played

    def _push(
        self, now: list[set[str]], before: list[set[str]], played: set[str], events: list[Any]
    ) -> None:
        public_played = self._played_after(set(played), events) | played
        self.allowed.append([now[s] | before[s] | public_played for s in range(self.num_seats)])

    def check(self, seat: int | None, message: dict[str, Any]) -> None:
        if message["type"] != "view":
            return
        version = message["version"]
        if seat is None:
            allowed = set.intersection(*self.allowed[version])
        else:
            allowed = self.allowed[version][seat]
        if "hands_left" in message:
            assert self.shown_at_end, "only a game that scores the hands left shows them"
            shown = [set(hand) for hand in message["hands_left"]]
            ended = max(v for v in self.hands_at_end if v <= version)
            assert shown == self.hands_at_end[ended], "the hands shown are those left"
            message = {key: value for key, value in message.items() if key != "hands_left"}
        leaked = cards_in(message) - allowed
        assert not leaked, f"seat {seat} at version {version} was shown {sorted(leaked)}"


def facts(server: ServerThread, table_id: str) -> dict[str, Any]:
    """``GET /api/tables/{id}``: who sits where, as the lobby sees it."""
    answer = httpx.get(f"{server.url}/api/tables/{table_id}")
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def post(server: ServerThread, path: str, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(f"{server.url}{path}", json=body)


def next_of(ws: ClientConnection, kind: str, timeout: float = 10) -> dict[str, Any]:
    """The next message of type ``kind`` (others are passed over)."""
    deadline = time.monotonic() + timeout
    while True:
        message = receive(ws, max(0.1, deadline - time.monotonic()), people=True)
        if message["type"] == kind:
            return message


def alive(pid: int) -> bool:
    """Whether the process runs (an exited one not yet reaped by its new parent does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def play_some(
    base: str, table_id: str, tokens: list[str], actions: int, rng: random.Random
) -> list[dict[str, Any]]:
    """Play ``actions`` random actions by the seats' turns; each seat's latest view."""
    sockets = [
        connect(f"{base}/ws/tables/{table_id}?token={t}", ping_interval=None).__enter__()
        for t in tokens
    ]
    views = [receive(ws) for ws in sockets]
    for _ in range(actions):
        seat = views[0]["view"]["to_act"]
        if seat is None:
            break
        mine = views[seat]
        action = rng.choice(mine["view"]["legal_actions"])
        sockets[seat].send(
            json.dumps({"type": "act", "action": action, "version": mine["version"]})
        )
        views = [receive_until(ws, "view") for ws in sockets]
    for ws in sockets:
        ws.close()
    return views


def drain(connection: Connection) -> list[dict[str, Any]]:
    """What the server queued for a connection so far, as JSON, taken off its queue."""
    out = []
    while not connection.outbox.empty():
        text = connection.outbox.get_nowait()
        assert text is not None
        out.append(json.loads(text))
    return out


def people_table(game: str = "king", turn_seconds: float = 0.0, hints: bool = True) -> LiveTable:
    """A live table of ``game`` with a person in every seat, not stored, not owned."""
    seats = ["human"] * load_rules(game, {}).num_seats
    seating = Seating([], hints=hints, turn_seconds=turn_seconds)
    table, _ = new_table(game, {}, seats, None, seating, entropy=False)
    return table


def play_seat(
    ws_url: str, table_id: str, token: str, last: bool = False, leave: bool = False
) -> None:
    """Play a person's seat to the table's end (of its game, or of its set of deals): always
    the first legal move (the last, with ``last``), "next deal" after each deal; with
    ``leave``, leave the seat at the first decision instead."""
    with connect(f"{ws_url}/ws/tables/{table_id}?token={token}", max_size=1 << 22) as ws:
        while True:
            message = receive(ws, timeout=90)
            assert message["type"] != "error", message
            if message["type"] != "view":
                continue
            view = message["view"]
            if view["finished"]:
                return
            if leave and view["legal_actions"]:
                ws.send(json.dumps({"type": "leave"}))
                return
            if message["seat"] in message["table"]["waiting_for"]:
                ws.send(json.dumps({"type": "next_deal"}))
            if view["legal_actions"]:
                action = view["legal_actions"][-1 if last else 0]
                ws.send(
                    json.dumps({"type": "act", "action": action, "version": message["version"]})
                )
