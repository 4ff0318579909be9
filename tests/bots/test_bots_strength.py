"""Small duplicate matches: each game's heuristic must beat random (fails if a bot gets
worse than random), and ``hard`` the heuristic. The long matches of the closing note, and the
short ones that take most of a minute or more, run with ``-m slow``; the default run plays a
smoke match of a few deals in their place."""

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
"""The short match: the native ``hard`` with a count budget (the same moves on any machine)
and the deals. 101's deals vary most (a paired difference of about 14 points a deal) and need
the most deals; its 5,000 iterations a move are cheap (an iteration is one playout)."""

SMOKE_DEALS = {"hundred_one": 4, "spades": 1}
"""The games whose short match takes most of a minute of a core or more (101 about 90 s,
Spades 50 s): it runs with ``-m slow``, and the default run plays a smoke match of these few
deals instead."""


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(g, marks=pytest.mark.slow) if g in SMOKE_DEALS else g
        for g in sorted(SHORT_HARD)
    ],
)
def test_hard_beats_heuristic_short(game: str) -> None:
    rules = load_game(game)
    bot, deals = SHORT_HARD[game]
    result = duplicate_match(rules, [bot, "heuristic"], deals, seed="short")
    summary = result.summary()
    assert summary["difference"]["mean"] > 0
    assert summary["p_value"] < 0.05, summary


@pytest.mark.parametrize("game", sorted(SMOKE_DEALS))
def test_hard_plays_a_smoke_match(game: str) -> None:
    """The short match's bots and budgets over a few deals: every deal is played out and
    scored for both bots (no claim of strength; that is the slow test's)."""
    rules = load_game(game)
    bot, _ = SHORT_HARD[game]
    deals = SMOKE_DEALS[game]
    result = duplicate_match(rules, [bot, "heuristic"], deals, seed="short")
    summary = result.summary()
    assert summary["deals"] == deals
    counted = {name: facts["deals"] for name, facts in summary["bots"].items()}
    assert set(counted) == {bot, "heuristic"}
    assert len(set(counted.values())) == 1 and counted[bot] >= deals
    low, high = summary["difference"]["ci95"]
    assert low <= summary["difference"]["mean"] <= high


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
