"""Every command of ``koloda`` in a real pseudo-terminal, as a person runs it, and bad input
in a terminal and through pipes: one line, exit 2, never a traceback.

``koloda simulate --bots heuristic`` and ``koloda analyse`` never ended in a terminal: their
progress bar had replaced ``sys.stderr`` with a proxy writing through the console that
wrote to it, and the output wrapper looked ``sys.stderr`` up at each write."""

from __future__ import annotations

import contextlib
import json
import random
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest
from pty_support import Terminal, run_in_terminal, run_piped
from typer.testing import CliRunner

from koloda.cli.main import app
from koloda.core.registry import load_game
from koloda.records import record_from_state, save_record
from koloda.records.fairness import proof


def write_record(path: Path, game: str, seed: str, *, fair: bool = False) -> Path:
    """A whole game of random moves, saved as the terminal saves it (``You`` at seat 0)."""
    rules = load_game(game)
    state = rules.new_state(seed=seed, first_dealer=0)
    rng = random.Random(seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    names = ["You", *(f"Random-{s}" for s in range(1, rules.num_seats))]
    document = record_from_state(rules, state, names)
    if fair:
        document["fairness"] = proof(seed)
    save_record(path, document)
    return path


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("records")
    write_record(folder / "king.json", "king", "pty")
    write_record(folder / "fair.json", "hundred_one", "pty-fair", fair=True)
    (folder / "junk.json").write_text("not json{")
    (folder / "damaged.json").write_text(
        json.dumps({"format": "koloda-record/1", "game": "king", "deals": [{"hands": 3}]})
    )
    return folder


def test_simulate_with_searching_bots_ends_in_a_terminal(tmp_path: Path) -> None:
    code, text = run_in_terminal(
        "simulate", "king", "-n", "2", "--bots", "heuristic", "--seed", "1", cwd=tmp_path
    )
    assert code == 0, text
    assert "2 games" in text and "seat 3: mean result" in text
    assert len(text.splitlines()) < 12, text  # no progress bar left behind


def test_ctrl_c_stops_simulate_quietly(tmp_path: Path) -> None:
    terminal = Terminal("simulate", "king", "-n", "500", "--bots", "heuristic", cwd=tmp_path)
    terminal.expect("king: playing")  # the progress bar
    terminal.interrupt()
    code = terminal.wait()
    assert code in (1, 130), terminal.text
    assert "Traceback" not in terminal.text
    assert len([line for line in terminal.text.splitlines() if line.strip()]) <= 3, terminal.text


def test_analyse_ends_in_a_terminal(tmp_path: Path, records: Path) -> None:
    args = ["analyse", str(records / "king.json"), "--deal", "1", "--samples", "2", "--top", "1"]
    code, text = run_in_terminal(*args, cwd=tmp_path)
    assert code == 0, text
    assert "Analysis of your decisions" in text
    code, text = run_in_terminal(*args, "--lang", "ru", cwd=tmp_path)
    assert code == 0, text
    assert "Разбор ваших решений" in text


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--version"], "koloda "),
        (["--help"], "simulate"),
        (["simulate", "spades", "-n", "1", "--deal-limit", "2"], "1 games"),
        (["replay", "{records}/king.json"], "You"),
        (["replay", "{records}/king.json", "--json", "--lang", "ru"], '"finished": true'),
        (["verify", "{records}/fair.json"], "fair: all"),
        (["tournament", "hundred_one", "--bots", "random,heuristic", "--deals", "2"], "p-value"),
    ],
    ids=["version", "help", "simulate", "replay", "replay-json", "verify", "tournament"],
)
def test_every_command_runs_in_a_terminal(
    tmp_path: Path, records: Path, args: list[str], said: str
) -> None:
    code, text = run_in_terminal(*(a.format(records=records) for a in args), cwd=tmp_path)
    assert code == 0, text
    assert said in text
    assert "Traceback" not in text


def test_play_line_by_line_in_a_terminal(tmp_path: Path) -> None:
    args = ["play", "hundred_one", "--plain", "--seed", "3", "--save", "g.json"]
    code, text = run_in_terminal(*args, cwd=tmp_path, typed="help\nquit\n")
    assert code == 0, text
    assert "game saved to g.json" in text
    assert (tmp_path / "g.json").is_file()


def test_play_the_full_screen_table_in_a_terminal(tmp_path: Path) -> None:
    terminal = Terminal("play", "king", "--seed", "3", "--save", "t.json", cwd=tmp_path)
    terminal.expect("Your turn")  # typing is for the person's turn
    terminal.send("quit\r")
    code = terminal.wait()
    assert code == 0, terminal.text
    assert "game saved to t.json" in terminal.text
    assert (tmp_path / "t.json").is_file()


def test_serve_in_a_terminal(tmp_path: Path) -> None:
    pytest.importorskip("uvicorn")
    httpx = pytest.importorskip("httpx")
    with socket.socket() as probe:  # a free port, to ask the server when it is up
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    terminal = Terminal("serve", "--port", str(port), "--database", "sqlite:///t.db", cwd=tmp_path)
    terminal.expect(f"Koloda web table: http://127.0.0.1:{port}/")
    for _ in range(600):  # Ctrl-C once it serves (uvicorn calls an earlier one a failed start)
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5).status_code == 200:
                break
        time.sleep(0.1)
    terminal.interrupt()
    code = terminal.wait()
    assert code in (0, 130), terminal.text  # 130: ended by Ctrl-C, as a shell reports it
    assert "Traceback" not in terminal.text


