"""Running ``koloda`` as a person does: in a pseudo-terminal (its input, output and errors are
a terminal, 80×24), or with pipes as a script does."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

GUARD = 120.0
"""Seconds after which a command that has not ended is taken for hung (a guard against a
test that never ends, not a measure of speed)."""

ESCAPES = re.compile(
    r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78])"
)


def koloda_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "koloda", *args]


def quiet_environment(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "COLUMNS", "LINES"))}
    env.update({"TERM": "xterm-256color", "LANG": "C.UTF-8", "PYTHONIOENCODING": "utf-8"})
    env.update(extra)
    return env


class Terminal:
    """``koloda ARGS`` with a pseudo-terminal for its input, output and errors."""

    def __init__(
        self, *args: str, cwd: Path, columns: int = 80, rows: int = 24, **env: str
    ) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.master = master
        self.process = subprocess.Popen(
            koloda_command(*args),
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=cwd,
            env=quiet_environment(**env),
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self.raw = b""

    @property
    def text(self) -> str:
        """All it wrote so far, without the terminal's control sequences."""
        return ESCAPES.sub("", self.raw.decode("utf-8", "replace")).replace("\r", "")

    def _read(self, timeout: float) -> bool:
        """Read what is there within ``timeout``; False when the terminal is closed."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: every process holding the terminal has ended
            return False
        self.raw += data
        return bool(data)

    def expect(self, text: str) -> None:
        """Read until ``text`` has been written."""
        deadline = GUARD
        while text not in self.text:
            if deadline <= 0 or not self._read(0.5):
                if text in self.text:
                    return
                self.kill()
                raise AssertionError(f"never wrote {text!r}; wrote:\n{self.text[-3000:]}")
            deadline -= 0.5

    def press_until(self, key: str, text: str, every: float = 0.3) -> None:
        """Press ``key`` again and again (``every`` seconds) until ``text`` has been
        written, as a person who keeps pressing Enter does."""
        started = pressed = time.monotonic()
        while text not in self.text:
            if time.monotonic() - started > GUARD or not self._read(every):
                if text in self.text:
                    return
                self.kill()
                raise AssertionError(f"never wrote {text!r}; wrote:\n{self.text[-3000:]}")
            if time.monotonic() - pressed >= every:
                self.send(key)
                pressed = time.monotonic()

    def send(self, text: str) -> None:
        os.write(self.master, text.encode("utf-8"))

    def interrupt(self) -> None:
        os.killpg(self.process.pid, signal.SIGINT)

    def wait(self) -> int:
        """Read everything until it ends; its exit status."""
        waited = 0.0
        while self._read(0.5):
            waited += 0.5
            if waited > GUARD and self.process.poll() is not None:
                break
            if waited > 2 * GUARD:
                self.kill()
                raise AssertionError(f"did not end; wrote:\n{self.text[-3000:]}")
        code = self.process.wait(timeout=GUARD)
        os.close(self.master)
        return code

    def kill(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


def run_in_terminal(*args: str, cwd: Path, typed: str = "", **env: str) -> tuple[int, str]:
    """Run ``koloda ARGS`` in a pseudo-terminal, typing ``typed``: its exit status and what
    it wrote."""
    terminal = Terminal(*args, cwd=cwd, **env)
    if typed:
        terminal.send(typed)
    code = terminal.wait()
    return code, terminal.text


def run_piped(
    *args: str, cwd: Path, typed: str = "", **env: str
) -> subprocess.CompletedProcess[str]:
    """Run ``koloda ARGS`` with pipes for its input, output and errors."""
    return subprocess.run(
        koloda_command(*args),
        input=typed,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        env=quiet_environment(**env),
        timeout=GUARD,
        check=False,
    )
