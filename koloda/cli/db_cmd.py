"""``koloda db``: the card room's database: its schema brought up to this code (``upgrade``,
which ``serve`` also runs at start), where it stands (``status``) and a copy of it
(``backup``). Downgrades are refused: a database goes back by its backup."""

from __future__ import annotations

import contextlib
import os
import secrets
import sqlite3
from pathlib import Path
from typing import Annotated

import typer

from koloda.cli.output import stderr

DatabaseOpt = Annotated[
    str | None,
    typer.Option(help="SQLAlchemy URL (default: $KOLODA_DATABASE_URL or sqlite:///koloda.db)"),
]

db_app = typer.Typer(
    help="The card room's database: upgrade its schema, back it up, see where it stands.",
    no_args_is_help=True,
)


def register(app: typer.Typer) -> None:
    app.add_typer(db_app, name="db")


def _url(database: str | None) -> str:
    """The database's URL as ``serve`` takes it; refuses in one line when the ``server``
    extra is missing."""
    from koloda.cli.main import fail
    from koloda.extras import MissingExtraError, require_extra

    try:
        require_extra("server", "koloda db")
    except MissingExtraError as error:
        raise fail(str(error)) from None
    from koloda.server.store import database_url

    return database_url(database)


def _sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL (None: not SQLite); refuses a URL without a file."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    from koloda.cli.main import fail

    try:
        parsed = make_url(url)
    except ArgumentError:
        raise fail(f"--database {url!r} is not a database URL like sqlite:///koloda.db") from None
    if parsed.get_backend_name() != "sqlite":
        return None
    if not parsed.database or parsed.database == ":memory:":
        raise fail(f"the database {url} is in memory: there is no file to keep")
    return Path(parsed.database)


def _existing(url: str) -> None:
    """Refuse in one line a SQLite file that is not there (reading it would make it)."""
    from koloda.cli.main import fail

    path = _sqlite_file(url)
    if path is not None and not path.is_file():
        raise fail(f"no database at {path} (koloda db upgrade, or koloda serve, makes one)")


@db_app.command()
def upgrade(database: DatabaseOpt = None) -> None:
    """Bring the database's schema up to this Koloda; one newer than it is refused."""
    from koloda.cli.main import fail

    url = _url(database)
    _sqlite_file(url)
    from koloda.server.migrations import MigrationError, shown_url
    from koloda.server.migrations import upgrade as run_upgrade
    from koloda.server.store import DamagedStoreError, check_database

    try:
        check_database(url)
        before = run_upgrade(url)
    except (DamagedStoreError, MigrationError) as error:
        raise fail(str(error)) from None
    shown, head = shown_url(url), before.head
    if before.up_to_date:
        print(f"the database {shown} is at revision {head}, the newest: nothing to do")
    elif before.before_migrations:
        print(f"the database {shown}, made before migrations, is now at revision {head}")
    elif before.current is None:
        print(f"the database {shown} was made at revision {head}")
    else:
        print(f"the database {shown} was upgraded from revision {before.current} to {head}")


@db_app.command()
def status(database: DatabaseOpt = None) -> None:
    """Where the database stands: its revision and this Koloda's newest."""
    from koloda.cli.main import fail

    url = _url(database)
    _existing(url)
    from koloda.server.migrations import MigrationError, shown_url
    from koloda.server.migrations import status as read_status

    try:
        found = read_status(url)
    except MigrationError as error:
        raise fail(str(error)) from None
    if not found.known:
        state = "newer than this Koloda: serve refuses it"
    elif found.up_to_date:
        state = "up to date"
    elif found.before_migrations:
        state = "made before migrations: koloda db upgrade takes it up"
    elif found.current is None:
        state = "no tables yet: koloda db upgrade makes them"
    else:
        state = "behind: koloda db upgrade brings it up"
    print(f"database: {shown_url(url)}")
    print(f"revision: {found.current or 'none'}")
    print(f"newest:   {found.head}")
    print(f"state:    {state}")


@db_app.command()
def downgrade(
    revision: Annotated[str, typer.Argument(metavar="REVISION", help="the revision to go back to")],
    database: DatabaseOpt = None,
) -> None:
    """Refused: a database goes back by the backup made before its upgrade."""
    from koloda.cli.main import fail

    _url(database)
    from koloda.server.migrations import DOWNGRADE_REFUSED

    raise fail(DOWNGRADE_REFUSED)


@db_app.command()
def backup(
    path: Annotated[Path, typer.Argument(metavar="PATH", help="the file the copy is written to")],
    database: DatabaseOpt = None,
    force: Annotated[
        bool, typer.Option("--force", metavar="", help="replace PATH if it exists")
    ] = False,
) -> None:
    """Copy a SQLite database to PATH, even while it is served (PostgreSQL: use pg_dump)."""
    from koloda.cli.main import fail

    url = _url(database)
    source = _sqlite_file(url)
    if source is None:
        raise fail(pg_dump_advice(url, path))
    _existing(url)
    if path.is_dir():
        raise fail(f"cannot write the backup to {path}: it is a folder")
    if path.exists() and path.resolve() == source.resolve():
        raise fail(f"{path} is the database itself; choose another file")
    if path.exists() and not force:
        raise fail(f"{path} already exists; choose another file, or add --force to replace it")
    try:
        size = sqlite_backup(source, path)
    except (OSError, sqlite3.Error) as error:
        print(
            f"error: cannot write the backup to {path}: {error}; nothing was changed there",
            file=stderr,
        )
        raise typer.Exit(1) from None
    print(f"the database {url} was copied to {path} ({size} bytes)")


def pg_dump_advice(url: str, path: Path) -> str:
    """One line: how a PostgreSQL database is backed up (its password left out)."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url).set(drivername="postgresql")
    shown = parsed.render_as_string(hide_password=True)
    password = " (the password by PGPASSWORD or ~/.pgpass)" if parsed.password else ""
    return (
        f"koloda db backup copies SQLite databases; back up PostgreSQL with pg_dump: "
        f"pg_dump --format=custom --file={path} '{shown}'{password}"
    )


def sqlite_backup(source: Path, target: Path) -> int:
    """Copy the SQLite database ``source`` to ``target`` by SQLite's online backup (writers
    may go on meanwhile): into a temporary file beside ``target``, checked, flushed to the
    disk, then renamed over it. The copy's size in bytes."""
    temporary = target.parent / f".{target.name}.{secrets.token_hex(4)}.tmp"
    reading = sqlite3.connect(source.resolve().as_uri() + "?mode=ro", uri=True)
    try:
        copy = sqlite3.connect(temporary)
        try:
            reading.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")  # one file, whatever the source's log
            found = copy.execute("PRAGMA quick_check").fetchone()
            if found is None or found[0] != "ok":
                raise sqlite3.DatabaseError(f"the copy fails its check: {found}")
        finally:
            copy.close()
        handle = os.open(temporary, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    finally:
        reading.close()
    _sync_folder(target.parent)
    return target.stat().st_size


def _sync_folder(folder: Path) -> None:
    """Make the rename in ``folder`` durable (where a folder can be opened and synced)."""
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)
