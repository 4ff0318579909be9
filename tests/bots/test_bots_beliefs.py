"""The belief model of 101: the truth is always possible, and weighing by the others' play
brings the sampled deals closer to the truth than uniform sampling."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from koloda.bots import make_bot
from koloda.bots.search.beliefs import (
    FEWEST_CANDIDATES,
    belief_model,
    resample,
    weighted_samples,
)
from koloda.bots.search.deal import reward_function
from koloda.core.engine import GameState
from koloda.core.registry import load_game


def _positions(bots: str, count: int, hands: int = 3) -> list[Any]:
    """Mid-deal states of 101 (about a third of the decisions of seeded games of the given
    bots)."""
    rules = load_game("hundred_one", hand_size=hands)
    player = make_bot(bots, rules)
    rng = random.Random(bots)
    states: list[Any] = []
    index = 0
    while len(states) < count:
        state = rules.new_state(seed=f"beliefs/{index}")
        index += 1
        while state.deal_index == 0 and not state.is_over:
            if rng.random() < 0.3:
                states.append(state.clone())
            seat = state.to_act
            state.apply(player.choose(state.view(seat), rng))
    return states


@pytest.mark.parametrize(("bots", "hands"), [("heuristic", 3), ("random", 3), ("random", 6)])
def test_the_true_deal_always_has_weight(bots: str, hands: int) -> None:
    """Whatever the others did (the modelled heuristic or not, with reshuffles of the pile
    in long hands), the real deal explains it: its weight is never zero."""
    rules = load_game("hundred_one", hand_size=hands)
    model = belief_model(rules)
    assert model is not None
    rng = random.Random(7)
    positions = _positions(bots, 150, hands)
    restocked = 0
    for state in positions:
        for seat in range(rules.num_seats):
            view = state.view(seat)
            assert model.weight(model.prepare(view), state.clone(), rng) > 0.0, view.log
        restocked += state.epoch > 0
    if bots == "random":
        assert restocked > 0  # the reshuffle path was exercised


def _hits(state: Any, seat: int, sample: GameState) -> int:
    """How many cards of the others' hands the sample puts where they really are."""
    hands = cast(Any, sample).hands
    return sum((hands[s] & state.hands[s]).bit_count() for s in range(state.num_seats) if s != seat)


def test_weighing_brings_the_deals_closer_to_the_truth() -> None:
    rules = load_game("hundred_one")
    model = belief_model(rules)
    assert model is not None
    rng = random.Random(3)
    uniform = weighted = 0.0
    for state in _positions("heuristic", 80):
        seat = state.to_act
        view = state.view(seat)
        pairs = weighted_samples(rules, view, model, 200, rng)
        uniform += sum(_hits(state, seat, s) for s, _ in pairs) / len(pairs)
        chosen = resample(pairs, 200, rng)
        weighted += sum(_hits(state, seat, s) for s in chosen) / len(chosen)
    assert weighted > 1.15 * uniform, (weighted, uniform)


def test_resample_follows_the_weights() -> None:
    rng = random.Random(1)
    rules = load_game("hundred_one")
    a, b, c = (rules.new_state(seed=s) for s in "abc")
    chosen = resample([(a, 3.0), (b, 1.0), (c, 0.0)], 400, rng)
    assert chosen.count(a) == 300 and chosen.count(b) == 100 and c not in chosen
    assert resample([(a, 0.0), (b, 0.0)], 3, rng) == [a, b, a]


def test_a_deal_of_101_is_worth_its_points_against_the_others() -> None:
    rules = load_game("hundred_one")
    rewards = reward_function(rules)
    state = rules.new_state(seed="reward")
    while state.deal_index == 0:
        state.apply_unchecked(state.legal_actions()[0])
    points = [-p for p in state.deal_scores()[0]]
    values = rewards(state, 0)
    for seat, value in enumerate(values):
        others = (sum(points) - points[seat]) / 3
        assert value == pytest.approx((points[seat] - others) / 40.0)
    assert sum(values) == pytest.approx(0.0)


def test_weighing_stops_at_its_deadline_but_weighs_a_few() -> None:
    rules = load_game("hundred_one")
    model = belief_model(rules)
    assert model is not None
    state = _positions("heuristic", 1)[0]
    view = state.view(state.to_act)
    rng = random.Random(4)
    assert len(weighted_samples(rules, view, model, 300, rng)) == 300
    late = weighted_samples(rules, view, model, 300, rng, deadline=0.0)
    assert len(late) == FEWEST_CANDIDATES
