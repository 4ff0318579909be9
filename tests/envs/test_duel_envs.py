"""Duel (``tests/plugin_game/duel``), a game Koloda has never heard of, registered by the test
alone, is a research environment like the four: the PettingZoo AEC environment passes
PettingZoo's checks, the Gymnasium environment Gymnasium's, and ``VectorEnv`` steps it on the
Python path; each is played to the end, and every observation shows its seat its own hand
and none of the other's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test
from plugin_games import registered

from koloda.core.cards import cards_in
from koloda.envs.core import Match
from koloda.envs.gymnasium import make
from koloda.envs.pettingzoo import env
from koloda.envs.vector import VectorEnv


@pytest.fixture(autouse=True)
def duel() -> Iterator[None]:
    with registered("duel"):
        yield


def check_hand_only(match: Match, seat: int, observation: Any) -> int:
    """The observation shows ``seat`` its own hand, and no card the other still holds; the
    cards of the hand shown."""
    encoder = match.encoder
    state = match.state
    own = set(cards_in(state.hands[seat]))
    hand = encoder.off_hand
    shown = set(np.flatnonzero(observation[hand : hand + 64]).tolist())
    assert shown == own, (seat, shown, own)
    cards = observation[hand : encoder.off_decisions].reshape(-1, 64)
    for card in cards_in(state.hands[1 - seat]):
        assert not cards[:, card].any(), f"seat {seat} sees the other's card {card}"
    return len(own)


def test_the_pettingzoo_environment_passes_its_checks_and_plays_to_the_end() -> None:
    api_test(env("duel"), num_cycles=40)
    aec = env("duel")
    aec.reset(seed=5)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    decisions = shown = 0
    for agent in aec.agent_iter():
        observation, reward, termination, truncation, _ = aec.last()
        totals[agent] += reward
        if termination or truncation:
            aec.step(None)
            continue
        seat = aec.possible_agents.index(agent)
        shown += check_hand_only(aec.match, seat, observation["observation"])
        mask = observation["action_mask"]
        aec.step(int(np.flatnonzero(mask)[-1]))
        decisions += 1
    assert aec.match.is_over and aec.agents == []
    assert decisions == 16, "two deals of eight cards"
    assert shown > 0
    state, info = aec.match.state, aec.match.rules.info
    assert sum(state.outcome()) == 8, "a point a trick"
    expected = np.sum([info.rewards(scores) for scores in state.deal_scores()], axis=0)
    assert np.allclose([totals[agent] for agent in aec.possible_agents], expected)


def test_the_gymnasium_environment_passes_its_checks_and_plays_to_the_end() -> None:
    check_env(make("duel", seat=1, opponents="random"))
    gym = make("duel", seat=0, opponents="normal")
    observation, info = gym.reset(seed=9)
    done, steps, shown = False, 0, 0
    while not done:
        shown += check_hand_only(gym.match, 0, observation["observation"])
        assert info["legal_actions"] == list(np.flatnonzero(observation["action_mask"]))
        observation, _, terminated, truncated, info = gym.step(info["legal_actions"][0])
        done, steps = terminated or truncated, steps + 1
    assert gym.match.is_over and steps == 8, "the learner plays half of two deals' cards"
    assert shown > 0


def test_vector_env_steps_duel_on_the_python_path_to_the_end_of_every_game() -> None:
    vector = VectorEnv("duel", 3, seed=4)
    assert vector.engine == "python" and vector._batch is None
    obs, mask = vector.reset()
    finished = np.zeros(3, dtype=np.int64)
    rng = np.random.default_rng(2)
    for _ in range(40):
        for i, match in enumerate(vector.matches):
            check_hand_only(match, int(vector.seats[i]), obs[i])
            assert np.array_equal(mask[i], match.mask(int(vector.seats[i])))
        actions = [rng.choice(np.flatnonzero(row)) for row in mask]
        obs, mask, rewards, dones = vector.step(actions)
        assert rewards.shape == (3, 2)
        finished += dones
    assert (finished == 2).all(), "16 decisions a game: every game of the 40 steps ended twice"
