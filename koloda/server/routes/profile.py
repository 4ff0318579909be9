"""The players' profiles: an account's profile and its games over the API, and its page. Who
may see one is the ratings' rule (``visible_account``): his own always, another's when his
profile is public."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from dataclasses import asdict

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse

from koloda.core.registry import available_games
from koloda.server.accounts import Account
from koloda.server.accounts_guard import session_of
from koloda.server.history import Filters, GameLine, History
from koloda.server.profile_http import (
    GameStats,
    PlayedGame,
    PlayedGames,
    Profile,
    ProfileRating,
    RatingPoint,
    ResultName,
)
from koloda.server.protocol.http import Problem
from koloda.server.routes.pages import templates
from koloda.server.routes.ratings import ratings_of, shown, visible_account

router = APIRouter(tags=["profile"])

HISTORY_POINTS = 500
"""The latest rating changes a profile shows, over all its games."""
REFUSED: dict[int | str, dict[str, object]] = {
    403: {"model": Problem, "description": "another account's profile that is not public"},
    404: {"model": Problem, "description": "no such account"},
}


def history_of(request: Request) -> History:
    """The accounts' games, on the store's database."""
    return History(request.app.state.store.engine)


async def _own(request: Request, account: Account) -> bool:
    session = await session_of(request)
    return session is not None and session.account.id == account.id


def _ratings(request: Request, account_id: str) -> list[ProfileRating]:
    """The account's ratings, each with its changes oldest first (blocking)."""
    ratings = ratings_of(request)
    points: dict[str, list[RatingPoint]] = defaultdict(list)
    for change in reversed(ratings.history(account_id, limit=HISTORY_POINTS)):
        points[str(change["rating_key"])].append(RatingPoint.model_validate(change))
    out = []
    for kept in ratings.of_account(account_id):
        game, _, preset = kept.rating_key.partition(":")
        out.append(
            ProfileRating(
                rating_key=kept.rating_key,
                game=game,
                preset=preset,
                games=kept.games,
                updated=kept.updated,
                history=points[kept.rating_key],
                **shown(kept.rating).model_dump(),
            )
        )
    return out


@router.get("/api/players/{name}", response_model=Profile, responses=REFUSED)
async def player_profile(request: Request, name: str) -> Profile:
    """An account's profile: its name, languages, when it joined, its ratings with their
    history, and per game its finished games, results and points a deal."""
    account = await visible_account(request, name)
    rated = await asyncio.to_thread(_ratings, request, account.id)
    summary = await asyncio.to_thread(history_of(request).summary, account.id)
    return Profile(
        name=account.name,
        languages=account.languages,
        joined=account.created,
        public=account.public_profile,
        own=await _own(request, account),
        ratings=rated,
        games=[GameStats.model_validate(s, from_attributes=True) for s in summary],
    )


def played(line: GameLine) -> PlayedGame:
    """A game line as the API gives it, with its record's link and its replay's page once it
    is finished."""
    record = f"/api/tables/{line.table_id}/record" if line.finished else None
    replay = f"/replay/{line.table_id}" if line.finished else None
    return PlayedGame(**asdict(line), record=record, replay=replay)


@router.get("/api/players/{name}/games", response_model=PlayedGames, responses=REFUSED)
async def player_games(
    request: Request,
    name: str,
    game: str | None = Query(default=None, max_length=64),
    rated: bool | None = Query(default=None, description="true: rated only; false: casual"),
    result: ResultName | None = None,
    limit: int = Query(default=20, ge=1, le=100),
    offset: int = Query(default=0, ge=0, le=1_000_000),
) -> PlayedGames:
    """A page of an account's games, newest first, filtered by game, rated or casual and
    result; 422 for an unknown game."""
    if game is not None and game not in available_games():
        raise HTTPException(422, f"no game {game!r} (GET /api/games)")
    account = await visible_account(request, name)
    filters = Filters(game=game, rated=rated, result=result)
    page = await asyncio.to_thread(history_of(request).page, account.id, filters, limit, offset)
    return PlayedGames(
        name=account.name,
        games=[played(line) for line in page.lines],
        limit=limit,
        offset=offset,
        more=page.more,
    )


@router.get("/players/{name}", response_class=HTMLResponse, include_in_schema=False)
async def profile_page(request: Request, name: str) -> HTMLResponse:
    """An account's profile page; a clear page with 404 for no such account, 403 for
    another's private profile."""
    try:
        account = await visible_account(request, name)
    except HTTPException as refused:
        state = "private" if refused.status_code == 403 else "missing"
        return templates.TemplateResponse(
            request,
            "profile.html",
            {"name": name, "state": state},
            status_code=refused.status_code,
        )
    return templates.TemplateResponse(
        request, "profile.html", {"name": account.name, "state": "shown"}
    )
