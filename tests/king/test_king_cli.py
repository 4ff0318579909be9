"""The command line: play (scripted), simulate, replay, and its errors."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from koloda import load_game
from koloda.bots import make_bot
from koloda.cli.main import app
from koloda.cli.session import TerminalGame
from koloda.records import load_record, replay

runner = CliRunner()


def test_simulate_json_reports_throughput(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    result = runner.invoke(
        app,
        ["simulate", "king", "--games", "3", "--seed", "1", "--json", "--records", str(records)],
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    for key in ("games", "decisions", "seconds", "decisions_per_second", "mean_result"):
        assert key in summary
    assert summary["games"] == 3 and summary["decisions"] > 3 * 15 * 8
    assert abs(sum(summary["mean_result"])) < 1e-9
    lines = records.read_text().splitlines()
    assert len(lines) == 3
    game = tmp_path / "game.json"
    game.write_text(lines[0])
    shown = runner.invoke(app, ["replay", str(game), "--json"])
    assert shown.exit_code == 0
    document = json.loads(shown.stdout)
    assert document["finished"] is True and len(document["deals"]) == 15


def test_simulate_variants_and_options() -> None:
    for args in (
        ["--variant", "three"],
        ["--variant", "order", "-o", "order_scope=shared"],
        ["-o", "stop_when_decided=false"],
    ):
        result = runner.invoke(app, ["simulate", "king", "-n", "2", "--json", *args])
        assert result.exit_code == 0, result.output
    bad = runner.invoke(app, ["simulate", "king", "-n", "1", "-o", "colour=red"])
    assert bad.exit_code == 2 and "unknown option colour" in bad.output
    bad = runner.invoke(app, ["simulate", "king", "-n", "1", "--bots", "genius"])
    assert bad.exit_code == 2 and "unknown bot" in bad.output


def test_replay_errors_exit_2_with_one_line(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    result = runner.invoke(app, ["replay", str(broken)])
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0 and "malformed JSON" in result.output
    illegal = tmp_path / "illegal.json"
    illegal.write_text(
        json.dumps(
            {
                "format": "koloda-record/1",
                "game": "king",
                "options": {"variant": "classic"},
                "first_dealer": 0,
                "deals": [
                    {
                        "dealer": 0,
                        "hands": [
                            ["7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"],
                            ["7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"],
                            ["7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD"],
                            ["7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"],
                        ],
                        "actions": ["7H", "AH"],
                    }
                ],
            }
        )
    )
    result = runner.invoke(app, ["replay", str(illegal), "--json"])
    assert result.exit_code == 2
    assert result.output.strip() == (
        "error: deal 0, action 1 (AH): AH is not in the hand of seat 2; "
        "legal: 7D, 8D, 9D, 10D, JD, QD, KD, AD"
    )


def test_replay_prints_the_sheet_of_a_saved_game(tmp_path: Path) -> None:
    rules = load_game("king")
    state = rules.new_state(seed=3)
    for _ in range(40):
        state.apply(state.legal_actions()[0])
    from koloda.records import record_from_state

    path = tmp_path / "saved.json"
    path.write_text(json.dumps(record_from_state(rules, state)))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0
    # 40 decisions are the 32 cards of deal 1 and 8 of deal 2; people count deals from 1
    assert state.deal_index == 1
    assert "score sheet" in result.output and "saved game: deal 2," in result.output


def test_terminal_game_refuses_illegal_input_and_saves(tmp_path: Path) -> None:
    rules = load_game("king")
    bots = [make_bot("random", rules) for _ in range(4)]
    save = tmp_path / "game.json"
    output = io.StringIO()
    console = Console(file=output, width=120)
    script = ["", "sheet", "help", "ZZ", "order:no_king"]

    def read_line(prompt: str) -> str:
        # a few commands and illegal moves first, then always the first legal card
        if script:
            return script.pop(0)
        assert session.state is not None
        return rules.format_action(session.state.view(0).legal_actions[0])

    session = TerminalGame(rules, 0, bots, save, console, seed="cli", read_line=read_line)
    session.run()
    text = output.getvalue()
    assert "“ZZ” is not a move now" in text  # in words, not the parser's notation
    assert "Not now. You may: " in text  # a contract offered where a card must be played
    assert "score sheet" in text and "final record saved" in text
    finished = replay(load_record(save))
    assert finished.is_over and len(finished.deal_scores()) == 15


def test_resume_a_saved_game(tmp_path: Path) -> None:
    save = tmp_path / "resume.json"
    first = runner.invoke(app, ["play", "king", "--seed", "5", "--save", str(save)], input="quit\n")
    assert first.exit_code == 0 and save.exists()
    moves_before = sum(len(d["actions"]) for d in json.loads(save.read_text())["deals"])
    state = replay(load_record(save))
    move = load_game("king").format_action(state.legal_actions()[0])
    again = runner.invoke(app, ["play", "--resume", str(save)], input=f"{move}\nquit\n")
    assert again.exit_code == 0, again.output
    moves_after = sum(len(d["actions"]) for d in json.loads(save.read_text())["deals"])
    assert moves_after > moves_before


def test_console_script_help() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "koloda", "--help"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0 and "replay" in result.stdout
