"""The WebSocket where a table is played: ``/ws/tables/{id}?token=…`` (no token: a
spectator). Each connection's messages go to the table's actor (``TableManager.submit``),
and what the actor sends the connection goes out through its send loop."""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse

from koloda.server.accounts_guard import bind_connection
from koloda.server.cluster import Elsewhere, relay
from koloda.server.limits import MessageLimit
from koloda.server.live import Connection, LiveTable, TableError
from koloda.server.protocol.ws import ActionMessage, ErrorMessage, read_client_message
from koloda.server.routes.common import manager_of, serving_of
from koloda.server.tables import TableManager

router = APIRouter()

TOO_MANY = {
    "type": "error",
    "code": "too_many_messages",
    "message": "too many messages (more than 100 a second, or 10 a "
    "second besides moves): the connection is closed",
}


@router.websocket("/ws/tables/{table_id}")
async def play(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
    """One seat's (or a spectator's) connection to a table, from the handshake to the end."""
    manager = manager_of(websocket)
    try:
        table = await manager.get(table_id)
    except Elsewhere as owned:  # the owner plays it: pass the messages on
        cluster = serving_of(websocket).cluster
        assert cluster is not None
        await relay(websocket, owned.address, cluster.address)
        return
    if table is None:
        await _deny(websocket, 404, f"no table {table_id!r}")
        return
    try:
        seat = table.seat_of(token)
    except TableError as error:
        await _deny(websocket, 403, error.message)
        return
    await websocket.accept()
    if seat is not None and token:  # a signed-in player's seat is bound to his account
        await bind_connection(websocket, table.id, seat, token)
    connection = Connection(seat)
    sender = asyncio.create_task(_send_loop(websocket, connection))
    manager.sync(table, connection)
    try:
        await _receive_loop(websocket, manager, table, connection)
    except WebSocketDisconnect:
        pass
    finally:
        manager.leave(table, connection)
        connection.close()
        with contextlib.suppress(Exception):
            await sender


async def _receive_loop(
    websocket: WebSocket, manager: TableManager, table: LiveTable, connection: Connection
) -> None:
    """The client's messages, each to the table's actor, until the client goes or sends
    more than its limit allows (the connection is closed, 1008)."""
    limit_messages: MessageLimit = serving_of(websocket).message_limit()
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        read = read_client_message(message.get("text"))  # validated by the protocol's models
        if not limit_messages.allows(isinstance(read, ActionMessage)):
            connection.send(TOO_MANY)
            connection.close(code=1008)
            return
        if isinstance(read, ErrorMessage):
            connection.send(read.model_dump())
            continue
        manager.submit(table, read.model_dump(), connection)


async def _send_loop(websocket: WebSocket, connection: Connection) -> None:
    """What the actor sends the connection, in order, until it is closed."""
    try:
        while True:
            message = await connection.outbox.get()
            if message is None:
                break
            await websocket.send_text(message)
    except Exception:  # the client went away
        pass
    finally:
        with contextlib.suppress(Exception):
            await websocket.close(code=connection.close_code)


async def _deny(websocket: WebSocket, status: int, detail: str) -> None:
    """Refuse a WebSocket handshake with an HTTP status, where the server supports it."""
    try:
        await websocket.send_denial_response(JSONResponse({"detail": detail}, status_code=status))
    except Exception:
        await websocket.close(code=4000 + status, reason=detail)
