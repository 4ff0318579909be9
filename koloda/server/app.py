"""The web table: FastAPI over HTTP and WebSockets (shared/protocol.md), and the browser UI."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, Field

from koloda.bots import available_bots
from koloda.core.errors import KolodaError
from koloda.core.registry import load_game
from koloda.i18n import LANGUAGES, catalogue_json
from koloda.server.catalog import games_catalog, seat_kinds
from koloda.server.store import Store
from koloda.server.tables import (
    MAX_MESSAGE,
    Connection,
    LiveTable,
    TableError,
    TableManager,
    dumps,
)

HERE = Path(__file__).resolve().parent
DEFAULT_DATABASE = "sqlite:///koloda.db"


def database_url(given: str | None = None) -> str:
    return given or os.environ.get("KOLODA_DATABASE_URL") or DEFAULT_DATABASE


class CreateTable(BaseModel):
    """A new table: the game, its options (rules/<game>.md) and one kind per seat."""

    game: str = Field(examples=["king"])
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"variant": "classic"}])
    seats: list[str] = Field(examples=[["human", "bot:random", "bot:random", "bot:random"]])


class CheckOptions(BaseModel):
    game: str = Field(examples=["hundred_one"])
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"players": 3}])


class SeatToken(BaseModel):
    seat: int
    kind: str
    token: str | None = None


class CreatedTable(BaseModel):
    table_id: str
    seats: list[SeatToken]


class Problem(BaseModel):
    detail: str


def create_app(
    database: str | None = None, bot_delay: float = 0.0, bot_threads: int = 4
) -> FastAPI:
    """The server app; ``database`` is a SQLAlchemy URL (default: KOLODA_DATABASE_URL or a
    SQLite file ``koloda.db`` in the working directory)."""
    url = database_url(database)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, url)
        manager = TableManager(store, bot_delay=bot_delay, bot_threads=bot_threads)
        app.state.manager = manager
        await manager.start()
        try:
            yield
        finally:
            await manager.close()
            await asyncio.to_thread(store.close)

    app = FastAPI(
        title="Koloda web table",
        version="1",
        summary="King, Spades, 101 and Tressette: server-authoritative tables for people and bots.",
        description=(
            "Create a table over HTTP, then play each seat over the WebSocket "
            "`/ws/tables/{id}?token=…` (no token: a spectator). Server → client messages: "
            '`{"type": "view", "version": n, "seat": s, "view": {…}, "events": […]}` after '
            'every change and on connect, `{"type": "error", "code": …, "message": …}` when a '
            "message is refused (codes `illegal_action`, `not_your_turn`, `bad_message`, "
            "`stale_version`). Client → server: "
            '`{"type": "act", "action": "QH", "version": n}` (version optional), '
            '`{"type": "sync"}` (resend the view), `{"type": "ping"}`.'
        ),
        lifespan=lifespan,
    )
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    templates = Jinja2Templates(directory=HERE / "templates")

    def manager_of(request: Request | WebSocket) -> TableManager:
        manager: TableManager = request.app.state.manager
        return manager

    async def table_or_404(request: Request, table_id: str) -> LiveTable:
        table = await manager_of(request).get(table_id)
        if table is None:
            raise HTTPException(404, f"no table {table_id!r}")
        return table

    # ----- pages -----------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def lobby(request: Request) -> HTMLResponse:
        return templates.TemplateResponse(request, "lobby.html", {})

    @app.get("/t/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    async def table_page(request: Request, table_id: str) -> HTMLResponse:
        await table_or_404(request, table_id)
        return templates.TemplateResponse(request, "table.html", {"table_id": table_id})

    # ----- the API ---------------------------------------------------------------------------

    @app.get("/api/games", tags=["lobby"])
    async def games() -> list[dict[str, Any]]:
        """The games, their options (type, default, choices, explanation) and seat counts."""
        return games_catalog()

    @app.get("/api/bots", tags=["lobby"])
    async def bots() -> dict[str, Any]:
        """The bots a seat may be given (seat kind ``bot:<name>``)."""
        return {"bots": available_bots(), "seat_kinds": seat_kinds()}

    @app.post(
        "/api/check",
        responses={422: {"model": Problem, "description": "bad game or options"}},
        tags=["lobby"],
    )
    async def check_options(body: CheckOptions) -> dict[str, Any]:
        """Check a game's options; answers the number of seats they give (for the lobby)."""
        try:
            rules = load_game(body.game, **body.options)
        except (KolodaError, ValueError, TypeError) as error:
            raise HTTPException(422, str(error)) from None
        return {"game": rules.name, "num_seats": rules.num_seats, "options": rules.options_json()}

    @app.post(
        "/api/tables",
        status_code=201,
        response_model=CreatedTable,
        responses={422: {"model": Problem, "description": "bad game, options or seats"}},
        tags=["tables"],
    )
    async def create_table(request: Request, body: CreateTable) -> CreatedTable:
        """Create a table. Each human seat gets a secret token; bots' seats have none."""
        try:
            table, tokens = await manager_of(request).create(body.game, body.options, body.seats)
        except (KolodaError, ValueError, TypeError) as error:
            raise HTTPException(422, str(error)) from None
        return CreatedTable(
            table_id=table.id,
            seats=[
                SeatToken(seat=s, kind=kind, token=tokens[s]) for s, kind in enumerate(table.seats)
            ],
        )

    @app.get(
        "/api/tables/{table_id}",
        responses={404: {"model": Problem}},
        tags=["tables"],
    )
    async def table_facts(request: Request, table_id: str) -> dict[str, Any]:
        """Public facts: game, options, seat kinds, whose turn, finished, version."""
        table = await table_or_404(request, table_id)
        facts: dict[str, Any] = await manager_of(request).call(table, LiveTable.public_facts)
        return facts

    @app.get(
        "/api/tables/{table_id}/record",
        responses={403: {"model": Problem}, 404: {"model": Problem}},
        tags=["tables"],
    )
    async def table_record(request: Request, table_id: str) -> JSONResponse:
        """The game record with results (records.md) — only once the game is finished."""
        table = await table_or_404(request, table_id)
        record = await manager_of(request).call(table, lambda t: t.record)
        if record is None:
            raise HTTPException(403, "the game is not finished; its record holds hidden cards")
        return JSONResponse(
            record,
            headers={"Content-Disposition": f'attachment; filename="koloda-{table_id}.json"'},
        )

    @app.get(
        "/api/tables/{table_id}/sheet",
        responses={404: {"model": Problem}},
        tags=["tables"],
    )
    async def table_sheet(request: Request, table_id: str, lang: str = "en") -> dict[str, Any]:
        """The score sheet: each complete deal's scores, totals and results, the game's sheet
        as data (texts as catalogue keys) and as HTML in ``lang`` (en, ru)."""
        table = await table_or_404(request, table_id)
        sheet: dict[str, Any] = await manager_of(request).call(table, lambda t: t.sheet(lang))
        return sheet

    @app.get("/i18n/catalogues.js", include_in_schema=False)
    async def catalogues() -> Response:
        """Every language's catalogue for the pages' scripts (the same words as the terminal)."""
        data = {lang: catalogue_json(lang) for lang in LANGUAGES}
        script = f"const CATALOGUES = {json.dumps(data, ensure_ascii=False)};\n"
        return Response(script, media_type="text/javascript; charset=utf-8")

    @app.get("/i18n/{lang}.json", tags=["lobby"])
    async def catalogue_of(lang: str) -> dict[str, Any]:
        """One language's catalogue of words (keys and CLDR plural forms)."""
        if lang not in LANGUAGES:
            raise HTTPException(
                404, f"no catalogue for {lang!r}; languages: {', '.join(LANGUAGES)}"
            )
        return catalogue_json(lang)

    @app.get(
        "/api/tables/{table_id}/view",
        responses={403: {"model": Problem}, 404: {"model": Problem}},
        tags=["tables"],
    )
    async def table_view(request: Request, table_id: str, token: str | None = None) -> Any:
        """The view message a WebSocket would send now: a seat's with its token, else public."""
        table = await table_or_404(request, table_id)
        try:
            seat = table.seat_of(token)
        except TableError as error:
            raise HTTPException(403, error.message) from None
        return await manager_of(request).call(table, lambda t: t.view_message(seat))

    # ----- the WebSocket ---------------------------------------------------------------------

    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        manager = manager_of(websocket)
        table = await manager.get(table_id)
        if table is None:
            await _deny(websocket, 404, f"no table {table_id!r}")
            return
        try:
            seat = table.seat_of(token)
        except TableError as error:
            await _deny(websocket, 403, error.message)
            return
        await websocket.accept()
        connection = Connection(seat)
        sender = asyncio.create_task(_send_loop(websocket, connection))
        manager.sync(table, connection)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    connection.send(_bad("messages are JSON text, not binary"))
                    continue
                if len(text) > MAX_MESSAGE:
                    connection.send(_bad(f"message too long ({len(text)} > {MAX_MESSAGE})"))
                    continue
                try:
                    parsed = json.loads(text)
                except (json.JSONDecodeError, RecursionError):
                    connection.send(_bad("malformed JSON"))
                    continue
                manager.submit(table, seat, parsed, connection)
        except WebSocketDisconnect:
            pass
        finally:
            table.connections.discard(connection)
            connection.close()
            with contextlib.suppress(Exception):
                await sender

    return app


def _bad(message: str) -> dict[str, Any]:
    return {"type": "error", "code": "bad_message", "message": message}


async def _send_loop(websocket: WebSocket, connection: Connection) -> None:
    try:
        while True:
            message = await connection.outbox.get()
            if message is None:
                break
            await websocket.send_text(dumps(message))
    except Exception:  # the client went away
        pass
    finally:
        with contextlib.suppress(Exception):
            await websocket.close()


async def _deny(websocket: WebSocket, status: int, detail: str) -> None:
    """Refuse a WebSocket handshake with an HTTP status, where the server supports it."""
    try:
        await websocket.send_denial_response(JSONResponse({"detail": detail}, status_code=status))
    except Exception:
        await websocket.close(code=4000 + status, reason=detail)
