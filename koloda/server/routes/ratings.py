"""The ratings' routes: an account's ratings (its own always, another's when his profile is
public) and a rated game's leaderboard with the bot levels' ratings beside it."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, HTTPException, Query, Request
from sqlalchemy import select

from koloda.club.ratings import Rating, TableTerms, table_rating_key
from koloda.core.errors import KolodaError
from koloda.server.accounts import Account, name_key
from koloda.server.accounts_guard import accounts_of, session_of
from koloda.server.accounts_store import accounts_table, bindings_table
from koloda.server.protocol.http import CreateTable, Problem
from koloda.server.ratings_http import (
    AccountRating,
    AccountRatings,
    Leaderboard,
    RatingChange,
    ShownRating,
    Standing,
)
from koloda.server.ratings_service import Ratings, rating_keys

router = APIRouter(tags=["ratings"])

MIN_GAMES = 10
"""The rated games an account needs to stand on a leaderboard, unless the request says."""


def ratings_of(request: Request) -> Ratings:
    """The app's ratings, on the store's database (made on first use)."""
    ratings: Ratings | None = getattr(request.app.state, "ratings", None)
    if ratings is None:
        ratings = Ratings(request.app.state.store.engine)
        request.app.state.ratings = ratings
    return ratings


RATED_TERMS = TableTerms(accounts_only=True, turn_clock=True, hints=False, undo=False)
"""A rated table's terms, which ``rated_terms`` checks (the server's tables have no undo)."""


def _rating_key(body: CreateTable) -> str:
    """The rating a table of the request's game and options counts for, or 422."""
    try:
        key = table_rating_key(body.game, body.options, RATED_TERMS)
    except (KolodaError, ValueError, TypeError) as error:
        raise HTTPException(422, str(error)) from None
    if key is None:
        raise HTTPException(422, "a rated table plays a rated preset's options (GET /api/games)")
    return key


async def rated_terms(request: Request, body: CreateTable) -> str:
    """The rating a rated table's request counts for, or 422 saying in one line which of
    its terms is missing."""
    if await session_of(request) is None:
        raise HTTPException(422, "a rated table is made by a signed-in player")
    if body.hints:
        raise HTTPException(422, "a rated table has hints off")
    if body.turn_seconds <= 0:
        raise HTTPException(422, "a rated table has a turn clock (turn_seconds)")
    if body.seats.count("human") != 1:
        raise HTTPException(
            422, "a rated table has one human seat, its maker's; the others are open or bots"
        )
    return _rating_key(body)


def _has_seat(request: Request, account_id: str, table_id: str) -> bool:
    with accounts_of(request).engine.connect() as connection:
        return (
            connection.execute(
                select(bindings_table.c.seat).where(
                    bindings_table.c.table_id == table_id,
                    bindings_table.c.account_id == account_id,
                )
            ).first()
            is not None
        )


async def seated_account(request: Request, table_id: str) -> str:
    """The signed-in player who may take a seat at a rated table (403 for a guest, 409 for
    one who has a seat there already)."""
    session = await session_of(request)
    if session is None:
        raise HTTPException(403, "a rated table's seats are for signed-in players")
    if await asyncio.to_thread(_has_seat, request, session.account.id, table_id):
        raise HTTPException(409, "you have a seat at this table already")
    return session.account.id


def shown(rating: Rating) -> ShownRating:
    """A rating as the routes show it."""
    return ShownRating(
        display=rating.display(),
        provisional=rating.provisional,
        mu=round(rating.mu, 6),
        sigma=round(rating.sigma, 6),
    )


def _account_named(request: Request, name: str) -> Account | None:
    """The account named ``name``, or None."""
    engine = accounts_of(request).engine
    with engine.connect() as connection:
        row = connection.execute(
            select(accounts_table).where(accounts_table.c.name_key == name_key(name))
        ).first()
    if row is None:
        return None
    return Account(
        id=str(row.id),
        name=str(row.name),
        created=float(row.created),
        has_password=row.password_hash is not None,
        public_profile=bool(row.public_profile),
        languages=list(row.languages or []),
    )


async def visible_account(request: Request, name: str) -> Account:
    """The account named ``name`` as the request may see it: his own always, another's when
    his profile is public; 404 for no such account, 403 for another's private profile."""
    found = await asyncio.to_thread(_account_named, request, name)
    if found is None:
        raise HTTPException(404, "no such account")
    if not found.public_profile:
        session = await session_of(request)
        if session is None or session.account.id != found.id:
            raise HTTPException(403, "this account's profile is not public")
    return found


@router.get(
    "/api/ratings/{name}",
    response_model=AccountRatings,
    responses={
        403: {"model": Problem, "description": "the account's profile is not public"},
        404: {"model": Problem, "description": "no such account"},
    },
)
async def account_ratings(request: Request, name: str) -> AccountRatings:
    """An account's ratings and their latest changes: his own always, another's when his
    profile is public."""
    found = await visible_account(request, name)
    account_id, shown_name = found.id, found.name
    ratings = ratings_of(request)
    kept = await asyncio.to_thread(ratings.of_account, account_id)
    history = await asyncio.to_thread(ratings.history, account_id)
    return AccountRatings(
        name=shown_name,
        ratings=[
            AccountRating(
                rating_key=item.rating_key,
                games=item.games,
                updated=item.updated,
                **shown(item.rating).model_dump(),
            )
            for item in kept
        ],
        history=[RatingChange(**change) for change in history],
    )


@router.get(
    "/api/leaderboard/{rating_key}",
    response_model=Leaderboard,
    responses={404: {"model": Problem, "description": "no rated game of that key"}},
)
async def leaderboard(
    request: Request,
    rating_key: str,
    min_games: int = Query(default=MIN_GAMES, ge=0, le=100_000),
) -> Leaderboard:
    """A rated game's leaderboard (``game:preset``): the accounts with at least
    ``min_games`` rated games, best first, and the bot levels' ratings beside it."""
    if rating_key not in rating_keys():
        raise HTTPException(404, f"no rated game {rating_key!r}")
    ratings = ratings_of(request)
    lines = await asyncio.to_thread(ratings.leaderboard, rating_key, min_games)
    bots = await asyncio.to_thread(ratings.bot_levels, rating_key)
    return Leaderboard(
        rating_key=rating_key,
        min_games=min_games,
        standings=[
            Standing(
                place=place, name=line.name, games=line.games, **shown(line.rating).model_dump()
            )
            for place, line in enumerate(lines, start=1)
        ],
        bots={level: shown(rating) for level, rating in bots.items()},
    )
