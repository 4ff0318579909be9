"""The tournaments' routes: the list, making one, entering, withdrawing, its maker's start,
a tournament's standings and tables (with the player's own table and token, for him alone);
and the pages ``/tournaments`` and ``/tournaments/<id>``."""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field

from koloda.server.players import Player, player_of
from koloda.server.protocol.http import Problem
from koloda.server.routes.common import manager_of
from koloda.server.routes.pages import templates
from koloda.server.seating import MAX_NAME, SeatingError, clean_name
from koloda.server.tournaments import standings, store
from koloda.server.tournaments.service import Terms, TournamentError, TournamentService

router = APIRouter(tags=["tournaments"])

REFUSED: dict[int | str, dict[str, Any]] = {
    403: {"model": Problem},
    404: {"model": Problem},
    409: {"model": Problem},
    422: {"model": Problem},
}


class Guest(BaseModel):
    """Who asks, when not signed in: his browser's token, and for entering his name."""

    model_config = ConfigDict(extra="forbid")
    browser: str | None = Field(
        None, description="a guest's browser token (16-128 letters, digits, - or _)"
    )
    name: str | None = Field(None, max_length=MAX_NAME, description="a guest's name")


class NewTournament(Guest):
    title: str = Field(min_length=1, max_length=60, description="the tournament's name")
    game: str
    preset: str
    kind: Literal["swiss", "arena"]
    rounds: int = Field(3, ge=1, le=9, description="a Swiss tournament's rounds")
    minutes: int = Field(30, ge=5, le=240, description="an arena's length")
    deals: int = Field(2, ge=1, le=15, description="the deals each table plays")
    turn_seconds: int = Field(60, ge=10, le=600, description="the turn clock")
    starts_in: int = Field(
        0, ge=0, le=7 * 24 * 60, description="minutes to a scheduled start; 0: its maker starts it"
    )


class TournamentTerms(BaseModel):
    id: str
    name: str
    game: str
    preset: str
    kind: str
    rounds: int
    minutes: int
    deals: int
    turn_seconds: float
    state: Literal["open", "playing", "finished"]
    round: int = Field(description="Swiss: the round in play; an arena: the tables made")
    starts: float | None = Field(description="the scheduled start (Unix time), null: by its maker")
    started: float | None
    ends: float | None = Field(description="an arena's end (Unix time)")


class StandingRow(BaseModel):
    rank: int
    name: str
    score: float = Field(description="the sum of the tables' results (1 beat everyone, 0 none)")
    points: float = Field(description="the sum of the tables' points, the tie-break")
    tables: int
    withdrawn: bool
    me: bool


class TournamentTable(BaseModel):
    table_id: str
    round: int
    players: list[str | None] = Field(description="each seat's entrant, null: a bot")
    finished: bool
    shares: list[float] | None
    points: list[float] | None


class MyTable(BaseModel):
    table_id: str
    token: str


class MyEntry(BaseModel):
    withdrawn: bool
    waiting: bool = Field(description="an arena's entrant waiting for his next table")
    table: MyTable | None = Field(description="the table the player plays now")


class TournamentPage(TournamentTerms):
    entrants: int
    maker: bool = Field(description="the asker made it (he may start it)")
    standings: list[StandingRow]
    tables: list[TournamentTable]
    mine: MyEntry | None


class ListedTournament(TournamentTerms):
    entrants: int


class TournamentList(BaseModel):
    tournaments: list[ListedTournament]


def tournaments_of(request: Request) -> TournamentService:
    return manager_of(request).tournaments


async def _player(request: Request, guest: Guest | None) -> Player:
    player = await player_of(request, guest.browser if guest else None)
    if player is None:
        raise HTTPException(422, "sign in, or send this browser's token ('browser') to play")
    return player


def _name(guest: Guest) -> str | None:
    try:
        return clean_name(guest.name)
    except SeatingError as error:
        raise HTTPException(error.status, error.message) from None


async def _summary(request: Request, tournament_id: str, player: Player | None) -> dict[str, Any]:
    engine = tournaments_of(request).engine
    found = await asyncio.to_thread(standings.summary, engine, tournament_id, player)
    if found is None:
        raise HTTPException(404, f"no tournament {tournament_id!r}")
    return found


