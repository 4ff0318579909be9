"""The deal of the day's routes: today's sets (``/api/daily``), starting one's attempt, a
day's ranking and, once it closed, its seed, how the field played and each attempt's record;
and the pages ``/daily`` and ``/daily/<day>/<game>``."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from koloda.server.daily import reveal
from koloda.server.daily.days import DailyGame, parse_day
from koloda.server.daily.service import DailyError, DailyService
from koloda.server.players import BROWSER_HEADER, player_of
from koloda.server.protocol.http import Problem
from koloda.server.replay import replay_json
from koloda.server.replay_http import Replay
from koloda.server.routes.common import manager_of
from koloda.server.routes.pages import templates

router = APIRouter(tags=["daily"])


class DailyStart(BaseModel):
    model_config = ConfigDict(extra="forbid")
    browser: str | None = Field(
        None, description="a guest's browser token (16-128 letters, digits, - or _)"
    )


class DailyStarted(BaseModel):
    table_id: str
    seat: int
    token: str
    url: str


class DailyRow(BaseModel):
    rank: int | None
    name: str
    score: float = Field(description="the mean matchpoint percentage over the set's deals")
    total: int
    points: list[int]
    percents: list[float]


class DailyMine(DailyRow):
    table_id: str
    token: str | None = Field(description="to go back to the table while the set is played")
    finished: bool
    deals_done: int
    guest: bool


class DealField(BaseModel):
    deal: int
    players: int
    average: float | None
    best: int | None


class DealLine(BaseModel):
    deal: int
    common: str | None = Field(description="the most common first card or call at the seat")
    common_players: int
    common_line: list[str] = Field(description="the most common play at each decision")
    best_points: int | None
    best_name: str | None
    best_line: list[str] = Field(description="the decisions of the best result")


class DailyDay(BaseModel):
    day: str
    game: str
    preset: str
    deals: int
    minutes: int
    closed: bool
    closes_at: str
    commitment: str
    seed: str | None = Field(description="revealed once the day is closed")
    players: int
    ranking: list[DailyRow]
    fields: list[DealField]
    mine: DailyMine | None
    lines: list[DealLine] | None = None
    records: list[str] | None = Field(None, description="the attempts' tables, once closed")


class DailyPast(BaseModel):
    day: str
    game: str
    deals: int
    deals_done: int
    score: float
    total: int


class DailyHistory(BaseModel):
    days: list[DailyPast]


class DailyToday(BaseModel):
    day: str
    closes_at: str
    games: list[DailyDay]


REFUSED: dict[int | str, dict[str, Any]] = {
    403: {"model": Problem},
    404: {"model": Problem},
    409: {"model": Problem},
    422: {"model": Problem},
}


def daily_of(request: Request) -> DailyService:
    return manager_of(request).daily


def _game(service: DailyService, name: str) -> DailyGame:
    game = service.game(name)
    if game is None:
        raise HTTPException(404, f"no deal of the day for {name!r}")
    return game


@router.get("/api/daily", response_model=DailyToday)
async def daily_today(request: Request, browser: str | None = None) -> dict[str, Any]:
    """Today's sets: each game's commitment, size, ranking and the player's own attempt
    (a guest's: ``browser``, his browser's token)."""
    service = daily_of(request)
    player = await player_of(request, browser or request.headers.get(BROWSER_HEADER))
    day = service.today()
    games = [
        await asyncio.to_thread(service.summary, day, game, player) for game in service.games()
    ]
    first = games[0] if games else None
    return {"day": day.isoformat(), "closes_at": first and first["closes_at"], "games": games}


@router.get("/api/daily/mine", response_model=DailyHistory)
async def daily_history(request: Request, browser: str | None = None) -> dict[str, Any]:
    """The player's days (signed in, or a guest's ``browser``), the newest first: each set's
    score against its field."""
    player = await player_of(request, browser or request.headers.get(BROWSER_HEADER))
    if player is None:
        return {"days": []}
    return {"days": await asyncio.to_thread(daily_of(request).history, player)}


@router.post(
    "/api/daily/{game}/start", status_code=201, response_model=DailyStarted, responses=REFUSED
)
async def daily_start(request: Request, game: str, body: DailyStart) -> DailyStarted:
    """Start today's set of ``game``: a table with the day's bots, dealt from the day's
    seed. One attempt a day: per account, or per browser for a guest (409 for a second)."""
    service = daily_of(request)
    daily = _game(service, game)
    player = await player_of(request, body.browser)
    if player is None:
        raise HTTPException(422, "sign in, or send this browser's token ('browser') to play")
    try:
        attempt = await service.start(daily, player)
    except DailyError as error:
        raise HTTPException(error.status, error.message) from None
    assert attempt.token is not None
    # not bound to the account: a profile's games would show the day's cards before the close
    return DailyStarted(
        table_id=attempt.table_id,
        seat=0,
        token=attempt.token,
        url=f"/t/{attempt.table_id}?token={attempt.token}",
    )


def _day(service: DailyService, text: str) -> dt.date:
    day = parse_day(text)
    if day is None or day > service.today():
        raise HTTPException(404, f"no deal of the day on {text!r} (yet)")
    return day


@router.get("/api/daily/{day}/{game}", response_model=DailyDay, responses=REFUSED)
async def daily_day(
    request: Request, day: str, game: str, browser: str | None = None
) -> dict[str, Any]:
    """A game's day: its ranking and fields; once the day is closed, its seed, how the field
    played each deal and the attempts' records."""
    service = daily_of(request)
    date, daily = _day(service, day), _game(service, game)
    player = await player_of(request, browser or request.headers.get(BROWSER_HEADER))
    summary = await asyncio.to_thread(service.summary, date, daily, player)
    if summary["closed"]:
        summary["lines"] = await asyncio.to_thread(reveal.lines, service, date, daily)
        summary["records"] = await asyncio.to_thread(reveal.tables, service, date, daily)
    return summary


