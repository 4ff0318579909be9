"""The search bots: exact alpha-beta agrees with plain minimax, budgets are respected."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from koloda.bots.search.deal import deal_finished, reward_function
from koloda.bots.search.ismcts import ISMCTSBot
from koloda.bots.search.pimc import PIMCBot
from koloda.core.registry import load_game


def _near_end(game: str, cards_left: int, seed: str) -> Any:
    rules = load_game(game)
    state = rules.new_state(seed=seed)
    rng = random.Random(seed)
    while True:
        if (
            state.to_act is not None
            and all(a < 64 for a in state.legal_actions())
            and sum(h.bit_count() for h in state.hands) <= cards_left
        ):
            return rules, state
        legal = state.legal_actions()
        state.apply_unchecked(legal[rng.randrange(len(legal))])


def _minimax(rules: Any, state: Any, seat: int, deal: int, partnership: bool) -> float:
    if deal_finished(state, deal):
        return reward_function(rules)(state, deal)[seat]
    mover = state.to_act
    mine = mover % 2 == seat % 2 if partnership else mover == seat
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_unchecked(action)
        values.append(_minimax(rules, child, seat, deal, partnership))
    return max(values) if mine else min(values)


@pytest.mark.parametrize("game", ["king", "spades", "tressette"])
@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_alphabeta_with_table_equals_minimax(game: str, seed: str) -> None:
    rules, state = _near_end(game, 8, f"{game}/{seed}")
    seat = state.to_act
    deal = state.deal_index
    bot = PIMCBot(rules, samples=1)
    exact = bot._alphabeta(state.clone(), seat, deal, -math.inf, math.inf, {})
    assert exact == pytest.approx(_minimax(rules, state, seat, deal, game != "king"))


def test_ismcts_spends_exactly_its_simulation_budget() -> None:
    rules = load_game("king")
    state = rules.new_state(seed="budget")
    bot = ISMCTSBot(rules, simulations=37)
    view = state.view(state.to_act)  # type: ignore[arg-type]
    root = bot.search(view, random.Random(1))
    assert bot.last_iterations == 37
    assert sum(child.visits for child in root.children.values()) == 37
    assert bot.choose(view, random.Random(1)) in view.legal_actions


def test_time_budgets_stop() -> None:
    rules = load_game("tressette")
    state = rules.new_state(seed="time")
    view = state.view(state.to_act)  # type: ignore[arg-type]
    bot = PIMCBot(rules, samples=None, milliseconds=30)
    assert bot.choose(view, random.Random(2)) in view.legal_actions
    assert bot.last_samples >= 1
