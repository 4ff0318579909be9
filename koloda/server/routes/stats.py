"""The server's own state: what this process measures of itself, and the health check a
proxy or the lobby asks before sending games here."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from koloda.server.protocol.http import Health
from koloda.server.routes.common import manager_of
from koloda.server.store import Store

router = APIRouter(tags=["server"])


class StoreHealth:
    """The store's health: callers at the same time share one check (a write through the
    writer, group-committed with the tables' writes). One per app (``app.state.health``)."""

    def __init__(self) -> None:
        self._checking: asyncio.Task[Health] | None = None

    async def check(self, store: Store) -> Health:
        """The store's health now (the check under way, if one is)."""
        if self._checking is None or self._checking.done():
            self._checking = asyncio.ensure_future(self._probe(store))
        return await asyncio.shield(self._checking)

    @staticmethod
    async def _probe(store: Store) -> Health:
        try:
            await store.check()
        except Exception as error:
            reason = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
            return Health(ok=False, store=f"failing: {reason}")
        return Health(ok=True, store="ok")


@router.get("/api/stats")
async def server_stats(request: Request, window: float | None = None) -> dict[str, Any]:
    """What this process measures of itself: live tables, searching bots waiting for a
    worker, and the time from receiving a person's action to every seat's view being
    sent (count, p50, p90, p99, max in milliseconds), with the part of it spent waiting
    for the store's commit; over the last ``window`` seconds when given; and the garbage
    collector's frozen objects and complete collections (``collector``)."""
    manager = manager_of(request)
    return {
        "live_tables": len(manager.tables),
        "bots_waiting": manager.thinkers.turns.queued,
        "latency_ms": manager.latencies.summary(window),
        "commit_wait_ms": manager.commit_waits.summary(window),
        "memory": request.app.state.collector.stats(),
    }


@router.get(
    "/healthz",
    response_model=Health,
    responses={503: {"model": Health, "description": "the store cannot be written"}},
)
async def healthz(request: Request) -> JSONResponse:
    """Whether the server can take games: a write through the store's writer, read back
    (callers at the same time share one check). 503 while the store fails, with why; the
    lobby then says the server cannot take new games."""
    health: StoreHealth = request.app.state.health
    answer = await health.check(request.app.state.store)
    return JSONResponse(answer.model_dump(), status_code=200 if answer.ok else 503)
