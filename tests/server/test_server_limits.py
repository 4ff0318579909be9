"""Limits: table creation per address and in all (429 with Retry-After), live tables per
process (503), and messages per connection (the connection is closed with 1008)."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from server_support import ServerThread, create_table, receive
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from koloda.server.limits import Bucket, CreationLimit

BODY = {"game": "king", "seats": ["bot:random"] * 4}


def test_bucket_refills_at_its_rate() -> None:
    bucket = Bucket(capacity=2, seconds=10.0, stamp=100.0)
    assert bucket.take(100.0) == 0.0
    assert bucket.take(100.0) == 0.0
    assert bucket.take(100.0) == pytest.approx(5.0)  # one token every 5 s
    assert bucket.take(104.0) == pytest.approx(1.0)
    assert bucket.take(105.0) == 0.0


def test_creation_is_limited_per_address(tmp_path: Path) -> None:
    limit = CreationLimit(per_address=3, total=100, seconds=60.0)
    server = ServerThread(f"sqlite:///{tmp_path / 'a.db'}", creation_limit=limit).start()
    try:
        for _ in range(3):
            assert httpx.post(f"{server.url}/api/tables", json=BODY).status_code == 201
        refused = httpx.post(f"{server.url}/api/tables", json=BODY)
        assert refused.status_code == 429
        assert 1 <= int(refused.headers["retry-after"]) <= 20
        assert "too many new tables" in refused.json()["detail"]
        now = httpx.post(f"{server.url}/api/play-now", json={"game": "spades"})
        assert now.status_code == 429  # "play now" may make a table too
        assert limit.wait_for("192.0.2.7") == 0, "another address is not held back"
    finally:
        server.stop()


def test_live_tables_are_capped(tmp_path: Path) -> None:
    server = ServerThread(f"sqlite:///{tmp_path / 'b.db'}", max_tables=2).start()
    try:
        for _ in range(2):
            create_table(server.url, "king", {}, ["bot:random"] * 4)
        full = httpx.post(f"{server.url}/api/tables", json=BODY)
        assert full.status_code == 503
        assert full.headers["retry-after"] == "60"
    finally:
        server.stop()


def test_a_flooding_connection_is_closed(server: ServerThread) -> None:
    created = create_table(server.url, "king", {}, ["human"] + ["bot:random"] * 3)
    table_id = created["table_id"]
    address = f"{server.ws_url}/ws/tables/{table_id}?token={created['seats'][0]['token']}"
    with connect(address) as ws, pytest.raises(ConnectionClosed) as closed:
        receive(ws)
        for _ in range(300):
            ws.send(json.dumps({"type": "ping"}))
        while True:
            message = receive(ws)
            if message["type"] == "error":
                assert message["code"] == "too_many_messages"
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    # the table goes on for the others
    assert httpx.get(f"{server.url}/api/tables/{table_id}").status_code == 200
