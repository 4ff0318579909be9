"""Sampling, for every registered game and variant: a state sampled from a seat's view looks
exactly like that view from the seat (its own hand as far as it has seen it, the public
history), offers the seat to act the same actions, and plays on legally to the end of its
deal."""

from __future__ import annotations

import random

from game_variants import Variant
from random_play import advance, random_state

POSITIONS = [(seed, seed * 11) for seed in range(10)]
"""(seed, random actions taken) of the positions sampled from."""


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
