"""Rollout policies for search.

Uniform rollouts are fast but judge the trick games poorly (nobody ducks, nobody draws
trumps); the game's heuristic, applied to the view of the seat to act in the sampled state,
plays the rollouts like a club player, with a little randomness for variety.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from koloda.core.engine import Action, GameState, Rules

RolloutPolicy = Callable[[GameState, random.Random], Action]


def heuristic_rollout(rules: Rules, epsilon: float = 0.1) -> RolloutPolicy:
    """The game's heuristic on the mover's view, a uniform move with probability epsilon."""
    from koloda.bots.heuristic import policy_for

    policy = policy_for(rules)

    def choose(state: GameState, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if rng.random() < epsilon:
            return legal[rng.randrange(len(legal))]
        seat = state.to_act
        assert seat is not None
        action: Action = policy(rules, state.view(seat), rng)
        return action

    return choose


def rollout_policy(rules: Rules, kind: str = "heuristic") -> RolloutPolicy | None:
    """The rollout policy by kind: ``heuristic`` or ``random`` (None: uniform)."""
    if kind == "random":
        return None
    return heuristic_rollout(rules)
