"""Duplicate-match bookkeeping: seatings, statistics, JSON and the plot."""

from __future__ import annotations

from pathlib import Path

import pytest

from koloda.bots.tournament import (
    deal_state,
    duplicate_match,
    mean_interval,
    p_stronger,
    plot_running_means,
    seatings,
)
from koloda.core.errors import OptionError
from koloda.core.registry import load_game


def test_seatings_give_every_bot_every_seat() -> None:
    assert seatings(4, 2, partnership=True) == [[0, 1, 0, 1], [1, 0, 1, 0]]
    three = seatings(4, 3, partnership=False)
    assert len(three) == 4
    for seat in range(4):
        assert {rotation[seat] for rotation in three} == {0, 1, 2}
    with pytest.raises(OptionError):
        seatings(4, 3, partnership=True)


def test_statistics() -> None:
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and low < 2.5 < high
    assert p_stronger([5.0, 6.0, 7.0, 8.0], [1.0, 1.5, 2.0, 1.0]) < 0.01
    assert p_stronger([1.0, 1.0], [1.0, 1.0]) == 1.0


def test_king_match_deals_cover_the_program() -> None:
    rules = load_game("king")
    contracts = set()
    for index in range(15):
        state, deal = deal_state(rules, "cover", index)
        assert deal == index
        contracts.add(state.contract)  # type: ignore[attr-defined]
    assert contracts == set(range(8))


def test_duplicate_deals_are_identical_across_rotations(tmp_path: Path) -> None:
    rules = load_game("hundred_one")
    first, _ = deal_state(rules, "same", 4)
    second, _ = deal_state(rules, "same", 4)
    assert first.view(0) == second.view(0)
    result = duplicate_match(rules, ["random", "random"], 4, seed="x")
    summary = result.summary()
    assert set(summary["bots"]) == {"random", "random#2"}
    assert summary["bots"]["random"]["deals"] == 4
    picture = tmp_path / "match.png"
    plot_running_means(result, str(picture))
    assert picture.stat().st_size > 1000


def test_workers_play_the_same_match() -> None:
    """Deals are seeded one by one: two processes give exactly the one-process result."""
    rules = load_game("tressette")
    alone = duplicate_match(rules, ["heuristic", "pimc:2"], 6, seed="w")
    shared = duplicate_match(rules, ["heuristic", "pimc:2"], 6, seed="w", workers=2)
    assert alone.per_deal == shared.per_deal
    assert alone.wins == shared.wins and alone.plays == shared.plays == 12


def test_summary_gives_the_paired_difference() -> None:
    rules = load_game("hundred_one")
    result = duplicate_match(rules, ["heuristic", "random"], 8, seed="d")
    summary = result.summary()
    diffs = [
        a - b for a, b in zip(result.per_deal["heuristic"], result.per_deal["random"], strict=True)
    ]
    difference = summary["difference"]
    assert difference["mean"] == pytest.approx(sum(diffs) / len(diffs), abs=1e-4)
    low, high = difference["ci95"]
    assert low < difference["mean"] < high
