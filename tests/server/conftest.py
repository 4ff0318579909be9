"""Fixtures of the web table tests: a real server on a free loopback port."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from server_support import ServerThread


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    path: Path = tmp_path_factory.mktemp("db") / "koloda.db"
    running = ServerThread(f"sqlite:///{path}").start()
    yield running
    running.stop()
