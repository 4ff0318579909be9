"""``koloda simulate`` across games, and its deal limit for games that may never end."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from koloda import available_games
from koloda.cli.main import app

runner = CliRunner()


@pytest.mark.parametrize("game", available_games())
def test_simulate_every_game(game: str) -> None:
    result = runner.invoke(
        app, ["simulate", game, "-n", "2", "--seed", "3", "--json", "--deal-limit", "30"]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 2 and summary["decisions"] > 0
    assert 0 <= summary["unfinished"] <= 2


def test_deal_limit_stops_games_that_do_not_end() -> None:
    # random Spades players keep getting set and practically never reach 500
    result = runner.invoke(
        app, ["simulate", "spades", "-n", "1", "--seed", "1", "--json", "--deal-limit", "5"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["unfinished"] == 1


def test_simulate_says_why_a_game_stopped() -> None:
    """Issue 15, bug 8: random Spades may never reach 500; the default deal limit stops it
    soon and the report says why, options in words rather than a Python dict."""
    from koloda.cli.main import DEAL_LIMIT

    assert DEAL_LIMIT <= 100
    result = runner.invoke(
        app, ["simulate", "spades", "-n", "1", "--seed", "1", "--deal-limit", "3"]
    )
    assert result.exit_code == 0, result.output
    assert "stopped unfinished after 3 deals" in result.output
    assert "--deal-limit" in result.output
    assert "{" not in result.output


def test_random_players_take_the_native_batch_path() -> None:
    """With every seat a random player and no records, ``simulate`` plays the games in one
    native batch (``rules.playouts``), reproducibly for a seed; other players, records or
    the Python engine take the bots' path."""
    from koloda.core.plugin import DEFAULT_ENGINE

    args = ["simulate", "hundred_one", "-n", "40", "--seed", "2", "--json"]
    first = json.loads(runner.invoke(app, args).stdout)
    again = json.loads(runner.invoke(app, args).stdout)
    assert first["path"] == ("native batch" if DEFAULT_ENGINE == "native" else "bots")
    assert first["games"] == 40 and first["unfinished"] == 0
    assert (first["decisions"], first["mean_result"]) == (again["decisions"], again["mean_result"])
    assert max(first["mean_result"]) <= 0  # H-13: penalty points, negated
    for other in (["-o", "engine=python"], ["--bots", "random,heuristic,random,random"]):
        summary = json.loads(runner.invoke(app, [*args[:2], "-n", "2", "--json", *other]).stdout)
        assert summary["path"] == "bots"
