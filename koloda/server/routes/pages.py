"""The pages people open: the lobby, a table's page, and each game's browser modules (its
board), which the table's page loads by the game's name."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from koloda.core.errors import OptionError
from koloda.core.registry import game_plugin
from koloda.server.routes.common import manager_of

router = APIRouter(include_in_schema=False)

templates = Jinja2Templates(directory=Path(__file__).resolve().parent.parent / "templates")

MODULE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*\.js")
"""A game's browser module: a plain file name (no folders, no dots but the suffix's)."""


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request) -> HTMLResponse:
    """The lobby: games, presets, the open tables."""
    return templates.TemplateResponse(request, "lobby.html", {})


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table_page(request: Request, table_id: str) -> HTMLResponse:
    """A table's page (the page of a table that does not exist: 404)."""
    if await manager_of(request).get(table_id) is None:
        return templates.TemplateResponse(request, "not_found.html", {}, status_code=404)
    return templates.TemplateResponse(request, "table.html", {"table_id": table_id})


def game_module(game: str, file: str) -> bytes | None:
    """The browser module ``file`` of ``game`` (from the ``web/`` folder of the package its
    plug-in names), or None: an unknown game or file, a game with no modules of its own, or
    a name that is not a plain module's."""
    if not MODULE_NAME.fullmatch(file):
        return None
    try:
        package = game_plugin(game).web
    except OptionError:
        return None
    if package is None:
        return None
    try:
        source = resources.files(package).joinpath("web").joinpath(file)
        return source.read_bytes() if source.is_file() else None
    except (ModuleNotFoundError, TypeError, OSError):  # no such package, or a plain module
        return None


@router.get("/games/{game}/{file}")
async def game_web(game: str, file: str) -> Response:
    """A game's browser module (``board.js``: its scoreboard), as JavaScript; 404 for an
    unknown game or file, or a game with none."""
    module = game_module(game, file)
    if module is None:
        raise HTTPException(404, f"no module {file!r} of game {game!r}")
    return Response(module, media_type="text/javascript; charset=utf-8")
