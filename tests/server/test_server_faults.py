"""The server under faults: a store that cannot write (the disk is full), a damaged database,
the health check and the lobby's notice, and a server stopped with its worker processes
running."""

from __future__ import annotations

import asyncio
import json
import os
import resource
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_support import needs_chromium, shots_dir, wait_until
from server_support import ServerProcess, ServerThread, alive, create_table, free_port, receive
from websockets.sync.client import ClientConnection, connect

from koloda.i18n import catalogue_json
from koloda.server.store import ActionWrite, DamagedStoreError, NewTable, Store

HUMAN_AND_BOTS = ["human", "bot:random", "bot:random", "bot:random"]


def set_file_limit(pid: int, size: int) -> None:
    """Writes of the process past ``size`` bytes of any file fail, as on a full disk (the
    operating system's own limit, RLIMIT_FSIZE)."""
    resource.prlimit(pid, resource.RLIMIT_FSIZE, (size, resource.RLIM_INFINITY))


def my_turn(ws: ClientConnection) -> dict[str, Any]:
    while True:
        message = receive(ws)
        assert message["type"] != "error", message
        if message["type"] == "view" and message["view"]["legal_actions"]:
            return message


def move(ws: ClientConnection, turn: dict[str, Any]) -> str:
    action: str = turn["view"]["legal_actions"][0]
    ws.send(json.dumps({"type": "act", "action": action, "version": turn["version"]}))
    return action


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    running = ServerThread(f"sqlite:///{tmp_path / 'koloda.db'}").start()
    yield running
    running.stop()


def writer_pid(server: ServerThread) -> int:
    pid = server.app.state.store.writer_pid
    assert isinstance(pid, int)
    return pid


