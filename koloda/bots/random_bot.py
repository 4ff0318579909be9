"""The random bot: uniform over the legal actions."""

from __future__ import annotations

import random
from typing import Generic

from koloda.core.engine import Action, Rules, S, V


class RandomBot(Generic[S, V]):
    name = "random"

    def __init__(self, rules: Rules[S, V]) -> None:
        self.rules = rules

    def choose(self, view: V, rng: random.Random) -> Action:
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision to make")
        return legal[rng.randrange(len(legal))]
