"""Heuristic bots: each game's heuristic (its plug-in's ``heuristic``), playing like a decent
club player from the view alone."""

from __future__ import annotations

import random
from typing import Generic

from koloda.core.engine import Action, Rules, S, V
from koloda.core.plugin import HeuristicPolicy
from koloda.core.registry import plugin_of


class HeuristicBot(Generic[S, V]):
    """The game's heuristic; with ``noise`` > 0 it sometimes plays at random (the ``easy``
    level)."""

    def __init__(self, rules: Rules[S, V], noise: float = 0.0, name: str = "heuristic") -> None:
        self.rules = rules
        self.noise = noise
        self.name = name
        self._choose = policy_for(rules)

    def choose(self, view: V, rng: random.Random) -> Action:
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision to make")
        if len(legal) == 1:
            return legal[0]
        if self.noise and rng.random() < self.noise:
            return legal[rng.randrange(len(legal))]
        return self._choose(self.rules, view, rng)


def policy_for(rules: Rules[S, V]) -> HeuristicPolicy:
    """The heuristic policy ``(rules, view, rng) -> action`` of the game."""
    return plugin_of(rules).heuristic_policy()
