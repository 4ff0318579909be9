"""The store's schema over time: Alembic migrations, configured here in code (no alembic.ini),
their scripts in ``versions/`` shipped with the package.

``upgrade`` brings a database to the code's schema (``head``) in one transaction: a new empty
database is made from nothing, a database made before migrations (the store's tables and no
``alembic_version``) is taken up by the baseline revision, which keeps its tables and rows,
and a database newer than the code is refused with nothing changed. Several processes may
start at once: on PostgreSQL the upgrade holds a transaction-level advisory lock, on SQLite
a write transaction (``BEGIN IMMEDIATE``), so one migrates and the others then find it done.

Downgrades are not supported: a database is taken back by restoring the backup made before
the upgrade (``koloda db backup``). A change of the schema is a new revision in ``versions/``
(``python -m koloda.server.migrations 0002 "what it changes"`` writes its script, its
``down_revision`` the last one and its ``downgrade`` refusing); the tests check that ``head``
makes exactly ``store.metadata``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from koloda.server.store import make_engine, tables_table

HERE = Path(__file__).resolve().parent

LOCK_KEY = 0x4B4F4C4F4441
"""The PostgreSQL advisory lock the upgrade holds ("KOLODA" in hex)."""

DOWNGRADE_REFUSED = (
    "downgrades are not supported: to go back, restore the backup made before the upgrade "
    "(koloda db backup) and run the Koloda that made it"
)


class MigrationError(RuntimeError):
    """The database cannot be brought to the code's schema; the message is one line and
    nothing was changed."""


class NewerDatabaseError(MigrationError):
    """The database's revision is newer than this code knows: it is refused untouched."""


@dataclass(frozen=True)
class SchemaStatus:
    """Where a database stands: its revision (None: no revision), the code's head, and
    whether it holds the store's tables without a revision (made before migrations)."""

    current: str | None
    head: str
    before_migrations: bool
    known: bool
    """Whether the code knows ``current`` (False: the database is newer than the code)."""

    @property
    def up_to_date(self) -> bool:
        return self.current == self.head


def config(connection: Connection | None = None, location: Path = HERE) -> Config:
    """Alembic's configuration, in code: the scripts in ``location`` (beside this module);
    ``connection`` the one ``env.py`` migrates through."""
    settings = Config()
    settings.set_main_option("script_location", str(location))
    settings.attributes["connection"] = connection
    return settings


def new_revision(number: str, message: str, location: Path = HERE) -> Path:
    """Write the script of a new revision after the newest (``versions/<number>_<message>.py``
    from ``script.py.mako``) for a change of the schema to fill in; its path."""
    made = command.revision(config(location=location), message=message, rev_id=number)
    assert made is not None and not isinstance(made, list)
    return Path(made.path)


def scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(config())


def head() -> str:
    """The code's newest revision."""
    found = scripts().get_current_head()
    assert found is not None, "the migrations have a head"
    return found


def migration_engine(url: str) -> Engine:
    """An engine whose transactions may hold the whole upgrade: SQLite's ``BEGIN IMMEDIATE``
    (the driver's own transactions do not cover DDL, nor take the write lock at once);
    PostgreSQL's as the store's."""
    if not url.startswith("sqlite"):
        return make_engine(url)
    engine = create_engine(url, connect_args={"timeout": 60, "isolation_level": None})

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def _status(connection: Connection) -> SchemaStatus:
    """Where the database on ``connection`` stands."""
    current = MigrationContext.configure(connection).get_current_revision()
    directory = scripts()
    known = current is None or current in {s.revision for s in directory.walk_revisions()}
    before = current is None and inspect(connection).has_table(tables_table.name)
    newest = directory.get_current_head()
    assert newest is not None
    return SchemaStatus(current, newest, before, known)


def shown_url(url: str) -> str:
    """The URL to show people: its password, if any, left out."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


def _first_line(error: BaseException) -> str:
    return str(getattr(error, "orig", None) or error).strip().splitlines()[0]


@contextmanager
def _transaction(url: str) -> Iterator[Connection]:
    """One transaction on the database (the upgrade's lock held on PostgreSQL); a database
    error becomes ``MigrationError``."""
    engine = migration_engine(url)
    try:
        with engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
            yield connection
    except (SQLAlchemyError, CommandError) as error:
        reason = _first_line(error)
        raise MigrationError(
            f"the database {shown_url(url)} cannot be upgraded: {reason}"
        ) from None
    finally:
        engine.dispose()


def status(url: str) -> SchemaStatus:
    """Where the database at ``url`` stands (nothing is changed, no lock is taken)."""
    engine = create_engine(url) if url.startswith("sqlite") else make_engine(url)
    try:
        with engine.connect() as connection:
            return _status(connection)
    except SQLAlchemyError as error:
        reason = _first_line(error)
        raise MigrationError(f"the database {shown_url(url)} cannot be read: {reason}") from None
    finally:
        engine.dispose()


def newer_refusal(url: str, found: SchemaStatus) -> str:
    """One line refusing a database newer than the code."""
    return (
        f"the database {shown_url(url)} is at revision {found.current}, newer than this "
        f"Koloda knows (its newest is {found.head}); run the Koloda that upgraded it, or "
        "restore a backup made for this one; nothing was changed"
    )


def upgrade(url: str) -> SchemaStatus:
    """Bring the database at ``url`` to the code's head in one transaction; where it stood
    before. Raises ``NewerDatabaseError`` (nothing changed) for a database newer than the code,
    ``MigrationError`` when the database cannot be migrated."""
    with _transaction(url) as connection:
        before = _status(connection)
        if not before.known:
            raise NewerDatabaseError(newer_refusal(url, before))
        if not before.up_to_date:
            command.upgrade(config(connection), "head")
    return before


def compare(connection: Connection) -> list[Any]:
    """The differences between the database's schema and ``store.metadata`` (none when the
    revisions make exactly what the code declares)."""
    from alembic.autogenerate import compare_metadata

    from koloda.server.store import metadata

    differences: list[Any] = compare_metadata(MigrationContext.configure(connection), metadata)
    return differences