BAD_INPUT = [
    (["play", "--plain", "--lang", "de"], "--lang 'de'"),
    (["play", "chess", "--plain"], "unknown game 'chess'"),
    (["play", "--plain", "--resume", "missing.json"], "cannot read missing.json"),
    (["play", "--plain", "--resume", "{records}/junk.json"], "malformed JSON"),
    (["play", "--plain", "--resume", "{records}/damaged.json"], "deal 0"),
    (["play", "spades", "--plain", "--resume", "{records}/king.json"], "is a game of king"),
    (["play", "--plain", "--variant", "order", "--resume", "{records}/king.json"], "--variant"),
    (["play", "--plain", "--seat", "-1"], "seat must be"),
    (["simulate", "chess"], "unknown game"),
    (["simulate", "-n", "-3"], "--games must be"),
    (["simulate", "-n", "1", "--deal-limit", "-1"], "--deal-limit must be"),
    (["simulate", "-n", "1", "--records", "{records}"], "it is a folder"),
    (["simulate", "-n", "1", "--records", "/dev/null"], "it is not a regular file"),
    (["play", "--plain", "--save", "/dev/full"], "it is not a regular file"),
    (["replay", "missing.json"], "cannot read"),
    (["replay", "{records}/damaged.json"], "deal 0"),
    (["replay", "{records}/king.json", "--lang", "de"], "--lang 'de'"),
    (["verify", "{records}/junk.json"], "malformed JSON"),
    (["verify", "{records}/king.json"], "carries no fairness proof"),
    (["tournament", "chess", "--bots", "random,random"], "unknown game"),
    (["tournament", "king", "--bots", "random,random", "--deals", "-1"], "--deals must be"),
    (["analyse", "missing.json"], "cannot read"),
    (["analyse", "{records}/damaged.json"], "deal 0"),
    (["analyse", "{records}/king.json", "--samples", "-2"], "--samples must be"),
    (["analyse", "{records}/king.json", "--seat", "7"], "--seat must be"),
    (["serve", "--port", "-5"], "--port must be"),
    (["serve", "--bot-processes", "-1"], "--bot-processes must be"),
]


def ids(cases: list[tuple[list[str], str]]) -> list[str]:
    return [" ".join(args) for args, _ in cases]


def piped_refusal(tmp_path: Path, records: Path, args: list[str], said: str) -> None:
    done = run_piped(*(a.format(records=records) for a in args), cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    assert said in lines[0]
    assert done.stdout == ""


@pytest.mark.parametrize(("args", "said"), BAD_INPUT, ids=ids(BAD_INPUT))
def test_bad_input_in_process(tmp_path: Path, records: Path, args: list[str], said: str) -> None:
    """Every refusal (the same as through pipes and in a terminal, below, but fast)."""
    with contextlib.chdir(tmp_path):
        done = CliRunner().invoke(app, [a.format(records=records) for a in args])
    assert done.exit_code == 2, done.output
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    assert said in lines[0]


@pytest.mark.parametrize(("args", "said"), BAD_INPUT[1::5], ids=ids(BAD_INPUT[1::5]))
def test_bad_input_through_pipes(tmp_path: Path, records: Path, args: list[str], said: str) -> None:
    piped_refusal(tmp_path, records, args, said)


@pytest.mark.slow
@pytest.mark.parametrize(("args", "said"), BAD_INPUT, ids=ids(BAD_INPUT))
def test_all_bad_input_through_pipes(
    tmp_path: Path, records: Path, args: list[str], said: str
) -> None:
    piped_refusal(tmp_path, records, args, said)


@pytest.mark.parametrize(("args", "said"), BAD_INPUT[::5], ids=ids(BAD_INPUT[::5]))
def test_bad_input_in_a_terminal(tmp_path: Path, records: Path, args: list[str], said: str) -> None:
    code, text = run_in_terminal(*(a.format(records=records) for a in args), cwd=tmp_path)
    assert code == 2, text
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), text
    assert said in lines[0]


def test_a_save_that_fails_in_a_terminal(tmp_path: Path) -> None:
    """The save file cannot be replaced any more in the middle of a game (``chattr +i``)."""
    if shutil.which("chattr") is None:
        pytest.skip("no chattr here")
    save = tmp_path / "g.json"
    terminal = Terminal("play", "king", "--plain", "--seed", "5", "--save", "g.json", cwd=tmp_path)
    terminal.expect("your move>")
    before = save.read_bytes()
    if subprocess.run(["chattr", "+i", str(save)], check=False).returncode != 0:
        terminal.kill()
        pytest.skip("this file system or user cannot make a file immutable")
    try:
        terminal.send("quit\n")
        code = terminal.wait()
        assert save.read_bytes() == before
    finally:
        subprocess.run(["chattr", "-i", str(save)], check=False)
    assert code == 1, terminal.text
    lines = [line for line in terminal.text.splitlines() if "could not be saved" in line]
    assert lines == [  # the save on leaving failed: said once, and not that the game goes on
        "The game could not be saved to g.json: the file may not be changed. "
        "The last save there is kept as it was."
    ], terminal.text
    assert "Traceback" not in terminal.text and "hands" not in terminal.text
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]
