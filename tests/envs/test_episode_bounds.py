"""Every research interface's episode is bounded by default, a reset never hands the learner a
finished game nor drops what the bots' moves paid it, and breaking the rules never pays
better than playing."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from koloda.core.errors import IllegalActionError
from koloda.envs.core import DEAL_CAP, deal_reward_bound, make_match, reward_bounds
from koloda.envs.gymnasium import illegal_penalty, make
from koloda.envs.pettingzoo import env


def learner_episode(gym: Any, seed: int) -> tuple[float, dict[str, Any]]:
    """The learner's total reward over one episode, playing its last legal action."""
    observation, info = gym.reset(seed=seed)
    total, done = 0.0, False
    while not done:
        action = int(np.flatnonzero(observation["action_mask"])[-1])
        observation, reward, terminated, truncated, _ = gym.step(action)
        total += reward
        done = terminated or truncated
    return total, info


def test_a_101_reset_never_returns_a_finished_game() -> None:
    """One deal an episode: some deals end before a seat's first decision (seat 3, seed 36;
    seat 0, seeds 51, 228, 231), and reset deals the next episode instead."""
    skipped = 0
    for seat, seeds in ((0, range(200, 240)), (3, range(30, 90))):
        gym = make("hundred_one", seat=seat, opponents="random", deals=1)
        for seed in seeds:
            observation, info = gym.reset(seed=seed)
            assert not gym.match.is_over and observation["action_mask"].any()
            assert info["legal_actions"], "the learner has a decision to make"
            skipped += info.get("skipped_episodes", 0)
            gym.step(info["legal_actions"][0])  # the next step does not raise
    assert skipped >= 3, "the seeds that end a deal before the learner acts were met"


def test_what_the_bots_paid_before_the_first_decision_comes_with_the_first_step() -> None:
    """101, whole game, seat 3, seed 36: the first deal ends before the learner acts."""
    gym = make("hundred_one", seat=3, opponents="random")
    total, info = learner_episode(gym, 36)
    assert "skipped_episodes" not in info
    match = gym.match
    deals = match.state.deal_scores()
    first = match.rules.info.rewards(tuple(deals[0]))[3]
    assert first != 0.0, "the deal the bots finished alone paid the learner"
    expected = sum(match.rules.info.rewards(tuple(s))[3] for s in deals)
    assert total == pytest.approx(expected)


def test_an_illegal_action_pays_less_than_the_worst_legal_outcome() -> None:
    gym = make("king", opponents="random")
    observation, _ = gym.reset(seed=1)
    match = gym.match
    worst = -deal_reward_bound(match.rules) * match.deals_left
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = gym.step(illegal)
    assert (terminated, truncated, info["illegal_action"]) == (True, False, True)
    assert reward < worst <= -15 * 2.0, "King's fifteen deals could each pay -2 at worst"
    by_game = make("king", opponents="random", reward="game")
    by_game.reset(seed=1)
    assert illegal_penalty(by_game.match) < reward_bounds(by_game.match.rules)[0] == -1.0


def test_an_illegal_action_raises_when_asked_to_and_changes_nothing() -> None:
    gym = make("king", opponents="random", illegal_action="raise")
    with pytest.raises(RuntimeError, match="reset"):
        gym.step(0)
    observation, _ = gym.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="outside the action mask"):
        gym.step(illegal)
    assert not gym.match.is_over
    gym.step(int(np.flatnonzero(observation["action_mask"])[0]))


def test_a_spades_whole_game_under_random_play_ends_at_the_deal_cap() -> None:
    """Spades under weak play need never reach its target: the default episode ends after
    DEAL_CAP deals, and each deal pays at most the game's bound, clipped where the points
    have none (a failed double nil loses the side's whole score)."""
    options: dict[str, Any] = {"both_nil_failure": "lose_score"}
    aec = env("spades", **options)
    aec.reset(seed=2)
    rng = np.random.default_rng(2)
    bound = deal_reward_bound(aec.match.rules)
    for _agent in aec.agent_iter():
        observation, reward, termination, truncation, _ = aec.last()
        assert abs(reward) <= bound
        if termination or truncation:
            aec.step(None)
        else:
            aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    state = aec.match.state
    assert not state.is_over and len(state.deal_scores()) == DEAL_CAP
    assert aec.agents == []


@pytest.mark.parametrize("game", ["king", "spades", "hundred_one", "tressette"])
def test_every_interface_bounds_its_default_episode(game: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import koloda.envs.openspiel  # noqa: F401  # registers the games

    match = make_match(game)
    assert match.deal_limit == DEAL_CAP and match.decision_limit < 10**6
    spiel = pyspiel.load_game(f"python_koloda_{game}", {"options": json.dumps({})})
    assert spiel.max_game_length() == match.decision_limit + DEAL_CAP
    assert (spiel.min_utility(), spiel.max_utility()) == reward_bounds(match.rules)
    assert make(game).match.deal_limit == env(game).match.deal_limit == DEAL_CAP


def test_utilities_reach_their_declared_bounds() -> None:
    """Partners share a result: two sides of two reach ±2/3, not ±1."""
    pyspiel = pytest.importorskip("pyspiel")
    import koloda.envs.openspiel  # noqa: F401  # registers the games

    spiel = pyspiel.load_game("python_koloda_spades", {"deals": 1})
    state = spiel.new_initial_state()
    rng = np.random.default_rng(4)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert sorted(abs(r) for r in state.returns()) in ([2 / 3] * 4, [0.0] * 4)
    assert spiel.max_utility() == pytest.approx(2 / 3)
