"""The lobby's routes: the games and their options, presets and bots, a check of options, a
seat at once ("play now"), and the catalogues of words the pages speak."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response

from koloda.core.errors import KolodaError
from koloda.core.registry import available_games, load_rules
from koloda.i18n import LANGUAGES, catalogue_json
from koloda.server import joining
from koloda.server.accounts_guard import bind_seat
from koloda.server.catalog import (
    games_catalog,
    offered_bots,
    presets,
    seat_kinds,
    with_bot_ratings,
)
from koloda.server.protocol.http import CheckOptions, PlayNow, Problem, SeatTaken
from koloda.server.routes.common import check_creation, manager_of
from koloda.server.routes.ratings import ratings_of
from koloda.server.seating import SeatingError

router = APIRouter()


@router.get("/api/games", tags=["lobby"])
async def games(request: Request) -> list[dict[str, Any]]:
    """The games, their options (type, default, choices, explanation) and seat counts, and
    each rated preset's bot levels with their ratings."""
    kept = await asyncio.to_thread(ratings_of(request).bot_ratings)
    return with_bot_ratings(games_catalog(), kept)


@router.get("/api/presets", tags=["lobby"])
async def lobby_presets() -> list[dict[str, Any]]:
    """The lobby's presets, most played first: a game and the options that differ from
    its defaults (named by the catalogue's ``lobby.preset.<id>``)."""
    return presets()


@router.get("/api/bots", tags=["lobby"])
async def bots(game: str | None = None) -> dict[str, Any]:
    """The bots a seat may be given (seat kind ``bot:<name>``); with ``game``, those
    that play it (``ismcts-native`` plays the trick games only)."""
    if game is not None and game not in available_games():
        raise HTTPException(404, f"no game {game!r}; games: {', '.join(available_games())}")
    offered = offered_bots(game)
    return {"bots": offered, "seat_kinds": seat_kinds(game)}


@router.post(
    "/api/check",
    responses={422: {"model": Problem, "description": "bad game or options"}},
    tags=["lobby"],
)
async def check_options(body: CheckOptions) -> dict[str, Any]:
    """Check a game's options; answers the number of seats they give (for the lobby)."""
    try:
        rules = load_rules(body.game, body.options)
    except (KolodaError, ValueError, TypeError) as error:
        raise HTTPException(422, str(error)) from None
    return {
        "game": rules.name,
        "num_seats": rules.num_seats,
        "sides": [list(side) for side in rules.info.sides],
        "options": rules.options_json(),
    }


@router.post(
    "/api/play-now",
    response_model=SeatTaken,
    responses={422: {"model": Problem}},
    tags=["lobby"],
)
async def play_now(request: Request, body: PlayNow) -> SeatTaken:
    """A seat at once: at a public table of this game and rules with a free seat, or at a
    new public table with bots that hand their seats to people who join."""
    check_creation(request)
    try:
        table, seat, token = await joining.play_now(
            manager_of(request), body.game, body.options, body.name
        )
    except (KolodaError, ValueError, TypeError) as error:
        raise HTTPException(422, str(error)) from None
    except SeatingError as error:
        raise HTTPException(error.status, error.message) from None
    await bind_seat(request, table.id, seat, token)
    return SeatTaken(table_id=table.id, seat=seat, token=token)


@router.get("/i18n/catalogues.js", include_in_schema=False)
async def catalogues() -> Response:
    """Every language's catalogue for the pages' scripts (the same words as the terminal)."""
    data = {lang: catalogue_json(lang) for lang in LANGUAGES}
    script = f"const CATALOGUES = {json.dumps(data, ensure_ascii=False)};\n"
    return Response(script, media_type="text/javascript; charset=utf-8")


@router.get("/i18n/{lang}.json", tags=["lobby"])
async def catalogue_of(lang: str) -> dict[str, Any]:
    """One language's catalogue of words (keys and CLDR plural forms)."""
    if lang not in LANGUAGES:
        raise HTTPException(404, f"no catalogue for {lang!r}; languages: {', '.join(LANGUAGES)}")
    return catalogue_json(lang)
