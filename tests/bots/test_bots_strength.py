"""Small duplicate matches: each game's heuristic must beat random (fails if a bot gets
worse than random). The long matches of the closing note run with ``-m slow``."""

from __future__ import annotations

import pytest

from koloda.bots.tournament import duplicate_match
from koloda.core.registry import load_game

DEALS = {"king": 60, "spades": 30, "hundred_one": 80, "tressette": 80}


@pytest.mark.parametrize("game", sorted(DEALS))
def test_heuristic_beats_random(game: str) -> None:
    rules = load_game(game)
    result = duplicate_match(rules, ["heuristic", "random"], DEALS[game], seed="test")
    summary = result.summary()
    assert summary["bots"]["heuristic"]["mean"] > summary["bots"]["random"]["mean"]
    assert summary["p_value"] < 0.05


SHORT_HARD = {
    "king": ("hard:200", 40),
    "spades": ("hard:200", 30),
    "hundred_one": ("hard:5000", 200),
    "tressette": ("hard:200", 40),
}
"""The short match in ``make test``: the native ``hard`` with a count budget (the same moves
on any machine) and the deals. 101's deals vary most (a paired difference of about 14
points a deal) and need the most deals; its 5,000 iterations a move are cheap (an iteration
is one playout), about a minute for the match."""


@pytest.mark.parametrize("game", sorted(SHORT_HARD))
def test_hard_beats_heuristic_short(game: str) -> None:
    rules = load_game(game)
    bot, deals = SHORT_HARD[game]
    result = duplicate_match(rules, [bot, "heuristic"], deals, seed="short")
    summary = result.summary()
    assert summary["difference"]["mean"] > 0
    assert summary["p_value"] < 0.05, summary


HARD = {  # 101's deals vary most (a queen caught costs 43): it needs the longest match
    "king": ("hard", 40),
    "spades": ("hard", 40),
    "hundred_one": ("hard:20000", 400),
    "tressette": ("hard", 40),
}


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(HARD))
def test_hard_beats_heuristic(game: str) -> None:
    rules = load_game(game)
    bot, deals = HARD[game]
    result = duplicate_match(rules, [bot, "heuristic"], deals, seed="slow", workers=2)
    assert result.summary()["p_value"] < 0.05
