"""One real run of ``koloda play`` in a terminal (tmux, 80×24): the table opens, a card is
played with Enter, Ctrl+Q leaves and the game is saved. Skipped where tmux is missing."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def tmux(*args: str) -> str:
    done = subprocess.run(["tmux", *args], capture_output=True, text=True, timeout=20)
    return done.stdout


def test_play_in_a_real_terminal(tmp_path: Path) -> None:
    session = f"koloda-test-{os.getpid()}"
    save = tmp_path / "game.json"
    out = tmp_path / "out.txt"
    command = (
        f"cd {shlex.quote(str(tmp_path))} && PYTHONPATH={shlex.quote(str(REPO))} "
        f"{shlex.quote(sys.executable)} -m koloda play king --seed 5 --bots random "
        f"--save {shlex.quote(str(save))} > /dev/tty 2>&1; "
        f"echo done > {shlex.quote(str(out))}; sleep 30"
    )
    env_socket = ["-L", session]
    try:
        subprocess.run(
            ["tmux", *env_socket, "new-session", "-d", "-s", session, "-x", "80", "-y", "24"],
            check=True,
            timeout=20,
        )
        tmux(*env_socket, "send-keys", "-t", session, command, "Enter")
        screen = wait_for_socket(env_socket, session, "Your turn")
        assert "Koloda — King" in screen
        assert "Scoreboard" in screen
        before = len(actions_of(save))
        tmux(*env_socket, "send-keys", "-t", session, "Enter")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if len(actions_of(save)) > before:
                break
            time.sleep(0.2)
        else:
            raise AssertionError("Enter played no card")
        tmux(*env_socket, "send-keys", "-t", session, "C-q")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not out.exists():
            time.sleep(0.2)
        assert out.exists(), "the table did not close on Ctrl+Q"
        assert "game saved to" in wait_for_socket(env_socket, session, "game saved")
    finally:
        tmux(*env_socket, "kill-server")


def wait_for_socket(socket: list[str], session: str, text: str, seconds: float = 30.0) -> str:
    deadline = time.monotonic() + seconds
    screen = ""
    while time.monotonic() < deadline:
        screen = tmux(*socket, "capture-pane", "-p", "-t", session)
        if text in screen:
            return screen
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never showed:\n{screen}")


def actions_of(save: Path) -> list[str]:
    """The first deal's actions in the saved record (which the table replaces whole)."""
    actions: list[str] = json.loads(save.read_text())["deals"][0]["actions"]
    return actions
