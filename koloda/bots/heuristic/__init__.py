"""Heuristic bots, one per game, playing like a decent club player from the view alone."""

from __future__ import annotations

import random
from typing import Any

from koloda.core.engine import Action, Rules
from koloda.core.errors import OptionError


class HeuristicBot:
    """Dispatches to the game's heuristic; with ``noise`` > 0 it sometimes plays at random
    (the ``easy`` level)."""

    def __init__(self, rules: Rules, noise: float = 0.0, name: str = "heuristic") -> None:
        self.rules = rules
        self.noise = noise
        self.name = name
        self._choose = policy_for(rules)

    def choose(self, view: Any, rng: random.Random) -> Action:
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision to make")
        if len(legal) == 1:
            action: Action = legal[0]
            return action
        if self.noise and rng.random() < self.noise:
            action = legal[rng.randrange(len(legal))]
            return action
        chosen: Action = self._choose(self.rules, view, rng)
        return chosen


def policy_for(rules: Rules) -> Any:
    """The heuristic policy ``(rules, view, rng) -> action`` of the game."""
    if rules.name == "king":
        from koloda.bots.heuristic.king import choose
    elif rules.name == "hundred_one":
        from koloda.bots.heuristic.hundred_one import choose
    elif rules.name == "spades":
        from koloda.bots.heuristic.spades import choose
    elif rules.name == "tressette":
        from koloda.bots.heuristic.tressette import choose
    else:
        raise OptionError(f"no heuristic bot for {rules.name!r}")
    return choose
