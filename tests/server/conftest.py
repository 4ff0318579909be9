"""Fixtures of the web table tests: a real server on a free loopback port."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import ARGS, CHROMIUM
from postgres_server import PostgresServer
from server_support import ServerProcess, ServerThread


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    path: Path = tmp_path_factory.mktemp("db") / "koloda.db"
    running = ServerThread(f"sqlite:///{path}").start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium for one test module."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two ``koloda serve --cluster`` processes on one private PostgreSQL server (for one
    test module)."""
    postgres = PostgresServer().start()
    workdir: Path = tmp_path_factory.mktemp("pair")
    database = postgres.new_database()
    options = ("--cluster", "--lease-seconds", "2", "--bot-processes", "0")
    first = ServerProcess(database, workdir, *options)
    second = ServerProcess(database, workdir, *options)
    try:
        first.start()
        second.start()
        yield first, second
    finally:
        first.kill()
        second.kill()
        postgres.stop()
