"""PettingZoo AEC environments of every game and variant pass PettingZoo's own checks."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from envs_variants import IDS, VARIANTS
from pettingzoo.test import api_test, seed_test

from koloda.envs import pettingzoo
from koloda.envs.pettingzoo import env, env_id


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=IDS)
def test_api_and_seed(game: str, options: dict[str, Any]) -> None:
    """PettingZoo's checks, under the versioned id (``pettingzoo.king_v0.env``)."""
    versioned = getattr(pettingzoo, env_id(game))
    assert versioned.env(deals=1, **options).metadata["name"] == f"{game}_v0"
    api_test(versioned.env(deals=1, **options), num_cycles=200)
    seed_test(lambda: versioned.env(deals=1, **options), num_cycles=100)


def play(aec: Any, seed: int) -> tuple[dict[str, float], int]:
    """Play with the first legal action of each mask; total rewards and decisions taken."""
    aec.reset(seed=seed)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    decisions = 0
    for agent in aec.agent_iter():
        observation, reward, termination, truncation, _ = aec.last()
        totals[agent] += reward
        if termination or truncation:
            aec.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.any() and observation["observation"].dtype == np.float32
        aec.step(int(np.flatnonzero(mask)[0]))
        decisions += 1
    return totals, decisions


@pytest.mark.parametrize("game", ["king", "spades", "hundred_one", "tressette"])
def test_max_cycles_truncates_every_agent_after_that_many_decisions(game: str) -> None:
    aec = env(game, max_cycles=7)
    _, decisions = play(aec, seed=3)
    assert decisions == 7
    assert aec.agents == []


def test_rewards_per_deal_add_up_to_each_deal_s_rewards() -> None:
    aec = env("king", deals=2)
    totals, _ = play(aec, seed=11)
    state = aec.match.state
    info = aec.match.rules.info
    expected = np.sum([info.rewards(s) for s in state.deal_scores()[:2]], axis=0)
    assert np.allclose([totals[a] for a in aec.possible_agents], expected)


def test_rewards_per_game_come_once_at_the_end_and_sum_to_zero() -> None:
    aec = env("tressette", reward="game", deals=2)
    aec.reset(seed=5)
    seen: list[float] = []
    for _ in aec.agent_iter():
        observation, reward, termination, truncation, _ = aec.last()
        seen.append(reward)
        if termination or truncation:
            aec.step(None)
        else:
            aec.step(int(np.flatnonzero(observation["action_mask"])[0]))
    final = seen[-len(aec.possible_agents) :]
    assert all(r == 0.0 for r in seen[: -len(aec.possible_agents)])
    assert sum(final) == pytest.approx(0.0)


def test_text_rendering_shows_the_table() -> None:
    aec = env("spades", render_mode="ansi")
    aec.reset(seed=1)
    text = aec.render()
    assert isinstance(text, str)
    assert "deal 1" in text and "to act: seat" in text and "legal:" in text