async def _revealed_record(request: Request, day: str, game: str, table_id: str) -> dict[str, Any]:
    """An attempt's record with the day's seed; 403 while the day is open (its cards are
    secret until it closes), 404 for no such attempt that day."""
    service = daily_of(request)
    date, daily = _day(service, day), _game(service, game)
    if not service.closed(date):
        raise HTTPException(403, "the day is open: its deals stay secret until it closes")
    record = await asyncio.to_thread(reveal.record, service, date, daily, table_id)
    if record is None:
        raise HTTPException(404, "no such attempt that day")
    return record


@router.get("/api/daily/{day}/{game}/record/{table_id}", responses=REFUSED)
async def daily_record(request: Request, day: str, game: str, table_id: str) -> JSONResponse:
    """An attempt's record of the set with the day's seed (``koloda verify`` checks it),
    once the day is closed: until then its cards are secret (403)."""
    record = await _revealed_record(request, day, game, table_id)
    name = f"koloda-daily-{day}-{game}-{table_id}.json"
    return JSONResponse(record, headers={"Content-Disposition": f'attachment; filename="{name}"'})


@router.get("/api/replay/daily/{day}/{game}/{table_id}", responses=REFUSED, response_model=Replay)
async def daily_replay(request: Request, day: str, game: str, table_id: str) -> Response:
    """An attempt's replay for the replay viewer (every hand face up), once the day is
    closed."""
    record = await _revealed_record(request, day, game, table_id)
    seats = await asyncio.to_thread(reveal.seats, daily_of(request), table_id)
    replay = await asyncio.to_thread(replay_json, record, seats)
    body = Replay.model_validate(replay).model_dump_json()
    return Response(body, media_type="application/json")


@router.get("/daily", response_class=HTMLResponse, include_in_schema=False)
async def daily_page(request: Request) -> HTMLResponse:
    """Today's deals of the day."""
    return templates.TemplateResponse(request, "daily.html", {"day": "", "game": ""})


@router.get("/daily/{day}/{game}", response_class=HTMLResponse, include_in_schema=False)
async def daily_day_page(request: Request, day: str, game: str) -> HTMLResponse:
    """A game's day: its ranking, and once closed how the field played."""
    service = daily_of(request)
    date = parse_day(day)
    if date is None or date > service.today() or service.game(game) is None:
        return templates.TemplateResponse(request, "not_found.html", {}, status_code=404)
    context = {"day": date.isoformat(), "game": game}
    return templates.TemplateResponse(request, "daily.html", context)


@router.get(
    "/daily/{day}/{game}/replay/{table_id}", response_class=HTMLResponse, include_in_schema=False
)
async def daily_replay_page(request: Request, day: str, game: str, table_id: str) -> HTMLResponse:
    """The replay viewer on an attempt of a closed day (it reads ``daily_replay``)."""
    service = daily_of(request)
    date = parse_day(day)
    if date is None or not service.closed(date) or service.game(game) is None:
        return templates.TemplateResponse(request, "not_found.html", {}, status_code=404)
    context = {"table_id": f"daily/{date.isoformat()}/{game}/{table_id}"}
    return templates.TemplateResponse(request, "replay.html", context)
