"""Limits: table creation per address (an IPv6 client's /64) and in all (429 with
Retry-After), live tables per process (503), messages per connection (the connection is closed
with 1008), request bodies (413), requests at once and WebSockets per address (429), the
origins of WebSockets (403), options that would never end a game (422, CLI exit 2), and what
``koloda serve`` takes at the connection: no forwarded address unless the proxy is trusted,
headers in time, so many connections per address."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_support import ServerProcess, ServerThread, create_table, receive
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from koloda.server.guard import Guard
from koloda.server.limits import Bucket, CreationLimit, client_key

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


def test_an_ipv6_client_is_limited_by_its_64() -> None:
    limit = CreationLimit(per_address=2, total=100, seconds=60.0)
    assert limit.wait_for(client_key("2001:db8:1:2::1")) == 0
    assert limit.wait_for(client_key("2001:db8:1:2:aaaa:bbbb:cccc:dddd")) == 0
    assert limit.wait_for(client_key("2001:db8:1:2::ffff")) > 0, "the same /64"
    assert limit.wait_for(client_key("2001:db8:1:3::1")) == 0, "another /64"
    assert client_key("::ffff:192.0.2.1") == client_key("192.0.2.1") == "192.0.2.1"


def test_spades_options_that_would_never_end_are_refused(server: ServerThread) -> None:
    for options in ({"target": 10**12}, {"target": 0}, {"max_deals": 10**9}):
        checked = httpx.post(f"{server.url}/api/check", json={"game": "spades", "options": options})
        assert checked.status_code == 422, options
        assert checked.json()["detail"].startswith("spades: option")
        body = {"game": "spades", "options": options, "seats": ["bot:random"] * 4}
        assert httpx.post(f"{server.url}/api/tables", json=body).status_code == 422
    done = subprocess.run(
        [sys.executable, "-m", "koloda", "simulate", "spades", "-o", "target=1000000000000"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip() == "error: spades: option target must be 1..1000, not 1000000000000"


def test_a_body_too_large_is_refused_and_changes_nothing(server: ServerThread) -> None:
    before = len(server.app.state.manager.tables)
    padded = {**BODY, "names": None, "padding": "x" * (10 << 20)}
    refused = httpx.post(f"{server.url}/api/tables", json=padded)
    assert refused.status_code == 413
    assert refused.json() == {"detail": "the request body is larger than 65536 bytes"}

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"game": "king", "seats": ["bot:random", "bot:random", "bot:random", '
        for _ in range(100):
            yield b" " * 4096
        yield b'"bot:random"]}'

    streamed = httpx.post(
        f"{server.url}/api/tables", content=chunks(), headers={"content-type": "application/json"}
    )
    assert streamed.status_code == 413
    assert len(server.app.state.manager.tables) == before
    assert httpx.post(f"{server.url}/api/tables", json=BODY).status_code == 201


def test_requests_at_once_per_address_are_capped() -> None:
    async def run() -> list[int]:
        release = asyncio.Event()

        async def slow(scope: Any, receive: Any, send: Any) -> None:
            await release.wait()
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b""})

        guard = Guard(slow, requests=2)
        statuses: list[int] = []

        async def request(host: str) -> None:
            async def receive() -> dict[str, Any]:
                return {"type": "http.request", "body": b"", "more_body": False}

            async def send(message: dict[str, Any]) -> None:
                if message["type"] == "http.response.start":
                    statuses.append(message["status"])

            scope = {"type": "http", "headers": [], "client": (host, 1234)}
            await guard(scope, receive, send)

        waiting = [asyncio.create_task(request("192.0.2.1")) for _ in range(2)]
        waiting.append(asyncio.create_task(request("192.0.2.2")))  # another address
        await asyncio.sleep(0)
        await request("192.0.2.1")  # a third at once from the first: refused
        assert statuses == [429]
        release.set()
        await asyncio.gather(*waiting)
        await request("192.0.2.1")  # the first two are done: room again
        return statuses

    assert asyncio.run(run()) == [429, 200, 200, 200, 200]


def test_websockets_per_address_and_their_origins_are_limited(tmp_path: Path) -> None:
    server = ServerThread(
        f"sqlite:///{tmp_path / 'w.db'}",
        websockets_per_address=2,
        allowed_origins=["https://cards.example.com"],
    ).start()
    try:
        table_id = create_table(server.url, "king", {}, ["bot:random"] * 4)["table_id"]
        address = f"{server.ws_url}/ws/tables/{table_id}"
        with pytest.raises(InvalidStatus) as foreign:
            connect(address, origin=Origin("https://elsewhere.example"))
        assert foreign.value.response.status_code == 403
        assert b"https://elsewhere.example" in foreign.value.response.body
        with (
            connect(address, origin=Origin(server.url)) as own,
            connect(address, origin=Origin("https://cards.example.com")) as allowed,
        ):
            assert receive(own)["type"] == "view" and receive(allowed)["type"] == "view"
            with pytest.raises(InvalidStatus) as third:
                connect(address)
            assert third.value.response.status_code == 429
        with connect(address) as again:  # closed ones make room
            assert receive(again)["type"] == "view"
    finally:
        server.stop()


def raw_request(port: int, data: bytes) -> bytes:
    """What the server answers on one connection to ``data`` (until it closes it)."""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
        if data:
            sock.sendall(data)
        answer = b""
        while chunk := sock.recv(4096):
            answer += chunk
        return answer


def test_koloda_serve_trusts_no_forwarded_header_and_times_out_slow_clients(
    tmp_path: Path,
) -> None:
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'p.db'}",
        tmp_path,
        "--tables-per-minute",
        "2",
        "--header-timeout",
        "1",
        "--connections-per-address",
        "3",
    ).start()
    try:
        statuses = [
            httpx.post(
                f"{server.url}/api/tables",
                json=BODY,
                headers={"X-Forwarded-For": f"198.51.100.{n}"},
            ).status_code
            for n in range(3)
        ]
        assert statuses == [201, 201, 429], "made-up X-Forwarded-For headers were believed"
        # headers that never end: answered 408 and let go
        assert raw_request(server.port, b"GET / HTTP/1.1\r\nHost: x\r\n").startswith(
            b"HTTP/1.1 408"
        )
        held = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(3)]
        try:
            assert raw_request(server.port, b"").startswith(b"HTTP/1.1 429")  # answered at once
        finally:
            for sock in held:
                sock.close()
    finally:
        server.kill()


def test_koloda_serve_behind_a_proxy_limits_each_forwarded_client(tmp_path: Path) -> None:
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'q.db'}",
        tmp_path,
        "--tables-per-minute",
        "1",
        "--forwarded-allow-ips",
        "127.0.0.1",
    ).start()
    try:

        def create(client: str) -> int:
            headers = {"X-Forwarded-For": client}
            return httpx.post(f"{server.url}/api/tables", json=BODY, headers=headers).status_code

        assert [create("198.51.100.1"), create("198.51.100.2")] == [201, 201]
        assert create("198.51.100.1") == 429
    finally:
        server.kill()


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [
        ("--forwarded-allow-ips", "nonsense", "not an address or network: 'nonsense'"),
        ("--allowed-origin", "ftp://x", "'ftp://x' is not an origin like https://example.com"),
    ],
)
def test_koloda_serve_refuses_a_bad_proxy_or_origin_in_one_line(
    tmp_path: Path, option: str, value: str, said: str
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "koloda", "serve", option, value],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip() == f"error: {option}: {said}"
    assert not (tmp_path / "koloda.db").exists(), "nothing was made"
