"""The store's migrations, on SQLite and PostgreSQL: the newest revision makes exactly the
schema the code declares, a database made before migrations (``fixtures/
store_before_migrations.sql``, made by ``fixtures/make_store_fixture.py``) keeps every table,
record and seat through ``koloda db upgrade``, two upgrades at once migrate once, and a
database newer than the code is refused untouched. Downgrades are refused
(``tests/test_cli_db.py``)."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic import command
from postgres_server import PostgresServer
from server_support import ServerProcess
from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    insert,
    select,
    text,
)

from koloda.records import parse_record, replay
from koloda.server import migrations
from koloda.server.accounts_store import accounts_table, bindings_table
from koloda.server.daily.store import attempts_table, counts_table, secret_table
from koloda.server.friends_store import follows_table, invitations_table
from koloda.server.live import rebuild
from koloda.server.store import Store, make_engine
from koloda.server.tournaments.store import entrants_table, seats_table, tournaments_table

DAILY_TABLES = {attempts_table.name, counts_table.name, secret_table.name}
"""The deal of the day's tables (revision 0005)."""
TOURNAMENT_TABLES = {tournaments_table.name, entrants_table.name, seats_table.name}
"""The tournaments' tables (revision 0006)."""
FIXTURE = Path(__file__).parent / "fixtures" / "store_before_migrations.sql"


def old_metadata() -> MetaData:
    """The store's tables as the release before migrations declared them (its
    ``metadata.create_all`` made them), kept here as they were."""
    old = MetaData()
    Table(
        "koloda_tables",
        old,
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
    Table(
        "koloda_deals",
        old,
        Column("table_id", String(64), primary_key=True),
        Column("deal_index", Integer, primary_key=True),
        Column("setup", Text, nullable=False),
    )
    Table(
        "koloda_actions",
        old,
        Column("table_id", String(64), primary_key=True),
        Column("seq", Integer, primary_key=True),
        Column("deal_index", Integer, nullable=False),
        Column("action", String(200), nullable=False),
    )
    Table(
        "koloda_leases",
        old,
        Column("table_id", String(64), primary_key=True),
        Column("owner", String(64), nullable=False),
        Column("address", String(200), nullable=False),
        Column("expires", Float, nullable=False),
    )
    Table(
        "koloda_health",
        old,
        Column("id", Integer, primary_key=True),
        Column("checked", Float, nullable=False),
    )
    return old


@pytest.fixture(scope="module")
def postgres() -> Iterator[PostgresServer]:
    server = PostgresServer().start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def new_database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of a new, empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'koloda.db'}"
    server: PostgresServer = request.getfixturevalue("postgres")
    return server.new_database()


def fixture_sqlite(path: Path) -> str:
    """A SQLite file loaded from the fixture's SQL: the database as that release left it."""
    connection = sqlite3.connect(path)
    connection.executescript(FIXTURE.read_text(encoding="utf-8"))
    connection.close()
    return f"sqlite:///{path}"


def rows_of(url: str, schema: MetaData) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of ``schema``, in key order, as Python values."""
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            return {
                name: [
                    tuple(row)
                    for row in connection.execute(
                        select(table).order_by(*table.primary_key.columns)
                    )
                ]
                for name, table in schema.tables.items()
            }
    finally:
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def old_database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database made before migrations, holding the fixture's rows: on SQLite its own SQL;
    on PostgreSQL the old tables made by the old ``create_all`` and the fixture's rows
    copied into them."""
    loaded = fixture_sqlite(tmp_path / "old.db")
    if request.param == "sqlite":
        return loaded
    server: PostgresServer = request.getfixturevalue("postgres")
    url = server.new_database()
    old = old_metadata()
    engine = make_engine(url)
    try:
        old.create_all(engine)
        with engine.begin() as connection:
            for name, rows in rows_of(loaded, old).items():
                if rows:
                    columns = [c.name for c in old.tables[name].columns]
                    connection.execute(
                        insert(old.tables[name]), [dict(zip(columns, r, strict=True)) for r in rows]
                    )
    finally:
        engine.dispose()
    return url