def test_a_move_the_store_cannot_take_is_an_error_and_is_played_once_it_recovers(
    server: ServerThread, tmp_path: Path
) -> None:
    assert httpx.get(f"{server.url}/healthz").json() == {"ok": True, "store": "ok"}
    created = create_table(server.url, "king", {}, HUMAN_AND_BOTS)
    table_id, token = created["table_id"], created["seats"][0]["token"]
    with connect(f"{server.ws_url}/ws/tables/{table_id}?token={token}") as ws:
        turn = my_turn(ws)
        set_file_limit(writer_pid(server), 1)  # the disk is full
        try:
            played = move(ws, turn)
            refused = receive(ws)
            assert refused["type"] == "error" and refused["code"] == "store_unavailable"
            move(ws, turn)  # again, while the store fails: refused at once
            again = receive(ws)
            assert again["type"] == "error" and again["code"] == "store_unavailable"
            health = httpx.get(f"{server.url}/healthz")
            assert health.status_code == 503 and not health.json()["ok"]
            assert "disk I/O error" in health.json()["store"]
            tables_before = len(server.app.state.manager.tables)
            new = httpx.post(
                f"{server.url}/api/tables", json={"game": "king", "seats": ["bot:random"] * 4}
            )
            assert new.status_code == 503 and int(new.headers["retry-after"]) > 0
            assert new.json()["detail"].count("\n") == 0
            assert "cannot store games" in new.json()["detail"]
            assert len(server.app.state.manager.tables) == tables_before
        finally:
            set_file_limit(writer_pid(server), resource.RLIM_INFINITY)  # space is freed
        stored = receive(ws)  # the waiting move is stored and played
        assert stored["type"] == "view" and stored["version"] == turn["version"] + 1
        assert stored["events"][0]["type"] == "card_played"
        assert stored["events"][0]["card"] == played
        # and the game goes on: the bots play up to the person's turn; when his card took the
        # trick he leads at once (no other message comes), and the three bots answer his lead
        if stored["view"]["legal_actions"]:
            move(ws, stored)
            assert my_turn(ws)["version"] >= stored["version"] + 4, "the bots answered"
        else:
            my_turn(ws)
    assert httpx.get(f"{server.url}/healthz").status_code == 200
    with sqlite3.connect(tmp_path / "koloda.db") as database:
        actions = database.execute(
            "SELECT action FROM koloda_actions WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
        assert (played,) in actions
        checked = database.execute("SELECT checked FROM koloda_health").fetchall()
        assert len(checked) == 2 and all(row[0] > 0 for row in checked), "the two that worked"


def damaged_database(path: Path) -> None:
    """A database of a few pages with one page of a table overwritten."""

    async def fill() -> None:
        store = Store(f"sqlite:///{path}")
        await store.create(NewTable("t", "king", {}, ["human"] * 4, [None] * 4, "s", 0, []))
        for seq in range(300):
            await store.append(ActionWrite("t", seq, 0, f"action number {seq}", []))
        await store.aclose()

    asyncio.run(fill())
    with sqlite3.connect(path) as database:
        database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size = database.execute("PRAGMA page_size").fetchone()[0]
        pages = database.execute("PRAGMA page_count").fetchone()[0]
    assert pages > 4
    with path.open("r+b") as file:
        file.seek(page_size * (pages - 2) + 8)
        file.write(os.urandom(page_size - 16))


def test_a_damaged_database_is_refused_at_start_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "koloda.db"
    damaged_database(path)
    command = [sys.executable, "-m", "koloda", "serve", "--port", str(free_port())]
    done = subprocess.run(
        [*command, "--database", f"sqlite:///{path}"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: the database"), done.stderr
    assert "damaged" in lines[0]
    with pytest.raises(DamagedStoreError):
        Store(f"sqlite:///{path}")


def test_a_database_that_is_no_database_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "koloda.db"
    path.write_bytes(b"these are not the pages of a database" * 200)
    command = [sys.executable, "-m", "koloda", "serve", "--port", str(free_port())]
    done = subprocess.run(
        [*command, "--database", f"sqlite:///{path}"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot be used" in lines[0], done.stderr


def children_of(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rpartition(")")[2].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(entry.name))
    return found


def test_stopping_the_server_stops_its_worker_processes(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'koloda.db'}", tmp_path, "--bot-processes", "2")
    server.start()
    assert server.process is not None
    try:
        for _ in range(2):  # long searches keep both workers busy
            create_table(server.url, "king", {}, ["bot:hard"] * 4)
        deadline = time.monotonic() + 60
        while len(children_of(server.process.pid)) < 4:  # writer, tracker, two workers
            assert time.monotonic() < deadline, "the workers did not start"
            time.sleep(0.1)
        # what each child is, read while all of them run (an exiting one has no command line)
        children = {
            pid: Path(f"/proc/{pid}/cmdline").read_bytes()
            for pid in children_of(server.process.pid)
        }
        server.process.send_signal(signal.SIGTERM)
        server.process.wait(timeout=60)
        left = {pid for pid in children if alive(pid)}
        # the resource tracker ends when the last process that knew it has ended
        tracker = {pid for pid, command in children.items() if b"resource_tracker" in command}
        assert left <= tracker, [children[pid] for pid in left - tracker]
        deadline = time.monotonic() + 30
        while any(alive(pid) for pid in tracker):
            assert time.monotonic() < deadline, "the resource tracker outlived the server"
            time.sleep(0.05)
    finally:
        server.kill()


@needs_chromium
def test_the_lobby_says_when_the_server_cannot_take_new_games(
    server: ServerThread, browser: Any, tmp_path: Path
) -> None:
    folder = shots_dir(tmp_path)
    for lang in ("en", "ru"):
        for width, height in ((1280, 800), (390, 844)):
            context = browser.new_context(viewport={"width": width, "height": height})
            page = context.new_page()
            page.goto(server.url + "/")
            page.wait_for_selector("#presets input")
            page.click(f"[data-lang={lang}]")
            wait_until(page, "document.getElementById('server-busy') !== null")
            assert page.inner_text("#server-busy") == ""
            set_file_limit(writer_pid(server), 1)
            try:
                page.reload()
                page.wait_for_selector("#presets input")
                expected = catalogue_json(lang)["lobby.server_busy"]
                wait_until(page, "(document.getElementById('server-busy') || {}).textContent")
                assert page.inner_text("#server-busy") == expected
                page.screenshot(path=str(folder / f"server-busy-{lang}-{width}.png"))
            finally:
                set_file_limit(writer_pid(server), resource.RLIM_INFINITY)
            context.close()
