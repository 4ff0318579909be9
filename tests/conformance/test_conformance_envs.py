"""The research environments, for every registered game and variant: one seat against bots
passes Gymnasium's checker, the multi-agent environment passes PettingZoo's, and the
observation shows each seat the cards its view shows it."""

from __future__ import annotations

import pytest
from game_variants import Variant

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test
from random_play import random_state

from koloda.envs.core import ActionSpace, ObservationEncoder
from koloda.envs.gymnasium import make
from koloda.envs.pettingzoo import env


def test_gymnasium_checks_pass(variant: Variant) -> None:
    check_env(make(variant.game, seat=1, opponents="random", deals=1, **variant.options))


def test_pettingzoo_checks_pass(variant: Variant) -> None:
    api_test(env(variant.game, deals=1, **variant.options), num_cycles=60)


def test_the_observation_shows_the_seats_own_hand(variant: Variant) -> None:
    rules = variant.rules()
    encoder = ObservationEncoder(rules, ActionSpace(rules))
    shown = 0
    for seed in range(4):
        state = random_state(rules, seed, steps=seed * 3)
        for seat in range(rules.num_seats):
            view = state.view(seat)
            observation = encoder.encode(view)
            for card in getattr(view, "hand", ()):
                assert observation[encoder.off_hand + card] == 1.0
                shown += 1
    assert shown, "no position showed a seat its hand"