def koloda_db(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "koloda", "db", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def differences(url: str) -> list[Any]:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            return migrations.compare(connection)
    finally:
        engine.dispose()


def revisions(url: str) -> list[str]:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            return [row[0] for row in connection.execute(text("SELECT * FROM alembic_version"))]
    finally:
        engine.dispose()


def test_the_newest_revision_makes_exactly_the_schema_the_code_declares(
    new_database: str,
) -> None:
    before = migrations.upgrade(new_database)
    assert before.current is None and not before.before_migrations
    assert differences(new_database) == [], "store.py changed without a revision"
    assert revisions(new_database) == [migrations.head()]
    again = migrations.upgrade(new_database)
    assert again.up_to_date, "a second upgrade finds nothing to do"


def test_a_schema_the_revisions_do_not_make_is_told(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'koloda.db'}"
    migrations.upgrade(url)
    engine = make_engine(url)
    with engine.begin() as connection:
        connection.execute(text("ALTER TABLE koloda_tables ADD COLUMN stray INTEGER"))
    engine.dispose()
    found = differences(url)
    assert [d[0] for d in found] == ["remove_column"], found


def test_a_database_made_before_migrations_keeps_every_table_record_and_seat(
    old_database: str,
) -> None:
    before = rows_of(old_database, old_metadata())  # the tables it was made with
    assert all(before[name] for name in ("koloda_tables", "koloda_deals", "koloda_actions"))
    assert migrations.status(old_database).before_migrations
    done = koloda_db("upgrade", "--database", old_database)
    assert done.returncode == 0, done.stderr
    assert "made before migrations" in done.stdout
    assert rows_of(old_database, old_metadata()) == before, "every row is kept as it was"
    assert differences(old_database) == []
    assert migrations.status(old_database).up_to_date
    store = Store(old_database, check=False)
    try:
        for row in before["koloda_tables"]:
            check_table_replays(store, row[0])
    finally:
        store.close()


def check_table_replays(store: Store, table_id: str) -> None:
    """The stored table is replayed to its stored version, its seats and seating as they
    were; a finished one's record replays to the game's end with the stored actions."""
    stored = store.load(table_id)
    assert stored is not None
    live = rebuild(stored)
    assert live.version == stored.version == len(stored.actions)
    assert live.seats == stored.seats and live.token_hashes == stored.token_hashes
    assert stored.seating is not None
    assert live.seating.to_json()["names"] == stored.seating["names"]
    if stored.finished:
        assert stored.record is not None
        state = replay(parse_record(stored.record))
        assert state.is_over
        played = [a for deal in stored.record["deals"] for a in deal["actions"]]
        assert played == [action for _, action in stored.actions]


def test_two_upgrades_at_once_migrate_once(new_database: str) -> None:
    start = threading.Barrier(4)
    found: list[migrations.SchemaStatus] = []
    errors: list[BaseException] = []

    def run() -> None:
        start.wait()
        try:
            found.append(migrations.upgrade(new_database))
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=run) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    assert sorted(s.current is None for s in found) == [False, False, False, True], (
        "one upgrade migrated; the others waited and found it done"
    )
    assert revisions(new_database) == [migrations.head()]
    assert differences(new_database) == []


