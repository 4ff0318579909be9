"""``cheater``: the PIMC search given the real hands instead of sampled ones.

A ceiling for measurements ("how much would knowing every card be worth?"): the runner and
the duplicate tournaments hand it the real state (``sees_everything``). It is never offered
to players: the web table refuses it as a seat's bot.
"""

from __future__ import annotations

import random
from typing import Generic

from koloda.bots.search.pimc import PIMCBot
from koloda.core.engine import Action, Rules, S, V


class CheaterBot(Generic[S, V]):
    sees_everything = True
    """Runners give this bot the state itself (``choose_seeing``), not a view."""

    def __init__(self, rules: Rules[S, V], samples: int = 20, name: str = "cheater") -> None:
        self.name = name
        self.search = PIMCBot(rules, samples=samples, name=name)

    def choose(self, view: V, rng: random.Random) -> Action:
        raise TypeError("the cheater plays from the real state: call choose_seeing(state, rng)")

    def choose_seeing(self, state: S, rng: random.Random) -> Action:
        """The move with the best value over ``samples`` rollouts of the real deal."""
        seat = state.to_act
        if seat is None:
            raise ValueError("nobody is to act")
        view = state.view(seat)
        legal: tuple[Action, ...] = tuple(view.legal_actions)
        if len(legal) == 1:
            return legal[0]
        values = self.search.values(view, rng, truth=state)
        return max(legal, key=lambda a: values[a])
