"""The leaderboard's page: one rated game's standings at a time (``/leaderboard/<game:preset>``,
the first rated game at ``/leaderboard``), with a link to each rated game's and the bot
levels' ratings beside; the page reads them from ``/api/leaderboard``."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from koloda.server.catalog import presets
from koloda.server.ratings_service import rating_keys
from koloda.server.routes.pages import templates

router = APIRouter(include_in_schema=False)


def rated_games() -> list[tuple[str, str]]:
    """The rated games' ratings in the lobby's order: (rating key, preset id)."""
    keys = rating_keys()
    found = [(f"{preset['game']}:{preset['id']}", str(preset["id"])) for preset in presets()]
    return [(key, preset) for key, preset in found if key in keys]


def _page(request: Request, rating_key: str, status_code: int = 200) -> HTMLResponse:
    """The page of ``rating_key`` ("" with 404: no such rated game, the others linked)."""
    context = {"rating_key": rating_key, "rated": rated_games(), "missing": status_code == 404}
    return templates.TemplateResponse(request, "leaderboard.html", context, status_code=status_code)


@router.get("/leaderboard", response_class=HTMLResponse)
async def first_leaderboard(request: Request) -> HTMLResponse:
    """The leaderboard of the first rated game (the lobby's order)."""
    rated = rated_games()
    return _page(request, rated[0][0] if rated else "")


@router.get("/leaderboard/{rating_key}", response_class=HTMLResponse)
async def leaderboard_page(request: Request, rating_key: str) -> HTMLResponse:
    """A rated game's leaderboard (``game:preset``); 404 for a key no rated game has."""
    if rating_key not in rating_keys():
        return _page(request, "", status_code=404)
    return _page(request, rating_key)
