"""Whole games over real WebSockets: random human clients, bots in the other seats, a
spectator; every message each seat received is scanned for cards it may not know."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from server_support import Client, Oracle, ServerThread, create_table

from koloda.core.registry import available_games

BOUNDED: dict[str, tuple[dict[str, Any], list[str]]] = {
    "king": ({"variant": "classic"}, ["human", "bot:random", "human", "bot:random"]),
    "hundred_one": ({"players": 3}, ["human", "bot:random", "human"]),
    "spades": ({"max_deals": 2}, ["human", "bot:random", "human", "bot:random"]),
    "tressette": ({}, ["bot:random", "human", "bot:random", "human"]),
}


@pytest.mark.parametrize("game", [g for g in available_games() if g in BOUNDED])
def test_server_whole_game_leaks_no_card(server: ServerThread, game: str) -> None:
    options, seats = BOUNDED[game]
    created = create_table(server.url, game, options, seats)
    table_id = created["table_id"]
    clients = [
        Client(server.ws_url, table_id, seat["token"], seed=index)
        for index, seat in enumerate(created["seats"])
        if seat["token"]
    ]
    spectator = Client(server.ws_url, table_id, None, seed=99)
    for client in [*clients, spectator]:
        client.start()
    for client in [*clients, spectator]:
        client.join(timeout=120)
        assert not client.is_alive(), "the game did not finish in time"
        assert client.error is None, repr(client.error)
        assert client.finished

    record = httpx.get(f"{server.url}/api/tables/{table_id}/record")
    assert record.status_code == 200
    document = record.json()
    assert document["finished"] is True
    oracle = Oracle(document)
    for client, seat in zip(
        clients, [s["seat"] for s in created["seats"] if s["token"]], strict=True
    ):
        versions = [m["version"] for m in client.messages if m["type"] == "view"]
        assert versions == sorted(versions), "views arrive in order"
        for message in client.messages:
            assert message["seat"] == seat
            oracle.check(seat, message)
    for message in spectator.messages:
        if message["type"] != "view":
            continue
        assert message["view"]["hand"] == []
        oracle.check(None, message)

    final = clients[0].messages[-1]
    assert final["version"] == sum(len(d["actions"]) for d in document["deals"])
    assert final["view"]["totals"] == document["totals"]
    facts = httpx.get(f"{server.url}/api/tables/{table_id}").json()
    assert facts["finished"] is True and facts["to_act"] is None
    sheet = httpx.get(f"{server.url}/api/tables/{table_id}/sheet").json()
    assert sheet["finished"] is True
    assert sheet["totals"] == document["totals"]
    assert len(sheet["deals"]) == len(document["deals"])
    assert 'id="sheet-table"' in sheet["html"] and sheet["sheet"]["sections"]
    russian = httpx.get(f"{server.url}/api/tables/{table_id}/sheet?lang=ru").json()
    assert russian["lang"] == "ru" and "Итог" in russian["html"]
