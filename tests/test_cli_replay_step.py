"""``koloda replay RECORD --step`` in a real terminal (tmux): a finished game stepped through
to its end, whose score is the record's, back, Home/End, trick by trick, ``--at``, Russian,
the analysis; and without a terminal, one line and status 2. Skipped where tmux is missing
(the non-terminal tests run everywhere)."""

from __future__ import annotations

import asyncio
import json
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from koloda.cli.main import app
from koloda.cli.replay_step import StepperApp, build_frames
from koloda.i18n import Speaker
from koloda.records import load_record, replay
from koloda.records.positions import RecordWalk

REPO = Path(__file__).resolve().parent.parent
needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
runner = CliRunner()


@pytest.fixture(scope="module")
def king_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished game of King between random bots, as a record file."""
    folder = tmp_path_factory.mktemp("records")
    lines = folder / "games.jsonl"
    args = ["simulate", "king", "-n", "1", "--seed", "3", "--records", str(lines)]
    done = runner.invoke(app, args)
    assert done.exit_code == 0, done.output
    record = folder / "king.json"
    record.write_text(lines.read_text().splitlines()[0])
    assert replay(load_record(record)).is_over
    return record


class Terminal:
    """``koloda`` run in a tmux session of a given size, its screen read as text."""

    def __init__(self, socket: str, width: int, height: int) -> None:
        self.socket = ["-L", socket]
        self.session = socket
        self.tmux("new-session", "-d", "-s", socket, "-x", str(width), "-y", str(height))

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", *self.socket, *args], capture_output=True, text=True, timeout=20
        )
        return done.stdout

    def run(self, args: list[str]) -> None:
        command = (
            f"cd {shlex.quote(str(REPO))} && {shlex.quote(sys.executable)} -m koloda "
            + " ".join(shlex.quote(a) for a in args)
            + "; echo EXIT=$?"
        )
        self.tmux("send-keys", "-t", self.session, command, "Enter")

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", self.session, *keys)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.session)

    def wait_for(self, pattern: str, seconds: float = 60.0) -> str:
        """The screen once ``pattern`` (a regular expression) shows on it."""
        deadline = time.monotonic() + seconds
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if re.search(pattern, screen):
                return screen
            time.sleep(0.2)
        raise AssertionError(f"{pattern!r} never showed:\n{screen}")

    def wait_gone(self, text: str, seconds: float = 30.0) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if text not in self.screen():
                return
            time.sleep(0.2)
        raise AssertionError(f"{text!r} stayed:\n{self.screen()}")

    def close(self) -> None:
        self.tmux("kill-server")


@pytest.fixture
def terminal(request: pytest.FixtureRequest) -> Iterator[Terminal]:
    width, height = getattr(request, "param", (80, 24))
    # a socket of its own: a server killed by the last test may still answer on its name
    shell = Terminal(f"koloda-step-{uuid.uuid4().hex[:12]}", width, height)
    try:
        yield shell
    finally:
        shell.close()


def positions_of(record: Path) -> tuple[int, list[int]]:
    """The record's number of decisions, and the decisions (from 1) the trick-by-trick steps
    stop at: a deal's first decision and a card that leads a trick."""
    document = load_record(record)
    walk = RecordWalk(document.rules, document)
    stops = [
        index + 1
        for index, step in enumerate(walk.steps())
        if step.action is not None and (step.move == 0 or walk.starts_trick(step.action))
    ]
    count = sum(len(entry.get("actions", [])) for entry in document.deals)
    return count, stops


@needs_tmux
@pytest.mark.parametrize("terminal", [(80, 24), (120, 40)], indirect=True)
def test_stepping_to_the_end_shows_the_records_score(terminal: Terminal, king_record: Path) -> None:
    count, stops = positions_of(king_record)
    totals = replay(load_record(king_record)).outcome()
    terminal.run(["replay", str(king_record), "--step"])
    first = terminal.wait_for(f"decision 1 of {count}")
    assert "Replay — King" in first
    assert "▶ Seat" in first  # who decides
    assert re.search(r"Next: Seat \d — ", first)
    assert first.count("♠") >= 4  # every hand face up
    terminal.keys("Right")
    terminal.wait_for(f"decision 2 of {count}")
    terminal.keys("Left")
    terminal.wait_for(f"decision 1 of {count}")
    terminal.keys("Down")
    terminal.wait_for(f"decision {stops[1]} of {count}")
    terminal.keys("Down")
    terminal.wait_for(f"decision {stops[2]} of {count}")
    terminal.keys("Up")
    terminal.wait_for(f"decision {stops[1]} of {count}")
    terminal.keys("End")
    end = terminal.wait_for(f"the game's end, after {count} decisions")
    assert "Game over" in end
    for seat, total in enumerate(totals):
        assert re.search(rf"Seat {seat}\s+{int(total)}\s", end), (seat, total, end)
    terminal.keys("Left")
    terminal.wait_for(f"decision {count} of {count}")
    terminal.keys("Home")
    terminal.wait_for(f"decision 1 of {count}")
    terminal.keys("?")
    assert "Up and Down" in terminal.wait_for("Keys")
    terminal.keys("Escape")
    terminal.wait_gone("Up and Down")
    terminal.keys("q")
    terminal.wait_for("EXIT=0")


