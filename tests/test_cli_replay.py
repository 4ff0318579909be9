"""Issue 15, bug 6: ``koloda replay`` of a saved game names the players and prints the
position reached."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from koloda.cli.main import app

runner = CliRunner()


def test_replay_of_a_saved_game_shows_names_and_position(tmp_path: Path) -> None:
    save = tmp_path / "saved.json"
    args = ["play", "king", "--seat", "2", "--seed", "4", "--bots", "random", "--save", str(save)]
    assert runner.invoke(app, args, input="quit\n").exit_code == 0
    shown = runner.invoke(app, ["replay", str(save)])
    assert shown.exit_code == 0, shown.output
    assert "players: Random-0, Random-1, You, Random-3" in shown.output
    assert "saved game: deal 1, You to act" in shown.output
    assert "the table as seen by You:" in shown.output
    assert "legal:" in shown.output


def test_replay_in_russian(tmp_path: Path) -> None:
    save = tmp_path / "saved.json"
    args = ["play", "spades", "--seed", "4", "--bots", "random", "--save", str(save)]
    assert runner.invoke(app, args, input="quit\n").exit_code == 0
    shown = runner.invoke(app, ["replay", str(save), "--lang", "ru"])
    assert shown.exit_code == 0, shown.output
    assert "сохранённая игра: сдача 1" in shown.output
    assert "игроки:" in shown.output
