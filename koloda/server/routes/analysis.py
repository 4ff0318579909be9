"""A finished game's analysis: each seat's costliest decisions, searched once and kept."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, HTTPException, Request

from koloda.server.protocol.http import Problem
from koloda.server.routes.common import finished_record, manager_of

router = APIRouter(tags=["tables"])

Decisions = list[dict[str, Any]]


class Analyses:
    """The analyses searched so far, by table and seat (kept in ``app.state.analyses``): a
    search runs once, callers at the same time share it, and past ``limit`` the oldest goes
    first. A search that failed is tried again by the next caller."""

    def __init__(self, limit: int = 1000) -> None:
        self.limit = limit
        self._searches: dict[tuple[str | int, ...], asyncio.Task[Decisions]] = {}

    async def of(
        self, key: tuple[str | int, ...], search: Callable[[], Awaitable[Decisions]]
    ) -> Decisions:
        """The decisions of ``key``: ``search()``'s, started now unless it ran already."""
        searches = self._searches
        if key not in searches or searches[key].cancelled():
            if len(searches) >= self.limit:  # the oldest analysis goes first
                searches.pop(next(iter(searches)))
            searches[key] = asyncio.ensure_future(search())
        try:
            return await asyncio.shield(searches[key])
        except Exception:
            del searches[key]
            raise

    def __len__(self) -> int:
        return len(self._searches)


@router.get(
    "/api/tables/{table_id}/analysis",
    responses={403: {"model": Problem}, 404: {"model": Problem}, 422: {"model": Problem}},
)
async def table_analysis(request: Request, table_id: str, seat: int) -> dict[str, Any]:
    """A finished game's three costliest decisions of ``seat``: the move played, the best
    one the search found, the points lost on average and the seat's view then (as
    ``koloda analyse`` reports them). The search runs once per seat and is kept."""
    manager = manager_of(request)
    table, document = await finished_record(
        request, table_id, "the game is not finished; it is analysed at its end"
    )
    if not 0 <= seat < table.rules.num_seats:
        raise HTTPException(422, f"seat must be 0..{table.rules.num_seats - 1}")
    analyses: Analyses = request.app.state.analyses
    decisions = await analyses.of(
        (table_id, seat), lambda: manager.thinkers.analyse(document, seat)
    )
    return {"seat": seat, "decisions": decisions}
