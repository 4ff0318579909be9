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


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(DEALS))
def test_hard_beats_heuristic(game: str) -> None:
    rules = load_game(game)
    result = duplicate_match(rules, ["hard", "heuristic"], 40, seed="slow")
    assert result.summary()["p_value"] < 0.05
