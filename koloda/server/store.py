"""Persistence of tables with SQLAlchemy: SQLite by default, PostgreSQL by URL.

A table is stored as what a record needs to be replayed exactly: its game and options, the
first dealer, every deal's setup (written in the same transaction as the action that dealt it,
and rewritten when a deal's chance grows, like 101's restocks) and every action in order. The
shuffler's seed is kept too, so deals not dealt yet come out as they would have.

Writes go to one writer process (``writer``) that commits whatever is pending in one
transaction (group commit): many tables' actions share an fsync, and each caller is answered
only after its rows are durable. Reads and leases are done here, in the server's process.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from koloda.server.writer import StoreWriter, StoreWriterError

DEFAULT_DATABASE = "sqlite:///koloda.db"
"""The card room's database when none is given: a SQLite file in the working directory."""


def database_url(given: str | None = None) -> str:
    """The store's SQLAlchemy URL: the one given, else KOLODA_DATABASE_URL, else a SQLite
    file in the working directory."""
    return given or os.environ.get("KOLODA_DATABASE_URL") or DEFAULT_DATABASE


CHECKPOINT_SECONDS = 1.0
"""How often a SQLite store copies its write-ahead log into the database."""

RETRY_SECONDS = (0.25, 0.5, 1.0, 2.0, 4.0)
"""How long a move waits before its write is tried again, after each failure (then the
last, until the store recovers)."""

metadata = MetaData()

