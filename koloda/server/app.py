"""The web table: FastAPI over HTTP and WebSockets (docs/protocol.md), and the browser UI."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from fastapi_offline import FastAPIOffline
from pydantic import BaseModel, Field
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from koloda.core.errors import KolodaError
from koloda.core.registry import available_games, load_rules
from koloda.i18n import LANGUAGES, catalogue_json
from koloda.records import parse_record
from koloda.records.fairness import FAIRNESS_KEY
from koloda.records.fairness import verify as verify_fairness
from koloda.server import joining
from koloda.server.catalog import games_catalog, offered_bots, presets, seat_kinds
from koloda.server.cluster import Cluster, Elsewhere, forward, relay
from koloda.server.collector import Collector
from koloda.server.guard import MAX_BODY, REQUESTS_PER_ADDRESS, WEBSOCKETS_PER_ADDRESS, Guard
from koloda.server.help import router as help_pages
from koloda.server.limits import CreationLimit, MessageLimit, client_key
from koloda.server.live import MAX_MESSAGE, Connection, LiveTable, TableError
from koloda.server.seating import SeatingError
from koloda.server.store import Store
from koloda.server.tables import TableManager
from koloda.server.writer import StoreWriterError

HERE = Path(__file__).resolve().parent
DEFAULT_DATABASE = "sqlite:///koloda.db"


def database_url(given: str | None = None) -> str:
    return given or os.environ.get("KOLODA_DATABASE_URL") or DEFAULT_DATABASE


class CreateTable(BaseModel):
    """A new table: the game, its options (docs/rules/<game>.md) and one kind per seat: ``human``
    (its token comes with the answer), ``open`` (a person's seat anyone may join later) or
    ``bot:<name>``."""

    game: str = Field(examples=["king"])
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"variant": "classic"}])
    seats: list[str] = Field(examples=[["human", "bot:random", "bot:random", "bot:random"]])
    names: list[str | None] | None = Field(
        default=None, examples=[["Anna", None, None, None]], description="one name per seat"
    )
    public: bool = Field(default=False, description="listed among the open tables")
    hints: bool = Field(default=True, description="players may ask what the normal bot plays")
    turn_seconds: float = Field(
        default=0.0,
        description="a turn clock: a player who lets it run out is played by the normal bot "
        "until he is back (0: none)",
    )
    entropy: bool = Field(
        default=False,
        description="the first deal waits until every person's seat has sent its own "
        'randomness (`{"type": "entropy", "value": …}`), which is mixed into every deal',
    )


class JoinTable(BaseModel):
    """Take a seat: a given one or the first free one; a rematch's seat with the token that
    held it at the previous table."""

    seat: int | None = None
    name: str | None = Field(default=None, examples=["Boris"])
    previous_token: str | None = None


class Rematch(BaseModel):
    token: str


class LeaveSeat(BaseModel):
    """The token of the seat to leave."""

    token: str


class SeatLeft(BaseModel):
    """The seat left: the normal bot plays it from now on."""

    table_id: str
    seat: int


class PlayNow(BaseModel):
    game: str = Field(examples=["spades"])
    options: dict[str, Any] = Field(default_factory=dict)
    name: str | None = Field(default=None, examples=["Vera"])


class SeatTaken(BaseModel):
    """A seat that is yours: open its table with the token."""

    table_id: str
    seat: int
    token: str


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
    """What was wrong with a request, in one line."""

    detail: str


class SeatFacts(BaseModel):
    seat: int
    kind: str = Field(examples=["human", "bot:normal"])
    name: str | None = None
    state: str = Field(
        examples=["taken"],
        description="taken, open, reserved (for a rematch), bot, or joinable (a bot's seat "
        "a person may take, at once)",
    )


class TableFacts(BaseModel):
    """A table's public facts."""

    table_id: str
    game: str
    options: dict[str, Any]
    seats: list[SeatFacts]
    num_seats: int
    to_act: int | None
    finished: bool
    version: int
    deal: int
    public: bool
    rematch: str | None


class ViewMessage(BaseModel):
    """What a seat (or, without a token, a spectator) is shown now: the message a WebSocket
    sends after every change. ``view`` is the game's own view (docs/protocol.md)."""

    type: str = Field(examples=["view"])
    version: int
    seat: int | None
    view: dict[str, Any]
    events: list[dict[str, Any]]
    table: dict[str, Any] = Field(
        description="who is at the table: names, seats' states, who is here (presence), "
        "whom the bots wait for before the next deal, hints on, the rematch's table"
    )
    facts: dict[str, Any] = Field(
        description="the game's declared facts the page draws by: sides, partnership, "
        "penalties (points are bad), tricks (play goes in tricks), deck size, program "
        "(a fixed sequence of deals, by name)"
    )


class ScoreSheetAnswer(BaseModel):
    """A table's score sheet: every complete deal's scores, the totals and results, and the
    game's sheet as data (sections of rows; texts as catalogue keys with parameters) and as
    HTML in one language."""

    table_id: str
    game: str
    version: int
    deals: list[dict[str, Any]] = Field(
        description="each complete deal's results (docs/records.md)"
    )
    totals: list[int | float] | None
    finished: bool
    results: dict[str, Any]
    sheet: dict[str, Any] = Field(
        description="title, finished, sections: {title, columns, rows, footer, notes}"
    )
    lang: str = Field(examples=["en", "ru"])
    html: str = Field(description="the same sheet as an HTML table, worded in lang")


PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
"""The Content-Security-Policy of the lobby, the table and the API: nothing from elsewhere,
no inline scripts, never inside another site's frame."""
DOCS_POLICY = PAGE_POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
"""The API documentation page starts Swagger UI with an inline script (its assets are local)."""


class SecurityHeaders:
    """Security headers on every HTTP answer (a plain ASGI middleware: WebSockets pass
    straight through, and answers are not copied)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        docs = str(scope.get("path", "")).startswith(("/docs", "/redoc"))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["Content-Security-Policy"] = DOCS_POLICY if docs else PAGE_POLICY
                headers["X-Content-Type-Options"] = "nosniff"
                headers["Referrer-Policy"] = "no-referrer"
                headers["X-Frame-Options"] = "DENY"
            await send(message)

        await self.app(scope, receive, send_with_headers)


STORE_FAILED = "the server cannot store games just now; nothing was changed, try again later"
STORE_RETRY_AFTER = 30


class Health(BaseModel):
    """The health check's answer."""

    ok: bool
    store: str = Field(examples=["ok", "failing: OperationalError: database or disk is full"])


class StoreHealth:
    """The store's health: callers at the same time share one check (a write through the
    writer, group-committed with the tables' writes)."""

    def __init__(self) -> None:
        self._checking: asyncio.Task[Health] | None = None

    async def check(self, store: Store) -> Health:
        if self._checking is None or self._checking.done():
            self._checking = asyncio.ensure_future(self._probe(store))
        return await asyncio.shield(self._checking)

    @staticmethod
    async def _probe(store: Store) -> Health:
        try:
            await store.check()
        except Exception as error:
            reason = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
            return Health(ok=False, store=f"failing: {reason}")
        return Health(ok=True, store="ok")


def _problem_line(error: RequestValidationError) -> str:
    """A malformed request body in one line: where and what."""
    parts = []
    for item in error.errors():
        where = ".".join(str(p) for p in item.get("loc", ()) if p != "body") or "body"
        parts.append(f"{where}: {item.get('msg', 'invalid')}")
    return "malformed request: " + "; ".join(parts)


def create_app(
    database: str | None = None,
    bot_delay: float = 0.0,
    bot_threads: int = 4,
    bot_processes: int = 2,
    deal_pause: float = 20.0,
    wait_for_people: bool = True,
    creation_limit: CreationLimit | None = None,
    max_tables: int = 5000,
    message_limit: Callable[[], MessageLimit] = MessageLimit,
    idle_seconds: float = 600.0,
    grace_seconds: float = 60.0,
    cluster: Cluster | None = None,
    fsync: bool = True,
    check_store: bool = True,
    allowed_origins: Sequence[str] = (),
    max_body: int = MAX_BODY,
    requests_per_address: int = REQUESTS_PER_ADDRESS,
    websockets_per_address: int = WEBSOCKETS_PER_ADDRESS,
) -> FastAPI:
    """The server app; ``database`` is a SQLAlchemy URL (default: KOLODA_DATABASE_URL or a
    SQLite file ``koloda.db`` in the working directory). Bots wait ``deal_pause`` seconds
    after a deal for the people at the table, and (``wait_for_people``) do not start before
    every person's seat is taken and connected; a person gone ``grace_seconds`` (or the
    table's turn clock, when shorter) is played by the normal bot until he is back.
    ``creation_limit`` (default: 30 tables a
    minute per client address, 600 in all) and ``max_tables`` (live tables in this process)
    bound table creation; a table nobody touches for ``idle_seconds`` leaves memory, and
    stored tables come back on their first contact; ``message_limit`` bounds what each
    connection may send. Quick bots think in ``bot_threads`` threads, searching bots in
    ``bot_processes`` worker processes (``thinking``; 0: in the threads too). With a
    ``cluster``, this is one of several processes on one database, each table owned by one
    of them (``cluster``). Without ``fsync`` the store's commits survive a crash of the
    process but not of the machine, and wait for no disk flush (``store.make_engine``). With
    ``check_store`` a damaged database is refused at start (``store.check_database``).
    Request bodies are taken up to ``max_body`` bytes, ``requests_per_address`` requests at
    once and ``websockets_per_address`` open WebSockets per client address, and WebSockets
    from pages of the server's own origin and ``allowed_origins`` (``guard.Guard``)."""
    url = database_url(database)
    limit = creation_limit if creation_limit is not None else CreationLimit()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, url, fsync, check_store)
        app.state.store = store
        manager = TableManager(
            store,
            bot_delay=bot_delay,
            bot_threads=bot_threads,
            bot_processes=bot_processes,
            deal_pause=deal_pause,
            wait_for_people=wait_for_people,
            idle_seconds=idle_seconds,
            grace_seconds=grace_seconds,
            cluster=cluster,
        )
        app.state.manager = manager
        await manager.start()
        collector = Collector()
        app.state.collector = collector
        collector.start()
        try:
            yield
        finally:
            await collector.stop()
            await manager.close()
            await store.aclose()

    app = FastAPIOffline(
        title="Koloda web table",
        version="1",
        summary="King, Spades, 101 and Tressette: server-authoritative tables for people and bots.",
        description=(
            "Create a table over HTTP, then play each seat over the WebSocket "
            "`/ws/tables/{id}?token=…` (no token: a spectator). Server → client messages: "
            '`{"type": "view", "version": n, "seat": s, "view": {…}, "events": […]}` after '
            'every change and on connect, `{"type": "error", "code": …, "message": …}` when a '
            "message is refused (codes `illegal_action`, `not_your_turn`, `bad_message`, "
            "`stale_version`, `entropy_closed`). Client → server: "
            '`{"type": "act", "action": "QH", "version": n}` (version optional), '
            '`{"type": "sync"}` (resend the view), `{"type": "ping"}`, '
            '`{"type": "entropy", "value": "…"}` (a seat\'s randomness, before the first deal '
            "at a table created with `entropy`), "
            '`{"type": "leave"}` (the normal bot plays the seat from now on, as '
            "`POST /api/tables/{id}/leave`). Optional: "
            '`{"type": "next_deal"}` (bots need not wait out the pause after a deal), '
            '`{"type": "back"}` (any message of a person a bot plays for brings him back, '
            "as opening the table does)."
        ),
        lifespan=lifespan,
    )
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    app.include_router(help_pages)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(
        Guard,
        max_body=max_body,
        requests=requests_per_address,
        websockets=websockets_per_address,
        origins=allowed_origins,
    )
    templates = Jinja2Templates(directory=HERE / "templates")

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": _problem_line(error)}, status_code=422)

    @app.exception_handler(StoreWriterError)
    async def store_failed(request: Request, error: StoreWriterError) -> JSONResponse:
        """The store could not take a new table or seat: nothing was made or changed."""
        return JSONResponse(
            {"detail": STORE_FAILED},
            status_code=503,
            headers={"Retry-After": str(STORE_RETRY_AFTER)},
        )

    @app.exception_handler(Elsewhere)
    async def elsewhere(request: Request, owned: Elsewhere) -> Response:
        """Another process owns the table: its answer is ours."""
        assert cluster is not None
        return await forward(request, owned.address, cluster.address, cluster.lease_seconds)

    def manager_of(request: Request | WebSocket) -> TableManager:
        manager: TableManager = request.app.state.manager
        return manager

    def check_creation(request: Request) -> None:
        """A new table for this client address now, or 429/503 with Retry-After."""
        address = request.client.host if request.client is not None else "unknown"
        wait = limit.wait_for(client_key(address))
        if wait:
            raise HTTPException(
                429,
                f"too many new tables from this address; try again in {wait} s",
                headers={"Retry-After": str(wait)},
            )
        if len(manager_of(request).tables) >= max_tables:
            raise HTTPException(
                503, "the server has as many tables as it can hold", headers={"Retry-After": "60"}
            )

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
        if await manager_of(request).get(table_id) is None:
            return templates.TemplateResponse(request, "not_found.html", {}, status_code=404)
        return templates.TemplateResponse(request, "table.html", {"table_id": table_id})

    # ----- the API ---------------------------------------------------------------------------

    @app.get("/api/games", tags=["lobby"])
    async def games() -> list[dict[str, Any]]:
        """The games, their options (type, default, choices, explanation) and seat counts."""
        return games_catalog()

    @app.get("/api/presets", tags=["lobby"])
    async def lobby_presets() -> list[dict[str, Any]]:
        """The lobby's presets, most played first: a game and the options that differ from
        its defaults (named by the catalogue's ``lobby.preset.<id>``)."""
        return presets()

    @app.get("/api/bots", tags=["lobby"])
    async def bots(game: str | None = None) -> dict[str, Any]:
        """The bots a seat may be given (seat kind ``bot:<name>``); with ``game``, those
        that play it (``ismcts-native`` plays the trick games only)."""
        if game is not None and game not in available_games():
            raise HTTPException(404, f"no game {game!r}; games: {', '.join(available_games())}")
        offered = offered_bots(game)
        return {"bots": offered, "seat_kinds": seat_kinds(game)}

    @app.post(
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

    @app.post(
        "/api/tables",
        status_code=201,
        response_model=CreatedTable,
        responses={422: {"model": Problem, "description": "bad game, options or seats"}},
        tags=["tables"],
    )
    async def create_table(request: Request, body: CreateTable) -> CreatedTable:
        """Create a table. Each human seat gets a secret token; bots' seats have none."""
        check_creation(request)
        try:
            table, tokens = await manager_of(request).create(
                body.game,
                body.options,
                body.seats,
                names=body.names,
                public=body.public,
                hints=body.hints,
                turn_seconds=body.turn_seconds,
                entropy=body.entropy,
            )
        except (KolodaError, ValueError, TypeError) as error:
            raise HTTPException(422, str(error)) from None
        return CreatedTable(
            table_id=table.id,
            seats=[
                SeatToken(seat=s, kind=kind, token=tokens[s]) for s, kind in enumerate(table.seats)
            ],
        )

    @app.get("/api/tables", response_model=list[TableFacts], tags=["tables"])
    async def open_tables(request: Request) -> list[dict[str, Any]]:
        """The public tables with a seat free for a person, newest first."""
        return await joining.public_tables(manager_of(request))

    @app.post(
        "/api/tables/{table_id}/join",
        response_model=SeatTaken,
        responses={
            403: {"model": Problem, "description": "a rematch seat kept for its player"},
            404: {"model": Problem},
            409: {"model": Problem, "description": "no free seat, or the game is over"},
        },
        tags=["tables"],
    )
    async def join_table(request: Request, table_id: str, body: JoinTable) -> SeatTaken:
        """Take a free seat (or the given one) and get its token."""
        table = await table_or_404(request, table_id)
        try:
            seat, token = await joining.join(
                manager_of(request), table, body.seat, body.name, body.previous_token
            )
        except SeatingError as error:
            raise HTTPException(error.status, error.message) from None
        return SeatTaken(table_id=table.id, seat=seat, token=token)

    @app.post(
        "/api/tables/{table_id}/leave",
        response_model=SeatLeft,
        responses={
            403: {"model": Problem, "description": "a wrong token, or a seat already left"},
            404: {"model": Problem},
            409: {"model": Problem, "description": "the game is over"},
        },
        tags=["tables"],
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

    @app.post(
        "/api/tables/{table_id}/rematch",
        response_model=SeatTaken,
        responses={403: {"model": Problem}, 404: {"model": Problem}, 409: {"model": Problem}},
        tags=["tables"],
    )
    async def rematch(request: Request, table_id: str, body: Rematch) -> SeatTaken:
        """Once a game is over, a player starts (or joins) the rematch: same seats and rules,
        a new shuffle. The others' seats wait for them (each with his old token)."""
        table = await table_or_404(request, table_id)
        check_creation(request)
        try:
            new, seat, token = await joining.rematch(manager_of(request), table, body.token)
        except TableError as error:
            raise HTTPException(403, error.message) from None
        except SeatingError as error:
            raise HTTPException(error.status, error.message) from None
        return SeatTaken(table_id=new.id, seat=seat, token=token)

    @app.post(
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
        return SeatTaken(table_id=table.id, seat=seat, token=token)

    @app.get(
        "/api/tables/{table_id}",
        response_model=TableFacts,
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
        """The game record with results (docs/records.md) — only once the game is finished."""
        table = await table_or_404(request, table_id)
        record = await manager_of(request).call(table, lambda t: t.record)
        if record is None:
            raise HTTPException(403, "the game is not finished; its record holds hidden cards")
        return JSONResponse(
            record,
            headers={"Content-Disposition": f'attachment; filename="koloda-{table_id}.json"'},
        )

    @app.get(
        "/api/tables/{table_id}/verify",
        responses={403: {"model": Problem}, 404: {"model": Problem}},
        tags=["tables"],
    )
    async def table_verify(request: Request, table_id: str) -> dict[str, Any]:
        """A finished game's fairness: the seed it revealed, the commitment shown from the
        start, and whether every deal of its record is exactly what that seed deals (as
        ``koloda verify`` checks a downloaded record)."""
        table = await table_or_404(request, table_id)
        document = await manager_of(request).call(table, lambda t: t.record)
        if document is None:
            raise HTTPException(403, "the game is not finished; its seed is still secret")
        record = parse_record(document)
        fairness = document[FAIRNESS_KEY]
        return {
            "commitment": fairness["commitment"],
            "seed": fairness["seed"],
            "entropy": fairness.get("entropy"),
            "deals": len(record.deals),
            "problems": verify_fairness(record),
        }

    analyses: dict[tuple[str, int], asyncio.Task[list[dict[str, Any]]]] = {}

    @app.get(
        "/api/tables/{table_id}/analysis",
        responses={403: {"model": Problem}, 404: {"model": Problem}, 422: {"model": Problem}},
        tags=["tables"],
    )
    async def table_analysis(request: Request, table_id: str, seat: int) -> dict[str, Any]:
        """A finished game's three costliest decisions of ``seat``: the move played, the best
        one the search found, the points lost on average and the seat's view then (as
        ``koloda analyse`` reports them). The search runs once per seat and is kept."""
        table = await table_or_404(request, table_id)
        document = await manager_of(request).call(table, lambda t: t.record)
        if document is None:
            raise HTTPException(403, "the game is not finished; it is analysed at its end")
        if not 0 <= seat < table.rules.num_seats:
            raise HTTPException(422, f"seat must be 0..{table.rules.num_seats - 1}")
        key = (table_id, seat)
        if key not in analyses or analyses[key].cancelled():
            if len(analyses) >= 1000:  # the oldest analysis goes first
                analyses.pop(next(iter(analyses)))
            job = manager_of(request).thinkers.analyse(document, seat)
            analyses[key] = asyncio.ensure_future(job)
        try:
            decisions = await asyncio.shield(analyses[key])
        except Exception:
            del analyses[key]
            raise
        return {"seat": seat, "decisions": decisions}

    @app.get(
        "/api/tables/{table_id}/sheet",
        response_model=ScoreSheetAnswer,
        responses={404: {"model": Problem}},
        tags=["tables"],
    )
    async def table_sheet(request: Request, table_id: str, lang: str = "en") -> dict[str, Any]:
        """The score sheet: each complete deal's scores, totals and results, the game's sheet
        as data (texts as catalogue keys) and as HTML in ``lang`` (en, ru)."""
        table = await table_or_404(request, table_id)
        sheet: dict[str, Any] = await manager_of(request).call(table, lambda t: t.sheet(lang))
        return sheet

    @app.get("/api/stats", tags=["server"])
    async def server_stats(request: Request, window: float | None = None) -> dict[str, Any]:
        """What this process measures of itself: live tables, searching bots waiting for a
        worker, and the time from receiving a person's action to every seat's view being
        sent (count, p50, p90, p99, max in milliseconds), with the part of it spent waiting
        for the store's commit; over the last ``window`` seconds when given; and the garbage
        collector's frozen objects and complete collections (``collector``)."""
        manager = manager_of(request)
        return {
            "live_tables": len(manager.tables),
            "bots_waiting": manager.thinkers.turns.queued,
            "latency_ms": manager.latencies.summary(window),
            "commit_wait_ms": manager.commit_waits.summary(window),
            "memory": request.app.state.collector.stats(),
        }

    health = StoreHealth()

    @app.get(
        "/healthz",
        response_model=Health,
        responses={503: {"model": Health, "description": "the store cannot be written"}},
        tags=["server"],
    )
    async def healthz(request: Request) -> JSONResponse:
        """Whether the server can take games: a write through the store's writer, read back
        (callers at the same time share one check). 503 while the store fails, with why; the
        lobby then says the server cannot take new games."""
        answer = await health.check(request.app.state.store)
        return JSONResponse(answer.model_dump(), status_code=200 if answer.ok else 503)

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
        response_model=ViewMessage,
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
        try:
            table = await manager.get(table_id)
        except Elsewhere as owned:  # the owner plays it: pass the messages on
            assert cluster is not None
            await relay(websocket, owned.address, cluster.address)
            return
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
        limit_messages = message_limit()
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                parsed: Any = None
                problem = None
                if text is None:
                    problem = "messages are JSON text, not binary"
                elif len(text) > MAX_MESSAGE:
                    problem = f"message too long ({len(text)} > {MAX_MESSAGE})"
                else:
                    try:
                        parsed = json.loads(text)
                    except (json.JSONDecodeError, RecursionError):
                        problem = "malformed JSON"
                is_move = isinstance(parsed, dict) and parsed.get("type") == "act"
                if not limit_messages.allows(is_move):
                    connection.send(
                        {
                            "type": "error",
                            "code": "too_many_messages",
                            "message": "too many messages (more than 100 a second, or 10 a "
                            "second besides moves): the connection is closed",
                        }
                    )
                    connection.close(code=1008)
                    break
                if problem is not None:
                    connection.send(_bad(problem))
                    continue
                manager.submit(table, parsed, connection)
        except WebSocketDisconnect:
            pass
        finally:
            manager.leave(table, connection)
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
            await websocket.send_text(message)
    except Exception:  # the client went away
        pass
    finally:
        with contextlib.suppress(Exception):
            await websocket.close(code=connection.close_code)


async def _deny(websocket: WebSocket, status: int, detail: str) -> None:
    """Refuse a WebSocket handshake with an HTTP status, where the server supports it."""
    try:
        await websocket.send_denial_response(JSONResponse({"detail": detail}, status_code=status))
    except Exception:
        await websocket.close(code=4000 + status, reason=detail)