@needs_tmux
@pytest.mark.parametrize("terminal", [(120, 40)], indirect=True)
def test_at_opens_there_in_russian(terminal: Terminal, king_record: Path) -> None:
    count, _ = positions_of(king_record)
    terminal.run(["replay", str(king_record), "--step", "--at", "10", "--lang", "ru"])
    terminal.wait_for(f"решение 10 из {count}")
    screen = terminal.wait_for("←/→ решение")  # the keys' line: the whole screen is drawn
    assert f"решение 10 из {count}" in screen
    assert "Повтор" in screen
    assert "Дальше: Место" in screen
    assert "←/→ решение" in screen
    terminal.keys("End")
    terminal.wait_for(f"конец игры, решений: {count}")
    terminal.keys("q")
    terminal.wait_for("EXIT=0")


@needs_tmux
@pytest.mark.parametrize("terminal", [(100, 30)], indirect=True)
def test_the_analysis_values_the_seats_decisions(terminal: Terminal, king_record: Path) -> None:
    document = load_record(king_record)
    first = document.rules.empty_state(document.first_dealer)
    first.start_deal(document.rules.setup_from_json(document.deals[0]))
    seat = first.to_act
    assert seat is not None
    args = ["replay", str(king_record), "--step", "--analyse", "--seat", str(seat)]
    terminal.run(args)
    screen = terminal.wait_for(r"decision 1 of \d+", seconds=180)
    assert f"Values for Seat {seat}:" in screen or f"Seat {seat} had only this move" in screen
    if "Values for" in screen:
        assert "★" in screen
        assert "(played)" in screen
    terminal.keys("q")
    terminal.wait_for("EXIT=0")


def test_without_a_terminal_one_line_and_status_2(king_record: Path) -> None:
    done = runner.invoke(app, ["replay", str(king_record), "--step"])
    assert done.exit_code == 2
    assert done.output.strip().count("\n") == 0
    assert "needs a terminal" in done.output


def test_a_bad_record_or_decision_is_one_line(tmp_path: Path, king_record: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"format": "koloda-record/1", "game": "king"}))
    done = runner.invoke(app, ["replay", str(broken), "--step"])
    assert done.exit_code == 2
    assert done.output.strip().count("\n") == 0
    count, _ = positions_of(king_record)
    done = runner.invoke(app, ["replay", str(king_record), "--step", "--at", str(count + 1)])
    assert done.exit_code == 2
    assert f"--at must be a decision 1..{count}" in done.output
    done = runner.invoke(app, ["replay", str(king_record), "--step", "--seat", "7"])
    assert done.exit_code == 2
    assert "--seat must be a seat 0..3" in done.output


def test_a_game_without_tricks_steps_deal_by_deal(tmp_path: Path) -> None:
    """101 has no tricks: ↑/↓ go from one deal's first decision to the next, and the keys
    line says so; the end shows the record's totals."""
    lines = tmp_path / "games.jsonl"
    args = ["simulate", "hundred_one", "-n", "1", "--seed", "3", "--records", str(lines)]
    assert runner.invoke(app, args).exit_code == 0
    record_file = tmp_path / "game.json"
    record_file.write_text(lines.read_text().splitlines()[0])
    record = load_record(record_file)
    names = [f"Seat {s}" for s in range(record.rules.num_seats)]
    frames, sheets = build_frames(record.rules, record, names, Speaker("en", names), {})
    starts = [i for i, f in enumerate(frames) if f.move == 0 and f.action is not None]
    assert len(starts) == len(record.deals) > 1

    async def run() -> None:
        stepper = StepperApp(frames, sheets, names, "en", tricks=False)
        async with stepper.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = "\n".join(
                "".join(segment.text for segment in strip)
                for strip in stepper.screen._compositor.render_strips()
            )
            assert "↑/↓ deal" in screen
            await pilot.press("down")
            assert stepper.at == starts[1]
            await pilot.press("up")
            assert stepper.at == 0
            await pilot.press("end")
            assert stepper.at == len(frames) - 1

    asyncio.run(run())
