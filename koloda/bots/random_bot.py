"""The random bot: uniform over the legal actions."""

from __future__ import annotations

import random
from typing import Any

from koloda.core.engine import Action, Rules


class RandomBot:
    name = "random"

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def choose(self, view: Any, rng: random.Random) -> Action:
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision to make")
        action: Action = legal[rng.randrange(len(legal))]
        return action
