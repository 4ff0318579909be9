"""``koloda serve``: the web table on http://127.0.0.1:8000 by default."""

from __future__ import annotations

from typing import Annotated

import typer

from koloda.cli.bot_option import BotOpt, use_bots


def register(app: typer.Typer) -> None:
    app.command(name="serve")(serve)


def check_serve_numbers(
    port: int, bot_delay: float, bot_processes: int, tables_per_minute: int, max_tables: int
) -> str | None:
    """What is wrong with ``serve``'s numbers, in one line, or None."""
    if not 0 <= port <= 65535:
        return "--port must be 0..65535 (0: any free port)"
    if bot_delay < 0:
        return "--bot-delay must be 0 or more seconds"
    if bot_processes < 0:
        return "--bot-processes must be 0 or more (0: the bots think in threads)"
    if tables_per_minute < 1 or max_tables < 1:
        return "--tables-per-minute and --max-tables must be at least 1"
    return None


def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy URL (default: $KOLODA_DATABASE_URL or sqlite:///koloda.db)",
        ),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(help="seconds a bot waits before acting at a table with people")
    ] = 0.6,
    grace_seconds: Annotated[
        float,
        typer.Option(
            min=0.1,
            max=60,
            help="seconds a person may be gone (no page open) before the normal bot plays for "
            "him until he is back (the table's turn clock, when shorter)",
        ),
    ] = 60.0,
    bot_processes: Annotated[
        int, typer.Option(help="worker processes for the searching bots (hard, pimc, ismcts)")
    ] = 2,
    tables_per_minute: Annotated[
        int, typer.Option(help="new tables a minute per client address (and 20× that in all)")
    ] = 30,
    max_tables: Annotated[int, typer.Option(help="live tables in this process at most")] = 5000,
    cluster: Annotated[
        bool,
        typer.Option(
            "--cluster",
            help="one of several processes on one database (PostgreSQL): each table is owned "
            "by one process at a time, the others pass its requests on",
        ),
    ] = False,
    advertise: Annotated[
        str | None,
        typer.Option(help="with --cluster: this process's URL for the others (default: its own)"),
    ] = None,
    lease_seconds: Annotated[
        float, typer.Option(help="with --cluster: how soon a dead process's tables move")
    ] = 5.0,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            metavar="ADDRESSES",
            help="behind a proxy: the proxies' addresses or networks, comma-separated (* for "
            "any), whose X-Forwarded-For and X-Forwarded-Proto name the client; off by default, "
            "so no client can pass for another address with such headers",
        ),
    ] = None,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            metavar="ORIGIN",
            help="an origin (https://cards.example.com) whose pages may open the tables' "
            "WebSockets besides the server's own; repeat it for more",
        ),
    ] = None,
    header_timeout: Annotated[
        float,
        typer.Option(min=0.5, max=300, help="seconds a client has to send a request's headers"),
    ] = 10.0,
    idle_timeout: Annotated[
        int,
        typer.Option(min=1, max=3600, help="seconds an idle kept-alive connection stays open"),
    ] = 5,
    connections_per_address: Annotated[
        int,
        typer.Option(
            min=1,
            help="open connections one client address may hold (a trusted proxy's are not counted)",
        ),
    ] = 128,
    websockets_per_address: Annotated[
        int, typer.Option(min=1, help="open WebSockets (seats, spectators) per client address")
    ] = 64,
    fsync: Annotated[
        bool,
        typer.Option(
            "--fsync/--no-fsync",
            help="flush every commit to disk (an acknowledged move survives a power cut); "
            "--no-fsync: it survives a crash of this process but not of the machine, and "
            "moves wait for no disk",
        ),
    ] = True,
    log_format: Annotated[
        str,
        typer.Option(
            metavar="text|json",
            help="the log on standard error: text lines, or one JSON object a line (time, "
            "level, logger, message, the table's id) for a host's log collector",
        ),
    ] = "text",
    bot: BotOpt = None,
) -> None:
    """Run the web table: lobby, tables, WebSocket API and OpenAPI docs at /docs."""
    from koloda.cli.main import fail
    from koloda.extras import MissingExtraError, require_extra

    refusal = check_serve_numbers(port, bot_delay, bot_processes, tables_per_minute, max_tables)
    if refusal is None and lease_seconds <= 0:
        refusal = "--lease-seconds must be more than 0"
    if refusal is None and log_format not in ("text", "json"):
        refusal = "--log-format must be text or json"
    if refusal is not None:
        raise fail(refusal)
    use_bots(bot)
    try:
        require_extra("server", "the web table")
    except MissingExtraError as error:
        raise fail(str(error)) from None
    import uvicorn

    from koloda.server.app import create_app
    from koloda.server.guard import guarded_http, normal_origin, proxy_matcher
    from koloda.server.limits import CreationLimit
    from koloda.server.logs import configure_logging
    from koloda.server.migrations import MigrationError, upgrade
    from koloda.server.store import DamagedStoreError, check_database, database_url

    url = database_url(database)
    proxies = forwarded_allow_ips.split(",") if forwarded_allow_ips else []
    origins = allowed_origin or []
    try:
        proxy_matcher(proxies)
    except ValueError as error:
        raise fail(f"--forwarded-allow-ips: {error}") from None
    for origin in origins:
        if not normal_origin(origin).startswith(("http://", "https://")) or origin.count("/") > 3:
            raise fail(f"--allowed-origin: {origin!r} is not an origin like https://example.com")
    try:
        check_database(url)
        upgrade(url)  # the schema of this code; a database newer than it is refused untouched
    except (DamagedStoreError, MigrationError) as error:
        raise fail(str(error)) from None
    limit = CreationLimit(per_address=tables_per_minute, total=20 * tables_per_minute)
    shown = "localhost" if host in ("0.0.0.0", "::") else host
    member = None
    if cluster:
        from koloda.server.cluster import Cluster

        address = advertise or f"http://{'127.0.0.1' if shown == 'localhost' else shown}:{port}"
        member = Cluster(address=address, lease_seconds=lease_seconds)
    application = create_app(
        url,
        bot_delay=bot_delay,
        bot_processes=bot_processes,
        grace_seconds=grace_seconds,
        creation_limit=limit,
        max_tables=max_tables,
        cluster=member,
        fsync=fsync,
        check_store=False,  # checked above
        allowed_origins=origins,
        websockets_per_address=websockets_per_address,
    )
    configure_logging(json=log_format == "json")  # uvicorn's lines too (log_config=None)
    print(f"Koloda web table: http://{shown}:{port}/  (API docs /docs, database {url})", flush=True)
    uvicorn.run(
        application,
        host=host,
        port=port,
        log_level="warning",
        log_config=None,
        http=guarded_http(header_timeout, connections_per_address, proxies),
        proxy_headers=bool(proxies),
        forwarded_allow_ips=proxies,
        timeout_keep_alive=idle_timeout,
        ws_max_size=1 << 20,
        ws_per_message_deflate=False,  # small JSON messages: compression costs more than it saves
    )
