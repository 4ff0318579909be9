"""The self-play example (``examples/selfplay_spades.py``): its training loop runs and
learns from the rewards it is paid, its evaluation is the tournament's duplicate match,
and (slow) a few minutes of training beat ``random`` at p < 0.01."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("numpy")
pytest.importorskip("scipy")

import numpy as np

from koloda import load_game
from koloda.bots.random_bot import RandomBot
from koloda.bots.tournament import duplicate_match, p_stronger
from koloda.envs import VectorEnv

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "selfplay_spades.py"


@pytest.fixture(scope="module")
def selfplay() -> ModuleType:
    spec = importlib.util.spec_from_file_location("selfplay_spades", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["selfplay_spades"] = module
    spec.loader.exec_module(module)
    return module


def test_training_runs_and_updates_the_policy(selfplay: ModuleType) -> None:
    policy, log = selfplay.train(60, envs=8, batch=256, max_updates=2, progress=False)
    assert log.updates == 2 and log.decisions >= 512 and log.deals >= 4
    assert np.abs(policy.weights).sum() > 0 and np.isfinite(policy.weights).all()
    # zero-sum self-play: each batch's mean return is near zero (partners share a side)
    assert all(abs(x) < 0.5 for x in log.mean_returns)


def test_the_update_follows_the_advantage(selfplay: ModuleType) -> None:
    """One REINFORCE step makes a rewarded action more likely and a punished one less."""
    policy = selfplay.Policy.zeros(4, 3)
    obs = [np.array([1, 0, 0, 0], dtype=np.float32)] * 2
    masks = [np.array([True, True, True])] * 2
    selfplay._update(policy, selfplay.Adam(0.1), obs, masks, [0, 1], [1.0, -1.0])
    p = policy.probabilities(np.stack(obs[:1]), np.stack(masks[:1]))[0]
    assert p[0] > 1 / 3 > p[1]


def test_evaluation_is_the_duplicate_match(selfplay: ModuleType) -> None:
    """The evaluation's summary is the tournament's for the same bots and seed, its p-value
    the paired t-test of its per-deal scores; the bot plays only legal actions and its
    choice is the highest logit among them."""
    env = VectorEnv(selfplay.GAME, 1, seed=0, deals=1, **selfplay.OPTIONS)
    policy = selfplay.Policy.zeros(env.observation_size, env.num_actions)
    policy.bias[:] = np.random.default_rng(0).normal(size=env.num_actions).astype(np.float32)
    summary = selfplay.evaluate(policy, 6, seed="t")
    rules = load_game("spades", engine="native", **selfplay.OPTIONS)
    bots = [selfplay.PolicyBot(rules, policy), RandomBot(rules)]
    result = duplicate_match(rules, ["selfplay", "random"], 6, seed="t", bots=bots)
    assert summary == result.summary()
    assert summary["p_value"] == p_stronger(result.per_deal["selfplay"], result.per_deal["random"])
    state = rules.new_state(seed=1)
    bot = bots[0]
    for _ in range(30):
        view = state.view(state.to_act)
        action = bot.choose(view, random.Random(0))
        legal = list(view.legal_actions)
        assert action in legal
        indices = bot.actions.indices(legal)
        best = max(indices, key=lambda i: (policy.bias[i], -i))
        assert bot.actions.index_of(action, legal) == best
        state.apply(action)


@pytest.mark.slow
def test_selfplay_beats_random(selfplay: ModuleType) -> None:
    """Three minutes of self-play, then 300 duplicate deals against random: p < 0.01."""
    policy, log = selfplay.train(180, progress=False)
    assert log.seconds < 200 and log.updates > 0
    summary = selfplay.evaluate(policy, 300, seed="slow")
    assert summary["p_value"] < 0.01, summary
    assert summary["bots"]["selfplay"]["mean"] > summary["bots"]["random"]["mean"]
