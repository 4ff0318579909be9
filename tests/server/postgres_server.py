"""A private PostgreSQL server for the tests: a new cluster in a temporary directory, on a free
loopback port, stopped and removed afterwards (``make test`` installs Debian's postgresql).

PostgreSQL refuses to run as root, so as root the cluster belongs to the ``postgres`` user.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
import uuid

from server_support import free_port


def _bindir() -> str:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)
    if not found:
        raise RuntimeError("PostgreSQL is not installed (make test installs Debian's postgresql)")
    return os.path.dirname(found[0])


class PostgresServer:
    def __init__(self) -> None:
        self.bindir = _bindir()
        self.port = free_port()
        self.directory = tempfile.mkdtemp(prefix="koloda-pg-")
        self.data = os.path.join(self.directory, "data")
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def admin_url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> PostgresServer:
        if self.as_user:
            shutil.chown(self.directory, "postgres", "postgres")
        subprocess.run(
            [
                *self.as_user,
                *(f"{self.bindir}/initdb", "-D", self.data, "-A", "trust"),
                *("-U", "postgres", "--no-sync", "-E", "UTF8"),
            ],
            check=True,
            capture_output=True,
        )
        self.process = subprocess.Popen(
            [
                *self.as_user,
                *(f"{self.bindir}/postgres", "-D", self.data, "-p", str(self.port)),
                *("-k", self.directory, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        import psycopg

        deadline = time.monotonic() + 30
        while True:
            assert self.process.poll() is None, "PostgreSQL exited at start"
            try:
                with psycopg.connect(self.admin_url, connect_timeout=1):
                    return self
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def new_database(self) -> str:
        """The URL of a new, empty database."""
        import psycopg

        name = f"koloda_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.admin_url, autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            subprocess.run(
                [*self.as_user, f"{self.bindir}/pg_ctl", "stop", "-D", self.data, "-m", "fast"],
                capture_output=True,
            )
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.directory, ignore_errors=True)