@router.get("/api/tournaments", response_model=TournamentList)
async def tournament_list(request: Request) -> dict[str, Any]:
    """The open and playing tournaments, then the latest finished ones."""
    engine = tournaments_of(request).engine
    return {"tournaments": await asyncio.to_thread(standings.listing, engine)}


@router.post("/api/tournaments", status_code=201, response_model=TournamentPage, responses=REFUSED)
async def tournament_create(request: Request, body: NewTournament) -> dict[str, Any]:
    """Make a tournament (its maker is entered): Swiss for ``rounds`` rounds, or an arena
    of ``minutes``; each table plays ``deals`` deals of the preset."""
    player = await _player(request, body)
    terms = Terms(
        name=" ".join(body.title.split()),
        game=body.game,
        preset=body.preset,
        kind=body.kind,
        rounds=body.rounds,
        minutes=body.minutes,
        deals=body.deals,
        turn_seconds=float(body.turn_seconds),
        starts_in=body.starts_in,
    )
    try:
        made = await tournaments_of(request).create(terms, player, _name(body))
    except TournamentError as error:
        raise HTTPException(error.status, error.message) from None
    return await _summary(request, made.id, player)


@router.get("/api/tournaments/{tournament_id}", response_model=TournamentPage, responses=REFUSED)
async def tournament_get(
    request: Request, tournament_id: str, browser: str | None = None
) -> dict[str, Any]:
    """A tournament: its terms, standings and tables, and the asker's own entry (a guest's:
    ``browser``) with the table he plays now."""
    player = await player_of(request, browser)
    return await _summary(request, tournament_id, player)


async def _act(request: Request, tournament_id: str, guest: Guest, what: str) -> dict[str, Any]:
    player = await _player(request, guest)
    service = tournaments_of(request)
    try:
        if what == "join":
            await service.join(tournament_id, player, _name(guest))
        elif what == "withdraw":
            await service.withdraw(tournament_id, player)
        else:
            await service.start(tournament_id, player)
    except TournamentError as error:
        raise HTTPException(error.status, error.message) from None
    return await _summary(request, tournament_id, player)


@router.post(
    "/api/tournaments/{tournament_id}/join", response_model=TournamentPage, responses=REFUSED
)
async def tournament_join(request: Request, tournament_id: str, body: Guest) -> dict[str, Any]:
    """Enter (a Swiss tournament before it starts, an arena until it ends); a guest gives
    his name."""
    return await _act(request, tournament_id, body, "join")


@router.post(
    "/api/tournaments/{tournament_id}/withdraw", response_model=TournamentPage, responses=REFUSED
)
async def tournament_withdraw(request: Request, tournament_id: str, body: Guest) -> dict[str, Any]:
    """Withdraw: no more tables; the normal bot plays your seat to the end of the current
    one."""
    return await _act(request, tournament_id, body, "withdraw")


@router.post(
    "/api/tournaments/{tournament_id}/start", response_model=TournamentPage, responses=REFUSED
)
async def tournament_start(request: Request, tournament_id: str, body: Guest) -> dict[str, Any]:
    """Its maker starts it (two entrants at least)."""
    return await _act(request, tournament_id, body, "start")


@router.get("/tournaments", response_class=HTMLResponse, include_in_schema=False)
async def tournaments_page(request: Request) -> HTMLResponse:
    """The tournaments, and the form that makes one."""
    return templates.TemplateResponse(request, "tournaments.html", {"tournament_id": ""})


@router.get("/tournaments/{tournament_id}", response_class=HTMLResponse, include_in_schema=False)
async def tournament_page(request: Request, tournament_id: str) -> HTMLResponse:
    """A tournament's page: standings, rounds, the player's table."""
    found = await asyncio.to_thread(store.get, tournaments_of(request).engine, tournament_id)
    if found is None:
        return templates.TemplateResponse(request, "not_found.html", {}, status_code=404)
    context = {"tournament_id": tournament_id}
    return templates.TemplateResponse(request, "tournaments.html", context)
