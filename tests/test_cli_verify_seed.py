"""``koloda verify`` on a game played in the terminal with ``--seed``: such a record carries
no fairness proof, so verify says plainly what it can check (that the deals come from a
seed given to it) and what it cannot (that the seed was fixed before anyone saw the cards)."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from koloda.bots import make_bot
from koloda.cli.main import app
from koloda.cli.session import TerminalGame
from koloda.core.registry import load_game

runner = CliRunner()


def seeded_game(path: Path, seed: str) -> Path:
    """Two deals of 101 played in the line mode with ``--seed``, the person always making
    the first legal move, then leaving (the game saved)."""
    rules = load_game("hundred_one")
    bots = [make_bot("random", rules) for _ in range(rules.num_seats)]

    def first_legal(prompt: str) -> str:
        assert game.state is not None
        if len(game.state.deal_scores()) >= 2:
            return "quit"
        return rules.format_action(game.state.legal_actions()[0])

    game = TerminalGame(
        rules, 0, bots, path, Console(file=io.StringIO()), seed=seed, read_line=first_legal
    )
    assert game.run()
    return path


def test_verify_a_game_played_with_a_seed(tmp_path: Path) -> None:
    record = seeded_game(tmp_path / "seeded.json", "7")
    unproven = runner.invoke(app, ["verify", str(record)])
    assert unproven.exit_code == 2
    lines = unproven.stderr.strip().splitlines()
    assert len(lines) == 1, unproven.stderr
    assert "carries no fairness proof" in lines[0]
    assert f"koloda verify {record} --seed SEED" in lines[0]
    good = runner.invoke(app, ["verify", str(record), "--seed", "7"])
    assert good.exit_code == 0, good.output
    assert good.stdout.startswith("all ") and "come from the seed '7'" in good.stdout
    assert "does not show that the seed was fixed" in good.stdout
    assert "fair" not in good.stdout and "committed" not in good.stdout
    wrong = runner.invoke(app, ["verify", str(record), "--seed", "8"])
    assert wrong.exit_code == 1
    assert wrong.stdout.startswith("not from this seed: deal 1")
