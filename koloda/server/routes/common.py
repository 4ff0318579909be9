"""What the routes share: the app's serving options (limits, the cluster), the table manager,
and the checks that answer 404, 429 or 503 before a route does anything."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import HTTPException, Request, WebSocket

from koloda.server.cluster import Cluster
from koloda.server.limits import CreationLimit, MessageLimit, client_key
from koloda.server.live import LiveTable
from koloda.server.tables import TableManager


@dataclass
class Serving:
    """How the app serves, as ``create_app`` was told (kept in ``app.state.serving``)."""

    creation: CreationLimit = field(default_factory=CreationLimit)
    """New tables a minute per client address and in all."""
    max_tables: int = 5000
    """Live tables in this process: more is a 503."""
    message_limit: Callable[[], MessageLimit] = MessageLimit
    """What each WebSocket connection may send (one limit per connection)."""
    cluster: Cluster | None = None
    """This process's place among several on one database (None: the only one)."""


def serving_of(request: Request | WebSocket) -> Serving:
    """The app's serving options."""
    serving: Serving = request.app.state.serving
    return serving


def manager_of(request: Request | WebSocket) -> TableManager:
    """The app's table manager (made at start, ``app.lifespan``)."""
    manager: TableManager = request.app.state.manager
    return manager


def check_creation(request: Request) -> None:
    """A new table for this client address now, or 429/503 with Retry-After."""
    serving = serving_of(request)
    address = request.client.host if request.client is not None else "unknown"
    wait = serving.creation.wait_for(client_key(address))
    if wait:
        raise HTTPException(
            429,
            f"too many new tables from this address; try again in {wait} s",
            headers={"Retry-After": str(wait)},
        )
    if len(manager_of(request).tables) >= serving.max_tables:
        raise HTTPException(
            503, "the server has as many tables as it can hold", headers={"Retry-After": "60"}
        )


async def table_or_404(request: Request, table_id: str) -> LiveTable:
    """The live table (brought back from the store if need be), or 404."""
    table = await manager_of(request).get(table_id)
    if table is None:
        raise HTTPException(404, f"no table {table_id!r}")
    return table


async def finished_record(
    request: Request, table_id: str, unfinished: str
) -> tuple[LiveTable, dict[str, Any]]:
    """A finished table and its record; 404 for no such table, 403 ``unfinished`` while it
    is played (its hands are secret), and 403 for a deal of the day's table, whose record
    the day's page shows once the day closes (with the day's seed)."""
    table = await table_or_404(request, table_id)
    record, daily = await manager_of(request).call(table, lambda t: (t.record, t.seating.daily))
    if daily is not None:
        raise HTTPException(
            403, "a deal of the day's record is shown on the day's page once the day closes"
        )
    if record is None:
        raise HTTPException(403, unfinished)
    return table, record
