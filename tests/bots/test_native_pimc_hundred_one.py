"""The native PIMC of 101: legal whole deals on either engine, the same choice for the same
generator and count budget, a time budget kept, and other games refused."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from koloda.core.errors import OptionError
from koloda.core.registry import load_game
from koloda.games.hundred_one.native_search import NativeHundredOneISMCTS, NativeHundredOnePIMC


@pytest.mark.parametrize(
    ("engine", "options"),
    [("native", {"players": 4}), ("python", {"players": 3}), ("native", {"players": 6})],
)
def test_the_bot_plays_legal_deals(engine: str, options: dict[str, Any]) -> None:
    # rule: H-4, H-8
    rules: Any = load_game("hundred_one", engine=engine, **options)
    bot = NativeHundredOnePIMC(rules, samples=60, candidates=40)
    rng = random.Random(2)
    for deal in range(3):
        state = rules.new_state(seed=f"bot/{deal}")
        while state.deal_index == 0 and not state.is_over:
            seat = state.to_act
            action = bot.choose(state.view(seat), rng)
            assert state.is_legal(action)
            state.apply(action)
    assert bot.last_samples == 60


def test_a_count_budget_is_reproducible_and_a_time_budget_kept() -> None:
    rules: Any = load_game("hundred_one", engine="native")
    state = rules.new_state(seed="repeat")
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    view = state.view(state.to_act)
    bot = NativeHundredOnePIMC(rules, samples=200, candidates=50)
    first = bot.values(view, random.Random(4))
    assert bot.values(view, random.Random(4)) == first
    assert set(first) == set(view.legal_actions)
    timed = NativeHundredOnePIMC(rules, samples=None, milliseconds=50.0, candidates=50)
    start = time.perf_counter()
    timed.values(view, random.Random(4))
    assert time.perf_counter() - start < 5.0  # generous: the machine may be busy
    assert timed.last_samples >= 1


def test_the_bot_refuses_other_games_and_empty_budgets() -> None:
    with pytest.raises(OptionError, match="hundred_one only"):
        NativeHundredOnePIMC(load_game("spades"))
    rules = load_game("hundred_one")
    with pytest.raises(OptionError, match="budget"):
        NativeHundredOnePIMC(rules, samples=None)
    with pytest.raises(OptionError, match="at least one"):
        NativeHundredOnePIMC(rules, samples=0)


@pytest.mark.parametrize("engine", ["native", "python"])
def test_the_cheater_searches_the_real_hands(engine: str) -> None:
    """101's cheater: hard's ISMCTS on the real hands, every walk with the stock reshuffled
    (nobody sees it); legal whole deals, the same values for the same seed."""
    from koloda.bots import make_bot
    from koloda.bots.base import decide

    rules: Any = load_game("hundred_one", engine=engine)
    cheater: Any = make_bot("cheater:2", rules)
    assert isinstance(cheater.own, NativeHundredOneISMCTS) and cheater.own.iterations == 10000
    state = rules.new_state(seed="cheat")
    rng = random.Random(4)
    while state.deal_index == 0 and not state.is_over:
        seat = state.to_act
        view = state.view(seat)
        if len(view.legal_actions) > 1:
            first = cheater.own.values(view, random.Random(1), truth=state)
            assert first == cheater.own.values(view, random.Random(1), truth=state)
            assert set(first) == set(view.legal_actions)
        state.apply(decide(cheater, state, rng))  # apply() checks legality


def test_the_ismcts_plays_legal_deals_and_repeats_itself() -> None:
    # rule: H-4, H-8, H-9
    for engine, players in (("native", 4), ("python", 3)):
        rules: Any = load_game("hundred_one", engine=engine, players=players)
        bot = NativeHundredOneISMCTS(rules, iterations=400, candidates=30, dealt=200)
        rng = random.Random(3)
        state = rules.new_state(seed=f"ismcts/{engine}")
        checked = False
        while state.deal_index == 0 and not state.is_over:
            seat = state.to_act
            view = state.view(seat)
            if len(view.legal_actions) > 1 and not checked:
                first = bot.values(view, random.Random(9))
                assert bot.values(view, random.Random(9)) == first
                assert set(first) == set(view.legal_actions)
                assert sum(bot.last_visits.values()) == bot.last_iterations == 400
                checked = True
            action = bot.choose(view, rng)
            assert state.is_legal(action)
            state.apply(action)


def test_the_ismcts_refuses_other_games_and_empty_budgets() -> None:
    with pytest.raises(OptionError, match="hundred_one only"):
        NativeHundredOneISMCTS(load_game("king"))
    rules = load_game("hundred_one")
    with pytest.raises(OptionError, match="budget"):
        NativeHundredOneISMCTS(rules, iterations=None)
    with pytest.raises(OptionError, match="at least one"):
        NativeHundredOneISMCTS(rules, iterations=0)
