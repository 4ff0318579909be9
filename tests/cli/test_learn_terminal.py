"""``koloda learn``: the first game with the teacher in the terminal — through pipes to the
end by the teacher's suggestions, a card that is not allowed explained, bad input in one
line; and once in a real terminal (tmux), in Russian. tmux runs are skipped where it is
missing."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from koloda.learn import run_lesson

REPO = Path(__file__).resolve().parents[2]


def koloda(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "100"}
    return subprocess.run(
        [sys.executable, "-m", "koloda", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


def as_told(game: str) -> tuple[list[str], list[str], str]:
    """The learner's moves when he plays every suggestion; and the moves before his first
    turn with a card in hand that is not allowed, with that card."""
    moves: list[str] = []
    before: list[str] = []
    wrong = ""
    while True:
        t = run_lesson(game, moves)
        if t.finished or t.suggestion is None:
            return moves, before, wrong
        hand = t.state.view(t.seat).to_json().get("hand", [])
        legal = [t.rules.format_action(a) for a in t.legal]
        if not wrong and any(c not in legal for c in hand):
            before, wrong = list(moves), next(c for c in hand if c not in legal)
        moves.append(t.rules.format_action(t.suggestion))


def test_the_lesson_through_pipes_to_its_end() -> None:
    moves, _, _ = as_told("king")
    done = koloda("learn", "king", stdin="\n".join(moves) + "\n")
    assert done.returncode == 0, done.stderr
    assert "Teacher: Welcome to King!" in done.stdout
    assert "koloda play king --bots easy" in done.stdout


def test_a_card_not_allowed_is_explained() -> None:
    _, before, wrong = as_told("king")
    assert wrong
    done = koloda("learn", "king", "--lang", "ru", stdin="\n".join([*before, wrong, "q"]) + "\n")
    assert done.returncode == 0, done.stderr
    # rule: K-5
    assert "сыграть нельзя" in done.stdout and "K-5" in done.stdout
    assert "Вы вышли из урока" in done.stdout


def test_bad_input_is_one_line() -> None:
    done = koloda("learn", "nogame")
    assert done.returncode == 2 and done.stderr.strip().count("\n") == 0
    done = koloda("learn", "king", "--lang", "xx")
    assert done.returncode == 2
    done = koloda("learn", "king", stdin="zz\nq\n")
    assert done.returncode == 0 and "zz is not one of your moves" in done.stdout


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, timeout=20).stdout


def wait_for(socket: list[str], session: str, text: str, seconds: float = 60.0) -> str:
    deadline = time.monotonic() + seconds
    screen = ""
    while time.monotonic() < deadline:
        screen = tmux(*socket, "capture-pane", "-p", "-J", "-S", "-200", "-t", session)
        if text in screen:
            return screen
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never showed:\n{screen}")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_the_lesson_in_a_real_terminal(tmp_path: Path) -> None:
    session = f"koloda-learn-{os.getpid()}"
    socket = ["-L", session]
    out = tmp_path / "out.txt"
    command = (
        f"cd {shlex.quote(str(tmp_path))} && PYTHONPATH={shlex.quote(str(REPO))} "
        f"{shlex.quote(sys.executable)} -m koloda learn king --lang ru; "
        f"echo done > {shlex.quote(str(out))}; sleep 30"
    )
    first = run_lesson("king", [])
    suggestion = first.rules.format_action(first.suggestion or 0)
    try:
        subprocess.run(
            ["tmux", *socket, "new-session", "-d", "-s", session, "-x", "100", "-y", "40"],
            check=True,
            timeout=20,
        )
        tmux(*socket, "send-keys", "-t", session, command, "Enter")
        screen = wait_for(socket, session, "Ваш ход (карта")
        assert "Учитель: Добро пожаловать в Кинг!" in screen
        assert "Советую:" in screen
        tmux(*socket, "send-keys", "-t", session, suggestion, "Enter")
        wait_for(socket, session, "Бот 2")
        tmux(*socket, "send-keys", "-t", session, "q", "Enter")
        wait_for(socket, session, "Вы вышли из урока")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not out.exists():
            time.sleep(0.2)
        assert out.exists()
    finally:
        tmux(*socket, "kill-server")
