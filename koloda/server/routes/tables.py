"""The tables' routes: making a table, the public tables, taking, leaving and rematching a
seat, and what a table shows now (its facts, a seat's view, its score sheet)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from sqlalchemy.exc import SQLAlchemyError

from koloda.core.errors import KolodaError
from koloda.server import joining
from koloda.server.accounts_guard import bind_seat, session_of
from koloda.server.live import LiveTable, TableError, score_sheet
from koloda.server.protocol import ws
from koloda.server.protocol.http import (
    CreatedTable,
    CreateTable,
    JoinTable,
    LeaveSeat,
    Problem,
    Rematch,
    ScoreSheetAnswer,
    SeatLeft,
    SeatTaken,
    SeatToken,
    TableFacts,
)
from koloda.server.routes.common import check_creation, manager_of, table_or_404
from koloda.server.routes.ratings import rated_terms, ratings_of, seated_account
from koloda.server.seating import SeatingError

router = APIRouter(tags=["tables"])


@router.post(
    "/api/tables",
    status_code=201,
    response_model=CreatedTable,
    responses={
        422: {
            "model": Problem,
            "description": "bad game, options or seats, or a rated table not on rated terms",
        }
    },
)
async def create_table(request: Request, body: CreateTable) -> CreatedTable:
    """Create a table. Each human seat gets a secret token; bots' seats have none. A rated
    table's maker is signed in, its options are a rated preset's, it has a turn clock and no
    hints, and its people's seats are taken by signed-in players only."""
    rated = await rated_terms(request, body) if body.rated else None
    check_creation(request)
    try:
        table, tokens = await manager_of(request).create(
            body.game,
            body.options,
            body.seats,
            names=body.names,
            public=body.public,
            hints=body.hints,
            open_hands=body.open_hands,
            turn_seconds=body.turn_seconds,
            entropy=body.entropy,
            rated=rated,
        )
    except (KolodaError, ValueError, TypeError) as error:
        raise HTTPException(422, str(error)) from None
    if rated is not None:  # should this fail, the game's end writes it (ensure_pending)
        with contextlib.suppress(SQLAlchemyError):
            await asyncio.to_thread(ratings_of(request).mark_pending, table.id, rated)
    mine = next((s for s, token in enumerate(tokens) if token is not None), None)
    if mine is not None:  # the first person's seat is the maker's
        await bind_seat(request, table.id, mine, tokens[mine])
    return CreatedTable(
        table_id=table.id,
        seats=[SeatToken(seat=s, kind=kind, token=tokens[s]) for s, kind in enumerate(table.seats)],
    )


@router.get("/api/tables", response_model=list[TableFacts])
async def open_tables(request: Request) -> list[dict[str, Any]]:
    """The public tables with a seat free for a person, newest first."""
    return await joining.public_tables(manager_of(request))


@router.post(
    "/api/tables/{table_id}/join",
    response_model=SeatTaken,
    responses={
        403: {
            "model": Problem,
            "description": "a rematch seat kept for its player, or a guest at a rated table",
        },
        404: {"model": Problem},
        409: {
            "model": Problem,
            "description": "no free seat, the game is over, or the player has a seat there",
        },
    },
)
async def join_table(request: Request, table_id: str, body: JoinTable) -> SeatTaken:
    """Take a free seat (or the given one) and get its token; at a rated table, only a
    signed-in player without a seat there yet."""
    table = await table_or_404(request, table_id)
    if table.seating.rated is not None:
        await seated_account(request, table.id)
    try:
        seat, token = await joining.join(
            manager_of(request), table, body.seat, body.name, body.previous_token
        )
    except SeatingError as error:
        raise HTTPException(error.status, error.message) from None
    await bind_seat(request, table.id, seat, token)
    return SeatTaken(table_id=table.id, seat=seat, token=token)


@router.post(
    "/api/tables/{table_id}/leave",
    response_model=SeatLeft,
    responses={
        403: {"model": Problem, "description": "a wrong token, or a seat already left"},
        404: {"model": Problem},
        409: {"model": Problem, "description": "the game is over"},
    },
)
async def leave_table(request: Request, table_id: str, body: LeaveSeat) -> SeatLeft:
    """Leave your seat: the normal bot plays it from now on (at once, at its next
    decision), and the token no longer opens it. At a "play now" table another person
    may take the seat."""
    table = await table_or_404(request, table_id)
    try:
        seat = await joining.leave(manager_of(request), table, body.token)
    except TableError as error:
        raise HTTPException(403, error.message) from None
    except SeatingError as error:
        raise HTTPException(error.status, error.message) from None
    return SeatLeft(table_id=table.id, seat=seat)


@router.post(
    "/api/tables/{table_id}/rematch",
    response_model=SeatTaken,
    responses={403: {"model": Problem}, 404: {"model": Problem}, 409: {"model": Problem}},
)
async def rematch(request: Request, table_id: str, body: Rematch) -> SeatTaken:
    """Once a game is over, a player starts (or joins) the rematch: same seats and rules,
    a new shuffle. The others' seats wait for them (each with his old token). A rated
    table's rematch is rated too: asked for by a signed-in player."""
    table = await table_or_404(request, table_id)
    if table.seating.rated is not None and await session_of(request) is None:
        raise HTTPException(403, "a rated table's seats are for signed-in players")
    check_creation(request)
    try:
        new, seat, token = await joining.rematch(manager_of(request), table, body.token)
    except TableError as error:
        raise HTTPException(403, error.message) from None
    except SeatingError as error:
        raise HTTPException(error.status, error.message) from None
    await bind_seat(request, new.id, seat, token)
    return SeatTaken(table_id=new.id, seat=seat, token=token)


@router.get(
    "/api/tables/{table_id}",
    response_model=TableFacts,
    responses={404: {"model": Problem}},
)
async def table_facts(request: Request, table_id: str) -> dict[str, Any]:
    """Public facts: game, options, seat kinds, whose turn, finished, version."""
    table = await table_or_404(request, table_id)
    facts: dict[str, Any] = await manager_of(request).call(table, LiveTable.public_facts)
    return facts


@router.get(
    "/api/tables/{table_id}/sheet",
    response_model=ScoreSheetAnswer,
    responses={404: {"model": Problem}},
)
async def table_sheet(request: Request, table_id: str, lang: str = "en") -> dict[str, Any]:
    """The score sheet: each complete deal's scores, totals and results, the game's sheet
    as data (texts as catalogue keys) and as HTML in ``lang`` (en, ru)."""
    table = await table_or_404(request, table_id)
    sheet: dict[str, Any] = await manager_of(request).call(table, lambda t: score_sheet(t, lang))
    return sheet


@router.get(
    "/api/tables/{table_id}/view",
    response_model=ws.ViewMessage,
    responses={403: {"model": Problem}, 404: {"model": Problem}},
)
async def table_view(request: Request, table_id: str, token: str | None = None) -> Any:
    """The view message a WebSocket would send now: a seat's with its token, else public."""
    table = await table_or_404(request, table_id)
    try:
        seat = table.seat_of(token)
    except TableError as error:
        raise HTTPException(403, error.message) from None
    return await manager_of(request).call(table, lambda t: t.view_message(seat))
