"""Sampling, for every registered game and variant: a state sampled from a seat's view looks
exactly like that view from the seat (its own hand as far as it has seen it, the public
history), offers the seat to act the same actions, and plays on legally to the end of its
deal; its deal is one the rules allow (dealt whole, every action of the deal so far legal, so
every void and every choice the seat saw is honoured); samples vary what the seat cannot see;
and a view between deals or at the end samples to a state that looks the same."""

from __future__ import annotations

import random
from typing import Any

import pytest
from game_variants import Variant
from random_play import advance, random_state

from koloda.records import parse_record, record_from_state, replay

POSITIONS = [(seed, seed * 37) for seed in range(16)]
"""(seed, random actions taken) of the positions sampled from: from the first decision to
the late deals of the longest games."""
SAMPLES = 8
"""Samples drawn from a view to see that the hidden cards vary."""
FINISH_DEALS = 60
"""Deals a random game plays at most on its way to its end (a King game with ordering has
60; a Spades game to 500 may never end at random)."""


def test_a_sample_agrees_with_the_view_and_plays_on(variant: Variant) -> None:
    rules = variant.rules()
    for seed, steps in POSITIONS:
        state = random_state(rules, seed, steps)
        rng = random.Random(seed)
        for seat in range(rules.num_seats):
            view = state.view(seat)
            sampled = rules.sample_state(view, rng)
            assert sampled.view(seat) == view
            if state.to_act == seat:
                assert list(sampled.legal_actions()) == list(state.legal_actions())
            deal = sampled.deal_index
            advance(sampled, rng, deals=1)
            assert sampled.is_over or sampled.deal_index > deal


def with_deal(rules: Any, state: Any, sampled: Any) -> dict[str, Any]:
    """The record of ``state`` with its current deal replaced by the sampled one."""
    document = record_from_state(rules, state)
    log = sampled.deal_logs()[-1]
    actions = [rules.format_action(action) for action in log.actions]
    document["deals"][-1] = {**rules.setup_to_json(log.setup), "actions": actions}
    return document


def test_a_samples_deal_is_one_the_rules_allow(variant: Variant) -> None:
    """The sampled deal, put in the place of the real one, replays as a record does: its
    cards make a whole deal and every action so far is legal with them (a seat that showed
    a void holds no card of that suit, a draw by choice hid no playable card), and the game
    it gives looks from the seat as the view does, with the sample's hands."""
    if variant.game == "hundred_one":
        # 101 draws from a stock during the deal: its sample is the position now (hands,
        # stock, pile), with no deal as dealt to replay; tests/hundred_one checks its samples
        # against all that a view reveals.
        pytest.skip("101 samples the position now, with no deal as dealt to replay")
    rules = variant.rules()
    checked = 0
    for seed, steps in POSITIONS:
        state = random_state(rules, seed, steps)
        if state.to_act is None:
            continue
        rng = random.Random(seed)
        for seat in range(rules.num_seats):
            view = state.view(seat)
            sampled = rules.sample_state(view, rng)
            again: Any = replay(parse_record(with_deal(rules, state, sampled)))
            assert again.view(seat) == view and again.hands == sampled.hands
            assert list(again.legal_actions()) == list(sampled.legal_actions())
            checked += 1
    assert checked, "no position had someone to act"


def test_samples_vary_what_the_seat_cannot_see(variant: Variant) -> None:
    """From a view that leaves cards unseen, the samples do not always deal them alike."""
    if variant.game == "duel":
        pytest.skip("Duel deals its whole deck to two: a seat's view leaves nothing unseen")
    rules = variant.rules()
    varied = 0
    for seed, steps in POSITIONS:
        state = random_state(rules, seed, steps)
        if state.to_act is None:
            continue
        rng = random.Random(seed)
        view = state.view(state.to_act)
        deals = {tuple(rules.sample_state(view, rng).hands) for _ in range(SAMPLES)}
        varied += len(deals) > 1
    assert varied, "no view was sampled to more than one deal"


def waiting_for_a_deal(rules: Any, seed: int) -> Any:
    """A game replayed from the record of its first complete deal: between deals."""
    state = random_state(rules, seed, deals=1)
    document = record_from_state(rules, state)
    document["deals"] = document["deals"][:1]
    return replay(parse_record(document))


def test_between_deals_and_at_the_end_a_sample_looks_the_same(variant: Variant) -> None:
    rules = variant.rules()
    for seed in range(2):
        finished = random_state(rules, seed, deals=FINISH_DEALS)
        for state in (waiting_for_a_deal(rules, seed), finished):
            if state.to_act is not None:  # a game that goes on (a Spades game at random)
                continue
            for seat in range(rules.num_seats):
                view = state.view(seat)
                sampled = rules.sample_state(view, random.Random(seed))
                assert sampled.view(seat) == view
                assert sampled.to_act is None and sampled.is_over == state.is_over
