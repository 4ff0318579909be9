"""Every named bot plays legal moves in every game, from the CLI too."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from koloda.bots import available_bots, make_bot
from koloda.bots.levels import parse_budget
from koloda.bots.tournament import deal_state, play_deal
from koloda.cli.main import app
from koloda.core.errors import OptionError
from koloda.core.registry import load_game

GAMES = ("king", "spades", "hundred_one", "tressette")
FAST_BOTS = ("random", "heuristic", "easy", "normal", "ismcts:12", "ismcts-uniform:12", "pimc:2")


def test_names_are_registered() -> None:
    names = available_bots()
    for name in ("random", "heuristic", "easy", "normal", "hard", "ismcts", "pimc"):
        assert name in names
    rules = load_game("spades")
    assert make_bot("hard:3", rules).name == "hard:3"
    assert make_bot("ismcts-uniform:5", rules).name == "ismcts-uniform:5"


def test_unknown_names_and_budgets_are_clear_errors() -> None:
    rules = load_game("king")
    with pytest.raises(OptionError, match="unknown bot"):
        make_bot("genius", rules)
    with pytest.raises(OptionError, match="takes no budget"):
        make_bot("random:5", rules)
    with pytest.raises(OptionError, match="budget"):
        make_bot("ismcts:fast", rules)
    assert parse_budget("400") == (400, None)
    assert parse_budget("250ms") == (None, 250.0)
    assert parse_budget("1s") == (None, 1000.0)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bot", FAST_BOTS)
def test_every_bot_plays_a_whole_deal(game: str, bot: str) -> None:
    rules = load_game(game)
    state, deal = deal_state(rules, "registry", 1)
    bots = [make_bot(bot, rules) for _ in range(rules.num_seats)]
    scores = play_deal(rules, bots, state, deal, random.Random(3))  # apply() checks legality
    assert len(scores) == rules.num_seats


def test_king_order_variant_orders_and_names_trump() -> None:
    rules = load_game("king", variant="order")
    bots = [make_bot("heuristic", rules) for _ in range(4)]
    rng = random.Random(0)
    for index in range(6):
        state, deal = deal_state(rules, "order", index)
        play_deal(rules, bots, state, deal, rng)


def test_cli_simulate_and_tournament_take_bot_names() -> None:
    runner = CliRunner()
    result = runner.invoke(
        app, ["simulate", "hundred_one", "-n", "2", "--seed", "1", "--bots", "heuristic", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["bots"] == ["heuristic"] * 4
    result = runner.invoke(
        app,
        ["tournament", "king", "--bots", "heuristic,random", "--deals", "3", "--json"],
    )
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert set(document["bots"]) == {"heuristic", "random"}
    assert 0.0 <= document["p_value"] <= 1.0
    result = runner.invoke(app, ["tournament", "king", "--bots", "nobody,random", "--deals", "1"])
    assert result.exit_code == 2
