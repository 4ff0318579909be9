"""Rollout policies for search: cheap rules of thumb on the sampled full state.

A rollout runs thousands of times a move, so these read the state's own fields (a sampled
state is the searcher's to use) instead of building views. Where no policy helps, rollouts
are uniform.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from koloda.core.engine import Action, GameState, Rules

RolloutPolicy = Callable[[GameState, random.Random], Action]


def rollout_policy(rules: Rules) -> RolloutPolicy | None:
    """The game's rollout policy, or None for uniform rollouts."""
    return None
