"""Several server processes over one database (PostgreSQL): each live table has one owner.

A process owns a table while it holds the table's lease in the database (``koloda_leases``),
renewed every third of ``lease_seconds``. A client may reach any process: one that does not
own the table passes the request on to the owner (an HTTP request is forwarded, a WebSocket
relayed), so every action of a table is still applied by one process in one order. When a
process dies its leases expire; the next contact with one of its tables, or the survivors'
search for orphaned tables, takes the table over from the database, where every acknowledged
action is (it was stored before it was acknowledged). Two owners at once cannot both store an
action: actions are keyed by (table, number), so the late one's write fails and it lets the
table go.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from dataclasses import dataclass, field
from typing import Any

import httpx
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket, WebSocketDisconnect

log = logging.getLogger("koloda.server")

FORWARDED = "x-koloda-forwarded"
"""Set on a forwarded request: it is not forwarded again (no loops between processes)."""


@dataclass(frozen=True)
class Cluster:
    """This process in a cluster: ``address`` is where the others reach it (its own base
    URL), ``lease_seconds`` how long a table stays its own without renewal."""

    address: str
    lease_seconds: float = 5.0
    node: str = field(default_factory=lambda: uuid.uuid4().hex)


class Elsewhere(Exception):
    """The table is owned by the process at ``address``."""

    def __init__(self, address: str) -> None:
        super().__init__(address)
        self.address = address


def unreachable(retry: float) -> JSONResponse:
    return JSONResponse(
        {"detail": "the table's server is changing; try again in a moment"},
        status_code=503,
        headers={"Retry-After": str(max(1, round(retry)))},
    )


async def forward(request: Request, address: str, own: str, retry: float) -> Response:
    """Answer an HTTP request with the owner's answer to it."""
    if request.headers.get(FORWARDED) or address.rstrip("/") == own.rstrip("/"):
        return unreachable(retry)  # a lease of this address's previous life: wait for it
    url = address.rstrip("/") + request.url.path
    if request.url.query:
        url += "?" + request.url.query
    headers = {
        key: value
        for key, value in request.headers.items()
        if key in ("content-type", "accept", "accept-language", "cookie", "x-csrf-token")
    }  # the session's cookie and CSRF token: a signed-in player's seat is bound by the owner
    headers[FORWARDED] = "1"
    try:
        async with httpx.AsyncClient(timeout=30) as client:
            answer = await client.request(
                request.method, url, content=await request.body(), headers=headers
            )
    except httpx.HTTPError:
        return unreachable(retry)
    kept = {
        key: value
        for key, value in answer.headers.items()
        if key in ("content-type", "content-disposition", "retry-after")
    }
    return Response(answer.content, status_code=answer.status_code, headers=kept)


async def relay(websocket: WebSocket, address: str, own: str) -> None:
    """Join a client's WebSocket to the owner's: every message passed on as it is, both ways.
    An owner that cannot be reached closes the client with 1013 (try again later)."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import InvalidStatus, WebSocketException

    if address.rstrip("/") == own.rstrip("/"):
        await websocket.close(code=1013)
        return
    url = address.rstrip("/").replace("http", "ws", 1) + websocket.url.path
    if websocket.url.query:
        url += "?" + websocket.url.query
    try:
        upstream_context = connect(url, max_size=1 << 20, open_timeout=10)
        upstream = await upstream_context.__aenter__()
    except InvalidStatus as refused:
        status = refused.response.status_code
        with contextlib.suppress(Exception):
            await websocket.send_denial_response(
                JSONResponse({"detail": "refused by the table's server"}, status_code=status)
            )
        return
    except (OSError, TimeoutError, WebSocketException):
        await websocket.close(code=1013)
        return
    await websocket.accept()

    async def down() -> None:
        async for message in upstream:
            await websocket.send_text(message if isinstance(message, str) else message.decode())

    async def up() -> None:
        while True:
            await upstream.send(await websocket.receive_text())

    tasks = [asyncio.create_task(down()), asyncio.create_task(up())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, Exception):
                await task
        code: Any = upstream.close_code or 1012
        with contextlib.suppress(Exception):
            await upstream_context.__aexit__(None, None, None)
        with contextlib.suppress(Exception):
            await websocket.close(code=code if code != 1006 else 1012)