def test_a_database_newer_than_the_code_is_refused_untouched(new_database: str) -> None:
    migrations.upgrade(new_database)
    engine = make_engine(new_database)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = 'f00d'"))
        connection.execute(text("DROP TABLE koloda_health"))  # a later revision's doing
    engine.dispose()
    with pytest.raises(migrations.NewerDatabaseError, match="revision f00d, newer"):
        migrations.upgrade(new_database)
    with pytest.raises(migrations.NewerDatabaseError):
        Store(new_database, check=False)
    served = subprocess.run(
        [sys.executable, "-m", "koloda", "serve", "--port", "0", "--database", new_database],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert served.returncode == 2
    lines = served.stderr.strip().splitlines()
    assert len(lines) == 1 and "newer than this Koloda" in lines[0], served.stderr
    assert revisions(new_database) == ["f00d"]
    assert [d[0] for d in differences(new_database)] == ["add_table"], "nothing was made"


def raw_rows(path: Path, name: str) -> list[tuple[Any, ...]]:
    """A table's rows as SQLite holds them, in the order of its key."""
    connection = sqlite3.connect(path)
    try:
        return connection.execute(f"SELECT * FROM {name} ORDER BY 1, 2").fetchall()
    finally:
        connection.close()


def test_a_store_older_still_gets_what_it_lacks(tmp_path: Path) -> None:
    """A database of an older release yet: no ``seating`` column, no health table."""
    path = tmp_path / "older.db"
    url = fixture_sqlite(path)
    connection = sqlite3.connect(path)
    connection.execute("ALTER TABLE koloda_tables DROP COLUMN seating")
    connection.execute("DROP TABLE koloda_health")
    connection.commit()
    connection.close()
    kept = ("koloda_tables", "koloda_deals", "koloda_actions", "koloda_leases")
    before = {name: raw_rows(path, name) for name in kept}
    assert before["koloda_tables"] and before["koloda_actions"]
    assert migrations.status(url).before_migrations
    migrations.upgrade(url)
    assert differences(url) == []
    assert raw_rows(path, "koloda_health") == []
    tables = raw_rows(path, "koloda_tables")
    assert [row[:-1] for row in tables] == before["koloda_tables"]
    assert all(row[-1] is None for row in tables), "no seating, as before"
    for name in kept[1:]:
        assert raw_rows(path, name) == before[name]


def test_a_later_release_s_revision_follows_the_newest_and_this_code_refuses_its_database(
    tmp_path: Path,
) -> None:
    """What the next schema change does: ``python -m koloda.server.migrations`` writes a
    revision after the newest; a database it upgraded is newer than this code."""
    later = tmp_path / "migrations"
    shutil.copytree(migrations.HERE, later, ignore=shutil.ignore_patterns("__pycache__"))
    number = f"{int(migrations.head()) + 1:04d}"
    script = migrations.new_revision(number, "a later change", location=later)
    assert script.parent == later / "versions" and script.name.startswith(number)
    url = f"sqlite:///{tmp_path / 'koloda.db'}"
    migrations.upgrade(url)
    engine = migrations.migration_engine(url)
    try:
        with engine.begin() as connection:
            command.upgrade(migrations.config(connection, location=later), "head")
        assert revisions(url) == [number]
        with (
            pytest.raises(NotImplementedError, match="downgrades are not supported"),
            engine.begin() as connection,
        ):
            command.downgrade(migrations.config(connection, location=later), "-1")
    finally:
        engine.dispose()
    assert revisions(url) == [number], "the refused downgrade changed nothing"
    with pytest.raises(migrations.NewerDatabaseError, match=f"revision {number}, newer"):
        migrations.upgrade(url)


def test_koloda_db_never_shows_the_password(postgres: PostgresServer) -> None:
    url = postgres.new_database().replace("postgres@", "postgres:hunter2@")
    for args in (("upgrade",), ("status",)):
        done = koloda_db(*args, "--database", url)
        assert done.returncode == 0, done.stderr
        assert "postgres:***@" in done.stdout and "hunter2" not in done.stdout
    engine = make_engine(url)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = 'f00d'"))
    engine.dispose()
    refused = koloda_db("upgrade", "--database", url)
    assert refused.returncode == 2 and "hunter2" not in refused.stderr
    assert "postgres:***@" in refused.stderr


def test_serve_upgrades_a_database_made_before_migrations_and_serves_its_tables(
    tmp_path: Path,
) -> None:
    url = fixture_sqlite(tmp_path / "old.db")
    stored = rows_of(url, old_metadata())["koloda_tables"]
    server = ServerProcess(url, tmp_path).start()
    try:
        assert migrations.status(url).up_to_date
        for row in stored:
            facts = httpx.get(f"{server.url}/api/tables/{row[0]}").json()
            assert facts["game"] == row[1] and facts["finished"] == row[9]
            assert facts["version"] >= row[8], "every stored action replayed"
            assert [seat["name"] for seat in facts["seats"]] == row[11]["names"]
    finally:
        server.kill()


def test_a_database_of_the_ratings_revision_gets_the_friends_tables_and_keeps_its_accounts(
    new_database: str,
) -> None:
    """0003 -> 0004: the follows and invitations tables are made, empty; the accounts and
    their seats stay as they were."""
    engine = migrations.migration_engine(new_database)
    try:
        with engine.begin() as connection:
            command.upgrade(migrations.config(connection), "0003")
            connection.execute(
                insert(accounts_table).values(
                    id="a1",
                    name="Anna",
                    name_key="anna",
                    created=1.0,
                    password_hash=None,
                    public_profile=False,
                    languages=["en"],
                )
            )
            connection.execute(
                insert(bindings_table).values(
                    table_id="t1", seat=0, account_id="a1", sealed_token="x", bound=2.0
                )
            )
    finally:
        engine.dispose()
    assert revisions(new_database) == ["0003"]
    missing = {d[1].name for d in differences(new_database) if d[0] == "add_table"}
    assert missing == {
        follows_table.name,
        invitations_table.name,
        *DAILY_TABLES,
        *TOURNAMENT_TABLES,
    }
    before = migrations.upgrade(new_database)
    assert before.current == "0003" and revisions(new_database) == [migrations.head()]
    assert differences(new_database) == []
    found = rows_of(new_database, accounts_table.metadata)
    assert [row[:2] for row in found["koloda_accounts"]] == [("a1", "Anna")]
    assert [row[:3] for row in found["koloda_seat_bindings"]] == [("t1", 0, "a1")]
    assert found[follows_table.name] == [] and found[invitations_table.name] == []


def test_a_database_of_the_friends_revision_gets_the_daily_tables_and_keeps_its_follows(
    new_database: str,
) -> None:
    """0004 -> 0005: the deal of the day's tables are made, empty; the follows stay."""
    engine = migrations.migration_engine(new_database)
    try:
        with engine.begin() as connection:
            command.upgrade(migrations.config(connection), "0004")
            connection.execute(
                insert(follows_table).values(account_id="a1", follows_id="a2", since=1.0)
            )
    finally:
        engine.dispose()
    missing = {d[1].name for d in differences(new_database) if d[0] == "add_table"}
    assert missing == DAILY_TABLES | TOURNAMENT_TABLES
    before = migrations.upgrade(new_database)
    assert before.current == "0004" and revisions(new_database) == [migrations.head()]
    assert differences(new_database) == []
    found = rows_of(new_database, follows_table.metadata)
    assert found[follows_table.name] == [("a1", "a2", 1.0)]
    assert all(found[name] == [] for name in DAILY_TABLES)


def test_a_database_of_the_daily_revision_gets_the_tournaments_and_keeps_its_days(
    new_database: str,
) -> None:
    """0005 -> 0006: the tournaments' tables are made, empty; the day's attempts stay."""
    engine = migrations.migration_engine(new_database)
    try:
        with engine.begin() as connection:
            command.upgrade(migrations.config(connection), "0005")
            connection.execute(
                insert(counts_table).values(
                    day="2026-12-02", game="king", deal=0, points=-2, players=3
                )
            )
    finally:
        engine.dispose()
    missing = {d[1].name for d in differences(new_database) if d[0] == "add_table"}
    assert missing == TOURNAMENT_TABLES
    before = migrations.upgrade(new_database)
    assert before.current == "0005" and revisions(new_database) == [migrations.head()]
    assert differences(new_database) == []
    found = rows_of(new_database, counts_table.metadata)
    assert found[counts_table.name] == [("2026-12-02", "king", 0, -2, 3)]
    assert all(found[name] == [] for name in TOURNAMENT_TABLES)
