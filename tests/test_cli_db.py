"""``koloda db``: upgrade, status, backup and the refused downgrade, run as a script runs it
(pipes) and as a person does (a pseudo-terminal); bad input is one line and status 2."""

from __future__ import annotations

import sqlite3
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "cli"))

from pty_support import run_in_terminal, run_piped
from test_optional_extras import cli_without_extras

from koloda.server import migrations

FIXTURE = Path(__file__).parent / "server" / "fixtures" / "store_before_migrations.sql"


def one_error(stderr: str) -> str:
    """The one line of a refusal."""
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), stderr
    return lines[0]


def old_database(folder: Path) -> Path:
    """A SQLite file as the release before migrations left it (the fixture's SQL)."""
    path = folder / "old.db"
    connection = sqlite3.connect(path)
    connection.executescript(FIXTURE.read_text(encoding="utf-8"))
    connection.close()
    return path


def dump(path: Path) -> list[str]:
    connection = sqlite3.connect(path)
    try:
        return list(connection.iterdump())
    finally:
        connection.close()


def test_upgrade_makes_a_new_database_and_status_says_where_it_stands(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'koloda.db'}"
    missing = run_piped("db", "status", "--database", url, cwd=tmp_path)
    assert missing.returncode == 2 and "no database at" in one_error(missing.stderr)
    assert not (tmp_path / "koloda.db").exists(), "status makes no database"
    made = run_piped("db", "upgrade", "--database", url, cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert f"was made at revision {migrations.head()}" in made.stdout
    shown = run_piped("db", "status", "--database", url, cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert f"revision: {migrations.head()}" in shown.stdout
    assert "state:    up to date" in shown.stdout
    again = run_piped("db", "upgrade", "--database", url, cwd=tmp_path)
    assert again.returncode == 0 and "nothing to do" in again.stdout


def test_the_database_of_serve_is_the_default(tmp_path: Path) -> None:
    made = run_piped("db", "upgrade", cwd=tmp_path, KOLODA_DATABASE_URL="")
    assert made.returncode == 0, made.stderr
    assert (tmp_path / "koloda.db").is_file(), "sqlite:///koloda.db, as serve's default"


def test_status_and_upgrade_of_a_database_made_before_migrations(tmp_path: Path) -> None:
    path = old_database(tmp_path)
    url = f"sqlite:///{path}"
    rows = [line for line in dump(path) if line.startswith("INSERT")]
    shown = run_piped("db", "status", "--database", url, cwd=tmp_path)
    assert "revision: none" in shown.stdout and "made before migrations" in shown.stdout
    done = run_piped("db", "upgrade", "--database", url, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "made before migrations, is now at revision" in done.stdout
    after = [line for line in dump(path) if line.startswith("INSERT")]
    assert [line for line in after if "alembic_version" not in line] == rows


def test_backup_copies_every_row_into_one_file(tmp_path: Path) -> None:
    path = old_database(tmp_path)
    url = f"sqlite:///{path}"
    run_piped("db", "upgrade", "--database", url, cwd=tmp_path)
    target = tmp_path / "copies" / "backup.db"
    target.parent.mkdir()
    done = run_piped("db", "backup", str(target), "--database", url, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert f"copied to {target}" in done.stdout
    assert dump(target) == dump(path)
    assert sorted(p.name for p in target.parent.iterdir()) == ["backup.db"], "no leftovers"
    connection = sqlite3.connect(target)
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    connection.close()


def test_backup_while_the_database_is_written(tmp_path: Path) -> None:
    path = tmp_path / "busy.db"
    url = f"sqlite:///{path}"
    run_piped("db", "upgrade", "--database", url, cwd=tmp_path)
    stop = threading.Event()
    written: list[int] = []

    def write() -> None:
        connection = sqlite3.connect(path, timeout=30)
        connection.execute("PRAGMA journal_mode=WAL")
        while not stop.is_set():
            n = len(written)
            connection.execute("INSERT INTO koloda_health VALUES (?, ?)", (n, float(n)))
            connection.commit()
            written.append(n)
        connection.close()

    writer = threading.Thread(target=write)
    writer.start()
    try:
        while len(written) < 50:
            stop.wait(0.01)
        done = run_piped("db", "backup", str(tmp_path / "copy.db"), "--database", url, cwd=tmp_path)
    finally:
        stop.set()
        writer.join(timeout=30)
    assert done.returncode == 0, done.stderr
    copy = sqlite3.connect(tmp_path / "copy.db")
    assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    ids = [row[0] for row in copy.execute("SELECT id FROM koloda_health ORDER BY id")]
    copy.close()
    assert len(ids) >= 50 and ids == list(range(len(ids))), "a whole commit's prefix"


def test_backup_refuses_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "koloda.db"
    url = f"sqlite:///{path}"
    run_piped("db", "upgrade", "--database", url, cwd=tmp_path)
    kept = tmp_path / "kept.db"
    kept.write_text("mine")
    cases = {
        "already exists": ("db", "backup", str(kept), "--database", url),
        "is a folder": ("db", "backup", str(tmp_path), "--database", url),
        "is the database itself": ("db", "backup", str(path), "--database", url, "--force"),
        "no database at": ("db", "backup", "x.db", "--database", f"sqlite:///{tmp_path / 'n.db'}"),
        "in memory": ("db", "backup", "x.db", "--database", "sqlite://"),
        "is not a database URL": ("db", "backup", "x.db", "--database", "nonsense"),
    }
    for words, args in cases.items():
        refused = run_piped(*args, cwd=tmp_path)
        assert refused.returncode == 2, (args, refused.stdout)
        assert words in one_error(refused.stderr), args
    assert kept.read_text() == "mine"
    assert not (tmp_path / "x.db").exists() and not (tmp_path / "n.db").exists()
    forced = run_piped("db", "backup", str(kept), "--database", url, "--force", cwd=tmp_path)
    assert forced.returncode == 0, forced.stderr
    assert dump(kept) == dump(path)


def test_a_backup_that_cannot_be_written_changes_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'koloda.db'}"
    run_piped("db", "upgrade", "--database", url, cwd=tmp_path)
    target = tmp_path / "no such folder" / "copy.db"
    failed = run_piped("db", "backup", str(target), "--database", url, cwd=tmp_path)
    assert failed.returncode == 1
    assert "nothing was changed there" in one_error(failed.stderr)
    assert not target.parent.exists()


def test_postgresql_is_backed_up_by_pg_dump(tmp_path: Path) -> None:
    url = "postgresql://cards:secret@db.example.com:5433/koloda"
    advised = run_piped("db", "backup", "dump.pg", "--database", url, cwd=tmp_path)
    assert advised.returncode == 2
    line = one_error(advised.stderr)
    assert "pg_dump --format=custom --file=dump.pg" in line
    assert "postgresql://cards:***@db.example.com:5433/koloda" in line
    assert "secret" not in line, "the password is never printed"


def test_downgrade_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "koloda.db"
    url = f"sqlite:///{path}"
    run_piped("db", "upgrade", "--database", url, cwd=tmp_path)
    before = dump(path)
    refused = run_piped("db", "downgrade", "base", "--database", url, cwd=tmp_path)
    assert refused.returncode == 2
    assert "downgrades are not supported" in one_error(refused.stderr)
    assert dump(path) == before


def test_in_a_terminal(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'koloda.db'}"
    code, shown = run_in_terminal("db", "upgrade", "--database", url, cwd=tmp_path)
    assert code == 0 and f"was made at revision {migrations.head()}" in shown
    code, shown = run_in_terminal("db", "status", "--database", url, cwd=tmp_path)
    assert code == 0 and "up to date" in shown
    code, shown = run_in_terminal("db", "downgrade", "base", "--database", url, cwd=tmp_path)
    assert code == 2
    assert [line for line in shown.splitlines() if line.strip()] == [
        "error: " + migrations.DOWNGRADE_REFUSED
    ]


def test_without_the_server_extra_each_command_exits_2_in_one_line() -> None:
    for args in (("upgrade",), ("status",), ("backup", "x.db"), ("downgrade", "base")):
        done = cli_without_extras("db", *args)
        assert done.returncode == 2, args
        assert done.stderr.strip().splitlines() == [
            "error: koloda db needs the server extra: pip install 'koloda[server]'"
        ], args
