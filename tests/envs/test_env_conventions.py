"""The environments' conventions: versioned ids, Gymnasium's registry, the masks a masking
learner asks for, the whole table for a critic, reset before anything else, and an env
option that no game option shares a name with."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium
from pettingzoo.utils.conversions import aec_to_parallel

from koloda.core.registry import available_games
from koloda.envs import pettingzoo
from koloda.envs.gymnasium import ENV_IDS, env_id, make
from koloda.envs.pettingzoo import env


def test_every_game_has_versioned_ids() -> None:
    assert env_id("hundred_one") == "koloda/HundredOne-v0"
    assert env_id("king") == "koloda/King-v0"
    for game in available_games():
        assert env_id(game) in ENV_IDS and env_id(game) in gymnasium.registry
        assert getattr(pettingzoo, f"{game}_v0").env().metadata["name"] == f"{game}_v0"
    with pytest.raises(AttributeError):
        pettingzoo.bridge_v0  # noqa: B018  # no such game


def test_gymnasium_make_refuses_a_step_before_reset_and_runs_after() -> None:
    made = gymnasium.make("koloda/Tressette-v0", opponents="random", deals=1)
    with pytest.raises(gymnasium.error.ResetNeeded):
        made.step(0)
    observation, _ = made.reset(seed=3)
    assert observation["action_mask"].any()


def test_action_masks_are_the_observation_s_mask_as_booleans() -> None:
    gym = make("spades", opponents="random", deals=1)
    with pytest.raises(RuntimeError, match="reset"):
        gym.step(0)
    observation, info = gym.reset(seed=5)
    masks = gym.action_masks()
    assert masks.dtype == np.bool_
    assert np.array_equal(masks, observation["action_mask"].astype(bool))
    assert list(np.flatnonzero(masks)) == info["legal_actions"]


def test_pettingzoo_refuses_a_step_or_an_observation_before_reset() -> None:
    aec = env("king", deals=1)
    for call in (lambda: aec.step(0), lambda: aec.observe("player_0"), aec.state):
        with pytest.raises(RuntimeError, match=r"call reset\(\) before"):
            call()


def test_state_is_every_seat_s_observation_and_shows_every_hand() -> None:
    aec = env("king", deals=1)
    aec.reset(seed=7)
    state = aec.state()
    assert aec.state_space.contains(state)
    size = aec.match.encoder.size
    for seat in range(4):
        hand = aec.match.state.view(seat).hand
        part = state[seat * size : (seat + 1) * size]
        assert np.array_equal(part, aec.observe(f"player_{seat}")["observation"])
        assert all(part[card] == 1.0 for card in hand)


def test_turn_based_environments_are_not_parallelizable() -> None:
    aec = env("tressette", deals=1)
    assert aec.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(aec)


def test_the_env_option_deals_leaves_spades_max_deals_to_the_game() -> None:
    aec = env("spades", max_deals=2)
    assert aec.match.rules.options.max_deals == 2
    assert aec.match.deals == 0
    short = env("spades", deals=1)
    assert short.match.rules.options.max_deals == 0 and short.match.deal_limit == 1
