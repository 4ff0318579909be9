"""Fixtures of the web table tests: a real server on a free loopback port."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import ARGS, CHROMIUM
from server_support import ServerThread


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
