"""Rollout policies for search.

Uniform rollouts are fast but judge the trick games poorly (nobody ducks, nobody draws
trumps); the game's heuristic, applied to the view of the seat to act in the sampled state,
plays the rollouts like a club player, with a little randomness for variety.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeAlias

from koloda.core.engine import Action, Rules, S, V

RolloutPolicy: TypeAlias = Callable[[S, random.Random], Action]
"""A policy playing out a sampled state of type ``S``."""


def heuristic_rollout(rules: Rules[S, V], epsilon: float = 0.1) -> RolloutPolicy[S]:
    """The game's heuristic on the mover's view, a uniform move with probability epsilon."""
    from koloda.bots.heuristic import policy_for

    policy = policy_for(rules)

    def choose(state: S, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if rng.random() < epsilon:
            return legal[rng.randrange(len(legal))]
        seat = state.to_act
        assert seat is not None
        return policy(rules, state.view(seat), rng)

    return choose


def rollout_policy(rules: Rules[S, V], kind: str = "heuristic") -> RolloutPolicy[S] | None:
    """The rollout policy by kind: ``heuristic`` or ``random`` (None: uniform)."""
    if kind == "random":
        return None
    return heuristic_rollout(rules)
