"""Gymnasium environments: one seat against Koloda bots passes Gymnasium's checker."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium
from envs_variants import IDS, VARIANTS
from gymnasium.utils.env_checker import check_env

from koloda.envs.gymnasium import env_id, illegal_penalty, make


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=IDS)
def test_check_env(game: str, options: dict[str, Any]) -> None:
    """Gymnasium's checker, on the environment made from its registered id."""
    made = gymnasium.make(env_id(game), seat=1, opponents="random", deals=1, **options)
    assert made.spec is not None and made.spec.id == env_id(game)
    check_env(made.unwrapped)


def episode(env: Any, seed: int) -> tuple[list[int], float]:
    observation, _ = env.reset(seed=seed)
    actions: list[int] = []
    total = 0.0
    done = False
    while not done:
        mask = observation["action_mask"]
        action = int(np.flatnonzero(mask)[-1])
        actions.append(action)
        observation, reward, terminated, truncated, _ = env.step(action)
        total += reward
        done = terminated or truncated
    return actions, total


@pytest.mark.parametrize("game", ["king", "spades", "hundred_one", "tressette"])
def test_a_seeded_episode_against_normal_bots_repeats(game: str) -> None:
    env = make(game, seat=2, opponents="normal", deals=1)
    assert episode(env, 7) == episode(env, 7)


def test_an_illegal_action_loses_the_episode() -> None:
    env = make("king", opponents="random")
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (terminated, truncated, info["illegal_action"]) == (True, False, True)
    assert reward == illegal_penalty(env.match) < -1.0


def test_opponents_one_per_seat() -> None:
    env = make("hundred_one", seat=0, opponents=["random", "easy"], players=3)
    assert sorted(env.bots) == [1, 2]
    with pytest.raises(ValueError, match="opponents"):
        make("king", opponents=["random"])
