"""Players' randomness in the deals (issue 16's provably fair dealing): a table created with
``entropy`` deals its first deal only when every person's seat has given its own randomness,
keeps what was given across a restart, and reveals it with the seed at the end, so that
``records.fairness.verify`` recomputes every deal from the two."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
from server_support import Client, ServerThread, receive, receive_until
from websockets.sync.client import ClientConnection, connect

from koloda import load_game
from koloda.records import parse_record
from koloda.records.fairness import deal_seed, verify

SEATS = ["human", "human", "bot:random", "bot:random"]


def create(server: ServerThread, seats: list[str], entropy: bool = True) -> dict[str, Any]:
    body = {"game": "spades", "options": {"max_deals": 1}, "seats": seats, "entropy": entropy}
    response = httpx.post(f"{server.url}/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def seat_socket(server: ServerThread, table_id: str, token: str | None) -> ClientConnection:
    query = f"?token={token}" if token else ""
    return connect(f"{server.ws_url}/ws/tables/{table_id}{query}")


def give(ws: ClientConnection, value: Any) -> None:
    ws.send(json.dumps({"type": "entropy", "value": value}))


def test_the_first_deal_waits_for_each_persons_randomness(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'koloda.db'}"
    server = ServerThread(database).start()
    try:
        created = create(server, SEATS)
        table_id = created["table_id"]
        tokens = [seat["token"] for seat in created["seats"]]
        with seat_socket(server, table_id, tokens[0]) as ws:
            first = receive(ws)
            assert first["view"]["to_act"] is None and sum(first["view"]["hand_sizes"]) == 0
            assert first["table"]["entropy"] == {"given": [], "pending": [0, 1]}
            give(ws, "not random!")
            assert receive(ws)["code"] == "bad_message"
            give(ws, "a1" * 16)
            news = receive_until_people(ws)
            assert news["table"]["entropy"] == {"given": [0], "pending": [1]}
            give(ws, "b2" * 16)  # once per seat: the first value stays
            assert receive(ws)["code"] == "entropy_closed"
        with seat_socket(server, table_id, None) as watcher:
            receive(watcher)
            give(watcher, "c3")
            assert receive(watcher)["code"] == "bad_message"
    finally:
        server.stop()

    server = ServerThread(database).start()  # a restart keeps what was given
    try:
        with seat_socket(server, table_id, tokens[1]) as ws:
            view = receive(ws)
            assert view["table"]["entropy"] == {"given": [0], "pending": [1]}
            assert sum(view["view"]["hand_sizes"]) == 0
            give(ws, "d4" * 16)
            dealt = receive_until(ws, "view")
            assert sum(dealt["view"]["hand_sizes"]) == 52
            assert dealt["table"]["entropy"] == {"given": [0, 1], "pending": []}
        players = [Client(server.ws_url, table_id, tokens[s], seed=s) for s in (0, 1)]
        for player in players:
            player.start()
        for player in players:
            player.join(timeout=120)
            assert player.error is None and player.finished
        deadline = time.monotonic() + 30
        while (got := httpx.get(f"{server.url}/api/tables/{table_id}/record")).status_code != 200:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        document = got.json()
        fairness = document["fairness"]
        assert fairness["entropy"] == ["a1" * 16, "d4" * 16, None, None]
        assert verify(parse_record(document)) == []
        # the deal is the one of the seed and the players' randomness, not of the seed alone
        rules = load_game("spades", max_deals=1)
        mixed = rules.new_state(seed=deal_seed(fairness["seed"], fairness["entropy"]))
        alone = rules.new_state(seed=fairness["seed"])
        hands = document["deals"][0]["hands"]
        assert hands == rules.setup_to_json(mixed.deal_logs()[0].setup)["hands"]
        assert hands != rules.setup_to_json(alone.deal_logs()[0].setup)["hands"]
        answer = httpx.get(f"{server.url}/api/tables/{table_id}/verify").json()
        assert answer["entropy"] == fairness["entropy"] and answer["problems"] == []
    finally:
        server.stop()


def test_tables_without_people_or_without_the_option_deal_at_once(server: ServerThread) -> None:
    bots_only = create(server, ["bot:random"] * 4)
    facts = httpx.get(f"{server.url}/api/tables/{bots_only['table_id']}/view").json()
    assert facts["table"]["entropy"] is None
    plain = create(server, SEATS, entropy=False)
    with seat_socket(server, plain["table_id"], plain["seats"][0]["token"]) as ws:
        view = receive(ws)
        assert sum(view["view"]["hand_sizes"]) == 52 and view["table"]["entropy"] is None
        give(ws, "e5")
        assert receive(ws)["code"] == "entropy_closed"


def receive_until_people(ws: ClientConnection) -> dict[str, Any]:
    """The next who-is-at-the-table news."""
    while True:
        message = receive(ws, people=True)
        if message["type"] == "table":
            return message
