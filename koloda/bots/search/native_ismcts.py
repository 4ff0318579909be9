"""ISMCTS in native code for the card play of the trick games (``ismcts-native``).

The same search as ``ismcts.py`` (single-observer ISMCTS, UCB with availability counts,
one node expanded an iteration, the deal's reward backed up per mover) with uniform random
rollouts, run in Rust (``native/src/search``) over the native game states.

What the search may know is the view's, and only through two things the game itself
derives from the view:

- a position that agrees with the view, ``rules.sample_state(view, rng)`` (the public state:
  contract, bids, tricks, cards played; the seat's own hand; the others' hands as one random
  guess);
- the seat's knowledge of the cards it has not seen, the game's ``hidden_cards(rules,
  view)``: how many each other seat holds, the cards a seat is known to hold (Spades: the
  nil exchange's cards), the cards its plays show it cannot hold (voids, King's K-8/K-9/K-17
  constraints read through the game's legality), a suit it must hold (King's K-15).

Every iteration deals the unseen cards anew from that knowledge, so the guessed hands of
the sample serve only as the fallback when random deals keep failing. The other decisions
(Spades' bids and nil exchange, King's orders and trump calls) come from the heuristic, as
``hard`` does in Spades. Other games have no native search: asking for the bot there is an
``OptionError`` (``ismcts`` is the Python search for every game).
"""

from __future__ import annotations

import random
from typing import Any

from koloda.bots.base import legal_choices
from koloda.bots.search.native import position, search_parts
from koloda.core.engine import Action, AnyRules
from koloda.core.errors import OptionError
from koloda.core.info import GameInfo


class NativeISMCTSBot:
    """SO-ISMCTS in Rust over the card play, with a budget in simulations or milliseconds;
    the heuristic decides the rest."""

    def __init__(
        self,
        rules: AnyRules,
        simulations: int | None = 20000,
        milliseconds: float | None = None,
        exploration: float = 0.7,
        name: str = "ismcts-native",
        heuristic: bool = False,
    ) -> None:
        if simulations is None and milliseconds is None:
            raise OptionError("ismcts-native needs a budget: simulations or milliseconds")
        if simulations is not None and simulations < 1:
            raise OptionError("ismcts-native needs at least one simulation a move")
        self.parts = search_parts(rules, "ismcts-native")
        from koloda.bots.heuristic import HeuristicBot

        self.rules = rules
        self.name = name
        self.simulations = simulations
        self.milliseconds = milliseconds
        self.exploration = exploration
        self.heuristic_rollouts = heuristic
        """Playouts by the game's heuristic (in Rust) instead of uniformly random cards."""
        self.heuristic = HeuristicBot(rules)
        self.last_simulations = 0
        self.last_visits: dict[Action, int] = {}
        self.last_fallbacks = 0

    def choose(self, view: Any, rng: random.Random) -> Action:
        legal = legal_choices(view)
        if len(legal) == 1:
            return legal[0]
        if not GameInfo.is_card_action(legal[0]):
            return self.heuristic.choose(view, rng)
        return self.search(view, rng)[0]

    def search(
        self, view: Any, rng: random.Random
    ) -> tuple[Action, list[tuple[int, int]], int, int]:
        """Runs the budget from ``view`` (a card to play): the card, each root card's
        visits, the simulations done and the determinizations that used the fallback."""
        root, unseen, places, limits = position(self.parts, view, rng)
        found = self.parts.ismcts(
            root,
            view.seat,
            unseen,
            places,
            limits=limits,
            simulations=self.simulations,
            milliseconds=self.milliseconds,
            seed=rng.getrandbits(64),
            exploration=self.exploration,
            heuristic=self.heuristic_rollouts,
        )
        action, visits = found["action"], list(found["visits"])
        self.last_simulations = found["simulations"]
        self.last_visits = dict(visits)
        self.last_fallbacks = found["fallbacks"]
        return action, visits, self.last_simulations, self.last_fallbacks
