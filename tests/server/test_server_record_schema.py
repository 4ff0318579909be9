"""The card room's finished records (``GET /api/tables/{id}/record``) match the records schema
(docs/records.schema.json) in every game, with the variants that change the number of seats,
and with the fairness proof the card room adds."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from record_schema import assert_matches_schema
from server_support import ServerThread, create_table

# bots only, each game bounded so that random players finish it soon
TABLES: list[tuple[str, dict[str, Any], int]] = [
    ("king", {"variant": "three", "positive_orders_per_player": 1}, 3),
    ("spades", {"max_deals": 1, "nil_exchange": False}, 4),
    ("hundred_one", {"players": 2, "hand_size": 5}, 2),
    ("tressette", {"card_points": "pooled"}, 4),
]


def finished_record(server: ServerThread, table_id: str) -> dict[str, Any]:
    """The record, once the bots have played the game out (403 until then)."""
    deadline = time.monotonic() + 120
    url = f"{server.url}/api/tables/{table_id}/record"
    while (answer := httpx.get(url)).status_code == 403 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert answer.status_code == 200, answer.text
    document: dict[str, Any] = answer.json()
    return document


@pytest.mark.parametrize(("game", "options", "seats"), TABLES, ids=[t[0] for t in TABLES])
def test_a_finished_tables_record_matches_the_schema(
    server: ServerThread, game: str, options: dict[str, Any], seats: int
) -> None:
    created = create_table(server.url, game, options, ["bot:random"] * seats)
    document = finished_record(server, created["table_id"])
    assert document["game"] == game and document["finished"] is True
    assert len(document["deals"][0]["hands"]) == seats
    assert set(document["fairness"]) >= {"commitment", "seed"}
    assert_matches_schema(document)