tables_table = Table(
    "koloda_tables",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seats", JSON, nullable=False),
    Column("token_hashes", JSON, nullable=False),
    Column("seed", String(128), nullable=False),
    Column("first_dealer", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("version", Integer, nullable=False, default=0),
    Column("finished", Boolean, nullable=False, default=False),
    Column("record", JSON, nullable=True),
    Column("seating", JSON, nullable=True),
)
"""``seating``: who sits where beyond the seat kinds (names, public, seats to be taken over,
seats reserved for a rematch). The schema is made and changed by the migrations
(``koloda.server.migrations``): a change here needs a revision there."""

deals_table = Table(
    "koloda_deals",
    metadata,
    Column("table_id", String(64), primary_key=True),
    Column("deal_index", Integer, primary_key=True),
    Column("setup", Text, nullable=False),
)

actions_table = Table(
    "koloda_actions",
    metadata,
    Column("table_id", String(64), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("deal_index", Integer, nullable=False),
    Column("action", String(200), nullable=False),
)


leases_table = Table(
    "koloda_leases",
    metadata,
    Column("table_id", String(64), primary_key=True),
    Column("owner", String(64), nullable=False),
    Column("address", String(200), nullable=False),
    Column("expires", Float, nullable=False),
)
"""Which server process owns a live table, until when (several processes on one database:
``cluster``). An owner renews its leases; a lease left to expire is taken over."""


health_table = Table(
    "koloda_health",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("checked", Float, nullable=False),
)
"""The rows the health checks write and read back (``Store.check``), kept a minute."""


class DamagedStoreError(RuntimeError):
    """The database cannot be opened or fails its integrity check: the server refuses it."""


@dataclass
class StoredTable:
    """A table as the database holds it."""

    id: str
    game: str
    options: dict[str, Any]
    seats: list[str]
    token_hashes: list[str | None]
    seed: str
    first_dealer: int
    created: float
    version: int
    finished: bool
    record: dict[str, Any] | None
    seating: dict[str, Any] | None = None
    setups: list[dict[str, Any]] = field(default_factory=list)
    actions: list[tuple[int, str]] = field(default_factory=list)
    """(deal index, action) in order."""


@dataclass
class NewTable:
    id: str
    game: str
    options: dict[str, Any]
    seats: list[str]
    token_hashes: list[str | None]
    seed: str
    first_dealer: int
    setups: list[tuple[int, dict[str, Any]]]
    seating: dict[str, Any] | None = None


@dataclass
class SeatsWrite:
    """Who sits where changed (a seat claimed, a bot's seat handed to a person, a player's
    randomness given), with the first deal when that randomness completed it."""

    table_id: str
    seats: list[str]
    token_hashes: list[str | None]
    seating: dict[str, Any]
    setups: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


@dataclass
class ActionWrite:
    """One applied action with what it changed: stored atomically."""

    table_id: str
    seq: int
    deal_index: int
    action: str
    setups: list[tuple[int, dict[str, Any]]]
    record: dict[str, Any] | None = None
    """The finished game's record with results, when this action ended the game."""


@dataclass
class UndoWrite:
    """Decisions taken back at a practice table: the actions from ``seq`` on are removed (the
    record keeps only the game as finally played), the version goes back to ``seq``, and the
    deal in play's setup is rewritten when its chance shrank (101's restocks); atomically."""

    table_id: str
    seq: int
    setups: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


@dataclass
class HealthWrite:
    """The health check's write, read back to prove the round trip: a row of its own (several
    processes may check one database at once), the time it was made."""

    id: int
    checked: float


_Write = NewTable | ActionWrite | SeatsWrite | UndoWrite | HealthWrite


def make_engine(url: str, fsync: bool = True) -> Engine:
    """An engine for ``url``. SQLite gets WAL. With ``fsync`` every commit is flushed to the
    disk before it returns, so an acknowledged action survives a power cut; without it a
    commit survives a crash or kill of the server process (it is in the operating system's
    hands) but not of the machine, and waits no disk flush (SQLite ``synchronous=NORMAL``,
    PostgreSQL ``synchronous_commit=off``, whose database stays consistent either way)."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA synchronous={'FULL' if fsync else 'NORMAL'}")
            # the store's own thread copies the log into the database (Store._checkpoints),
            # so no commit waits for that copy
            cursor.execute("PRAGMA wal_autocheckpoint=0")
            cursor.close()

        return engine
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    engine = create_engine(url, pool_pre_ping=True)
    if not fsync and url.startswith("postgresql"):

        @event.listens_for(engine, "connect")
        def _no_wait(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("SET synchronous_commit TO off")
            cursor.close()
            connection.commit()

    return engine


def copy_log_periodically(engine: Engine, stopping: threading.Event) -> None:
    """SQLite: copy the write-ahead log into the database every second, beside the writer (a
    passive checkpoint never blocks it), rather than inside some commit."""
    while not stopping.wait(CHECKPOINT_SECONDS):
        with contextlib.suppress(Exception), engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")


def write_batch(engine: Engine, jobs: Sequence[_Write]) -> None:
    """Everything pending in one transaction, rows of a kind in one executemany."""
    batch = _Batch(created=time.time())
    for job in jobs:
        batch.add(job)
    with engine.begin() as connection:
        batch.write(connection)


@dataclass
class _Batch:
    """The rows of a batch of writes, by kind (a later write of a table's seats or a deal's
    setup replaces an earlier one)."""

    created: float
    new_tables: list[dict[str, Any]] = field(default_factory=list)
    setups: dict[tuple[str, int], dict[str, Any]] = field(default_factory=dict)
    actions: list[dict[str, Any]] = field(default_factory=list)
    versions: dict[str, int] = field(default_factory=dict)
    finished: dict[str, dict[str, Any]] = field(default_factory=dict)
    seatings: dict[str, dict[str, Any]] = field(default_factory=dict)
    checks: list[HealthWrite] = field(default_factory=list)
    undos: dict[str, int] = field(default_factory=dict)
    """Per table, the first action taken back (a table's writes never share a batch: its
    owner waits for each)."""

    def add(self, job: _Write) -> None:
        """One write's rows."""
        if isinstance(job, HealthWrite):
            self.checks.append(job)
            return
        if isinstance(job, UndoWrite):
            self.undos[job.table_id] = job.seq
            self.versions[job.table_id] = job.seq
            for index, setup in job.setups:
                self.setups[job.table_id, index] = setup
            return
        if isinstance(job, SeatsWrite):
            self.seatings[job.table_id] = {
                "seats": job.seats,
                "token_hashes": job.token_hashes,
                "seating": job.seating,
            }
            for index, setup in job.setups:
                self.setups[job.table_id, index] = setup
            return
        if isinstance(job, NewTable):
            self.new_tables.append(
                {
                    "id": job.id,
                    "game": job.game,
                    "options": job.options,
                    "seats": job.seats,
                    "token_hashes": job.token_hashes,
                    "seed": job.seed,
                    "first_dealer": job.first_dealer,
                    "created": self.created,
                    "version": 0,
                    "finished": False,
                    "record": None,
                    "seating": job.seating,
                }
            )
            for index, setup in job.setups:
                self.setups[job.id, index] = setup
            return
        for index, setup in job.setups:
            self.setups[job.table_id, index] = setup
        self.actions.append(
            {
                "table_id": job.table_id,
                "seq": job.seq,
                "deal_index": job.deal_index,
                "action": job.action,
            }
        )
        self.versions[job.table_id] = job.seq + 1
        if job.record is not None:
            self.finished[job.table_id] = job.record

    def write(self, connection: Connection) -> None:
        """The batch's rows, in one transaction (``connection``'s)."""
        if self.new_tables:
            connection.execute(insert(tables_table), self.new_tables)
        for table_id, seq in self.undos.items():  # before any action of the batch is added
            connection.execute(
                delete(actions_table).where(
                    actions_table.c.table_id == table_id, actions_table.c.seq >= seq
                )
            )
        if self.setups:  # a deal's setup is replaced when its chance grows (101's restocks)
            connection.execute(
                delete(deals_table).where(
                    deals_table.c.table_id == bindparam("t"),
                    deals_table.c.deal_index == bindparam("i"),
                ),
                [{"t": t, "i": i} for t, i in self.setups],
            )
            connection.execute(
                insert(deals_table),
                [
                    {"table_id": t, "deal_index": i, "setup": json.dumps(setup)}
                    for (t, i), setup in self.setups.items()
                ],
            )
        if self.actions:
            connection.execute(insert(actions_table), self.actions)
        self._write_tables(connection)
        if self.checks:  # the checks of the last minute are kept
            oldest = min(check.checked for check in self.checks) - 60.0
            connection.execute(delete(health_table).where(health_table.c.checked < oldest))
            connection.execute(
                insert(health_table), [{"id": c.id, "checked": c.checked} for c in self.checks]
            )

    def _write_tables(self, connection: Connection) -> None:
        """The tables' rows: seats, versions, and the records of finished games."""
        for table_id, seating in self.seatings.items():
            connection.execute(
                update(tables_table).where(tables_table.c.id == table_id).values(**seating)
            )
        if self.versions:  # one statement for all the tables that moved (executemany)
            connection.execute(
                update(tables_table)
                .where(tables_table.c.id == bindparam("t"))
                .values(version=bindparam("v")),
                [{"t": t, "v": v} for t, v in self.versions.items()],
            )
        for table_id, record in self.finished.items():
            connection.execute(
                update(tables_table)
                .where(tables_table.c.id == table_id)
                .values(finished=True, record=record)
            )


def check_database(url: str) -> None:
    """Open the database and, for SQLite, check every page of it (``PRAGMA quick_check``);
    raise ``DamagedStoreError`` saying in one line what is wrong."""
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            if url.startswith("sqlite"):
                found = [row[0] for row in connection.exec_driver_sql("PRAGMA quick_check")]
                if found != ["ok"]:
                    problems = [
                        line
                        for text in found
                        for line in str(text).splitlines()
                        if line.strip() and not line.startswith("***")
                    ] or ["unknown"]
                    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
                    raise DamagedStoreError(
                        f"the database {url} is damaged: {problems[0]}{more}; restore it from a "
                        "backup, or start with another --database"
                    )
            else:
                connection.exec_driver_sql("SELECT 1")
    except SQLAlchemyError as error:
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
        raise DamagedStoreError(f"the database {url} cannot be used: {reason}") from None
    finally:
        engine.dispose()


class Store:
    """The tables' database: reads and leases here, writes through the writer process."""

    def __init__(self, url: str, fsync: bool = True, check: bool = True) -> None:
        """Open the store, its database upgraded to this code's schema (``migrations``);
        with ``check`` a database that fails its integrity check is refused
        (``DamagedStoreError``), and a database newer than the code always is
        (``migrations.NewerDatabaseError``)."""
        if check:
            check_database(url)
        self.url = url
        self.fsync = fsync
        from koloda.server.migrations import upgrade

        self._writer = StoreWriter(url, fsync)  # it starts while the schema is upgraded
        try:
            upgrade(url)  # the schema of this code (NewerDatabaseError: refused untouched)
        except BaseException:
            self._writer.close()
            raise
        self.engine = make_engine(url, fsync)
        self._writer.wait_ready()
        self._commits_before = 0
        self.failing: str | None = None
        """Why the last write failed, while the store fails (None: it writes)."""

    @property
    def writer_pid(self) -> int | None:
        """The writer process's id (for the operating system's view of it)."""
        return self._writer.process.pid

    @property
    def commits(self) -> int:
        """Transactions the writer has committed and answered."""
        return self._commits_before + self._writer.commits

    # ----- writing ---------------------------------------------------------------------------

    async def _submit(self, job: _Write) -> None:
        """One write, committed; a writer process that died is replaced first. Notes whether
        the store fails (``failing``)."""
        if self._writer.gone:
            old = self._writer
            self._commits_before += old.commits
            writer = StoreWriter(self.url, self.fsync)
            await asyncio.to_thread(writer.wait_ready)
            self._writer = writer
            await old.aclose()
        try:
            await self._writer.submit(job)
        except StoreWriterError as error:
            if error.transient:
                self.failing = str(error)
            raise
        self.failing = None

    async def create(self, table: NewTable) -> None:
        await self._submit(table)

    async def append(
        self, write: ActionWrite, on_failure: Callable[[str], None] | None = None
    ) -> None:
        """Store one action; returns once it is committed. While the store fails for a
        while (a full disk, a lost database) the write is tried again until it is
        committed; ``on_failure`` hears of the first failure."""
        for attempt in itertools.count():
            try:
                await self._submit(write)
                return
            except StoreWriterError as error:
                if not error.transient:
                    raise
                if attempt == 0 and on_failure is not None:
                    on_failure(str(error))
            await asyncio.sleep(RETRY_SECONDS[min(attempt, len(RETRY_SECONDS) - 1)])

    async def undo(self, write: UndoWrite) -> None:
        """Take back a practice table's last actions (``UndoWrite``); returns once committed,
        raises ``StoreWriterError`` when it could not be (nothing is taken back then)."""
        await self._submit(write)

    async def update_seats(self, write: SeatsWrite) -> None:
        """Store who sits where; returns once it is committed."""
        await self._submit(write)

    async def check(self) -> float:
        """Write through the writer and read it back (the health check): the time written;
        raises ``StoreWriterError`` or a database error when the store fails."""
        check = HealthWrite(secrets.randbits(31), time.time())
        checked = check.checked
        await self._submit(check)

        def read() -> float:
            with self.engine.connect() as connection:
                row = connection.execute(
                    select(health_table.c.checked).where(health_table.c.id == check.id)
                ).first()
                connection.execute(select(tables_table.c.id).limit(1)).all()
            if row is None or row.checked != checked:
                raise StoreWriterError("the health check's write was not read back", True)
            return float(row.checked)

        return await asyncio.to_thread(read)

    # ----- leases (several processes on one database) -----------------------------------------

    def acquire(self, table_id: str, owner: str, address: str, seconds: float) -> str | None:
        """Take or keep the lease of a table: None when ``owner`` holds it now, else the
        address of the process that does."""
        now = time.time()
        values = {"owner": owner, "address": address, "expires": now + seconds}
        lease = leases_table.c
        with self.engine.begin() as connection:
            taken = connection.execute(
                update(leases_table)
                .where(lease.table_id == table_id, or_(lease.owner == owner, lease.expires < now))
                .values(**values)
            )
            if taken.rowcount == 1:
                return None
            try:
                with connection.begin_nested():
                    connection.execute(insert(leases_table).values(table_id=table_id, **values))
                return None
            except IntegrityError:
                row = connection.execute(
                    select(lease.address).where(lease.table_id == table_id)
                ).first()
                return str(row.address) if row is not None else address

    def renew(self, owner: str, seconds: float) -> set[str]:
        """Extend every lease ``owner`` still holds; the tables it holds."""
        lease = leases_table.c
        with self.engine.begin() as connection:
            connection.execute(
                update(leases_table)
                .where(lease.owner == owner)
                .values(expires=time.time() + seconds)
            )
            rows = connection.execute(select(lease.table_id).where(lease.owner == owner))
            return {str(row.table_id) for row in rows}

    def release(self, table_ids: Sequence[str], owner: str) -> None:
        lease = leases_table.c
        with self.engine.begin() as connection:
            connection.execute(
                delete(leases_table).where(lease.table_id.in_(table_ids), lease.owner == owner)
            )

    def orphans(self, limit: int = 50) -> list[str]:
        """Unfinished tables whose owner let the lease expire (a process that died)."""
        lease = leases_table.c
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(lease.table_id)
                .join(tables_table, tables_table.c.id == lease.table_id)
                .where(lease.expires < time.time(), tables_table.c.finished.is_(False))
                .limit(limit)
            )
            return [str(row.table_id) for row in rows]

    # ----- reading ---------------------------------------------------------------------------

    def load(self, table_id: str) -> StoredTable | None:
        with self.engine.connect() as connection:
            row = connection.execute(
                select(tables_table).where(tables_table.c.id == table_id)
            ).first()
            if row is None:
                return None
            return self._load_row(connection, row)

    def public_unfinished(self) -> list[StoredTable]:
        """Unfinished public tables, newest first, without their deals and actions."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(tables_table)
                .where(tables_table.c.finished.is_(False), tables_table.c.seating.is_not(None))
                .order_by(tables_table.c.created.desc())
            )
            return [
                self._row_table(row)
                for row in rows
                if row.seating is not None and row.seating.get("public")
            ]

    def unfinished_ids(self) -> list[str]:
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(tables_table.c.id).where(tables_table.c.finished.is_(False))
            )
            return [row[0] for row in rows]

    def _load_row(self, connection: Any, row: Any) -> StoredTable:
        stored = self._row_table(row)
        setups = connection.execute(
            select(deals_table.c.setup)
            .where(deals_table.c.table_id == row.id)
            .order_by(deals_table.c.deal_index)
        )
        stored.setups = [json.loads(s[0]) for s in setups]
        actions = connection.execute(
            select(actions_table.c.deal_index, actions_table.c.action)
            .where(actions_table.c.table_id == row.id)
            .order_by(actions_table.c.seq)
        )
        stored.actions = [(a[0], a[1]) for a in actions]
        return stored

    @staticmethod
    def _row_table(row: Any) -> StoredTable:
        return StoredTable(
            id=row.id,
            game=row.game,
            options=dict(row.options),
            seats=list(row.seats),
            token_hashes=list(row.token_hashes),
            seed=row.seed,
            first_dealer=row.first_dealer,
            created=row.created,
            version=row.version,
            finished=bool(row.finished),
            record=row.record,
            seating=row.seating,
        )

    async def aclose(self) -> None:
        """Close from the event loop that wrote."""
        await self._writer.aclose()
        self.engine.dispose()

    def close(self) -> None:
        self._writer.close()
        self.engine.dispose()


# the accounts', ratings' and friends' tables join ``metadata`` (so the migrations' schema)
from koloda.server import accounts_store as _accounts_store  # noqa: E402, F401
from koloda.server import friends_store as _friends_store  # noqa: E402, F401
from koloda.server import ratings_store as _ratings_store  # noqa: E402, F401
from koloda.server.daily import store as _daily_store  # noqa: E402, F401
from koloda.server.tournaments import store as _tournaments_store  # noqa: E402, F401
