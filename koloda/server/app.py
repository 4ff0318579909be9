"""The web table: FastAPI over HTTP and WebSockets (docs/protocol.md), and the browser UI.
The app is put together here; its routes live in ``routes`` (one router per concern) and the
live tables in ``tables``."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from koloda.server.accounts_guard import SessionGuard
from koloda.server.cluster import Cluster, Elsewhere, forward
from koloda.server.collector import Collector
from koloda.server.guard import MAX_BODY, REQUESTS_PER_ADDRESS, WEBSOCKETS_PER_ADDRESS, Guard
from koloda.server.help import router as help_pages
from koloda.server.limits import CreationLimit, MessageLimit
from koloda.server.operations import router as operations
from koloda.server.protocol import ws
from koloda.server.protocol.http import Problem
from koloda.server.routes import (
    accounts,
    analysis,
    daily,
    friends,
    leaderboard_page,
    learn,
    lobby,
    pages,
    play,
    profile,
    ratings,
    records,
    replay,
    stats,
    tables,
    tournaments,
)
from koloda.server.routes.analysis import Analyses
from koloda.server.routes.common import Serving, serving_of
from koloda.server.routes.stats import StoreHealth
from koloda.server.store import Store, database_url
from koloda.server.tables import TableManager
from koloda.server.writer import StoreWriterError

HERE = Path(__file__).resolve().parent
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

SUMMARY = "Card games at server-authoritative tables for people and bots."

DESCRIPTION = ws.overview()

ROUTERS = (
    # a request is matched against the routers in this order: the tables' WebSocket and
    # routes, which a room's load is made of, first
    play.router,
    tables.router,
    pages.router,
    lobby.router,
    records.router,
    analysis.router,
    replay.router,
    learn.router,
    stats.router,
    accounts.router,
    ratings.router,
    leaderboard_page.router,
    profile.router,
    friends.router,
    daily.router,
    tournaments.router,
    operations,
    help_pages,
)
"""Every router of the app, by concern."""


MALFORMED: dict[int | str, dict[str, Any]] = {
    422: {"model": Problem, "description": "a malformed request, in one line"}
}
"""How every route answers a malformed request (``malformed``), as the OpenAPI says it."""


def _problem_line(error: RequestValidationError) -> str:
    """A malformed request body in one line: where and what."""
    parts = []
    for item in error.errors():
        where = ".".join(str(p) for p in item.get("loc", ()) if p != "body") or "body"
        parts.append(f"{where}: {item.get('msg', 'invalid')}")
    return "malformed request: " + "; ".join(parts)


def _lifespan(
    url: str, fsync: bool, check_store: bool, make_manager: Callable[[Store], TableManager]
) -> Callable[[FastAPI], contextlib.AbstractAsyncContextManager[None]]:
    """The app's life: the store, the table manager and the garbage collector's keeper
    started, and stopped in the reverse order."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, url, fsync, check_store)
        app.state.store = store
        manager = make_manager(store)
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

    return lifespan


async def malformed(request: Request, error: RequestValidationError) -> JSONResponse:
    """A malformed request: 422 with what was wrong, in one line."""
    return JSONResponse({"detail": _problem_line(error)}, status_code=422)


async def store_failed(request: Request, error: StoreWriterError) -> JSONResponse:
    """The store could not take a new table or seat: nothing was made or changed."""
    return JSONResponse(
        {"detail": STORE_FAILED},
        status_code=503,
        headers={"Retry-After": str(STORE_RETRY_AFTER)},
    )


async def elsewhere(request: Request, owned: Elsewhere) -> Response:
    """Another process owns the table: its answer is ours."""
    cluster = serving_of(request).cluster
    assert cluster is not None
    return await forward(request, owned.address, cluster.address, cluster.lease_seconds)


def _assemble(app: FastAPI) -> None:
    """The app's static files, routers, answers to errors and per-app state."""
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    for router in ROUTERS:
        app.include_router(router, responses=MALFORMED)
    app.exception_handler(RequestValidationError)(malformed)
    app.exception_handler(StoreWriterError)(store_failed)
    app.exception_handler(Elsewhere)(elsewhere)
    app.state.analyses = Analyses()
    app.state.health = StoreHealth()


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

    def make_manager(store: Store) -> TableManager:
        return TableManager(
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

    app = FastAPIOffline(
        title="Koloda web table",
        version="1",
        summary=SUMMARY,
        description=DESCRIPTION,
        lifespan=_lifespan(database_url(database), fsync, check_store, make_manager),
    )
    app.state.serving = Serving(
        creation=creation_limit if creation_limit is not None else CreationLimit(),
        max_tables=max_tables,
        message_limit=message_limit,
        cluster=cluster,
    )
    _assemble(app)
    app.add_middleware(SessionGuard)  # CSRF: requests with a session cookie
    app.add_middleware(SecurityHeaders)
    app.add_middleware(
        Guard,
        max_body=max_body,
        requests=requests_per_address,
        websockets=websockets_per_address,
        origins=allowed_origins,
    )
    return app
