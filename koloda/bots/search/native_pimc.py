"""PIMC in native code for the card play of the trick games (``pimc-native``, the new
``hard`` there).

The search of ``pimc.py`` run in Rust (``native/src/search/pimc.rs``) over the native game
states: many deals consistent with the seat's knowledge (``koloda.bots.search.native``),
every legal card valued on each (exactly by alpha-beta with a transposition table once few
cards are left, before that by playouts of the game's heuristic), the best mean wins. The
other decisions (bids, the nil exchange, orders, trump calls) come from the heuristic, or
from the bot given as ``others``. Given the real hands (``values(..., truth=state)``) it
is the cheater's search.
"""

from __future__ import annotations

import random
from typing import Any

from koloda.bots.base import legal_choices
from koloda.bots.search.native import position, search_parts
from koloda.core.engine import Action, AnyRules
from koloda.core.errors import OptionError
from koloda.core.info import GameInfo

EXACT_CARDS = 20
"""Cards left in the hands from which a deal is solved exactly (about 5 tricks of 4)."""


class NativePIMCBot:
    """PIMC in Rust over the card play, with a budget in deals or milliseconds; the
    heuristic decides the rest."""

    def __init__(
        self,
        rules: AnyRules,
        samples: int | None = 200,
        milliseconds: float | None = None,
        exact_cards: int = EXACT_CARDS,
        rollouts: int = 1,
        heuristic: bool = True,
        name: str = "pimc-native",
        others: Any = None,
        lookahead: bool = False,
        beliefs: bool = False,
        epsilon: float | None = None,
        candidates: int = 10000,
        effective: float = 0.0,
    ) -> None:
        if samples is None and milliseconds is None:
            raise OptionError(f"{name} needs a budget: deals or milliseconds")
        if samples is not None and samples < 1:
            raise OptionError(f"{name} needs at least one deal a move")
        self.parts = search_parts(rules, name)
        from koloda.bots.heuristic import HeuristicBot

        self.rules = rules
        self.name = name
        self.samples = samples
        self.milliseconds = milliseconds
        self.exact_cards = exact_cards
        self.rollouts = rollouts
        self.heuristic_rollouts = heuristic
        self.lookahead = lookahead
        """In the playouts the seat's side looks one card ahead at each of its turns."""
        self.beliefs = beliefs and self.parts.tuning.beliefs
        """The deals are drawn from ``candidates`` in proportion to how well they explain
        the others' decisions before the card play (Spades' bids) under the heuristic's;
        with an ``epsilon``, their cards too (the heuristic's card with an ``epsilon``
        chance of any legal one); tempered to no fewer than ``effective`` deals."""
        self.epsilon = epsilon
        self.candidates = candidates
        self.effective = effective
        self.others = others if others is not None else HeuristicBot(rules)
        """The bot for the decisions that are not card plays (default: the heuristic)."""
        self.last_samples = 0
        self.last_nodes = 0

    def choose(self, view: Any, rng: random.Random) -> Action:
        legal = legal_choices(view)
        if len(legal) == 1:
            return legal[0]
        if not GameInfo.is_card_action(legal[0]):
            action: Action = self.others.choose(view, rng)
            return action
        values = self.values(view, rng)
        return max(legal, key=lambda a: (values[a], -a))

    def values(self, view: Any, rng: random.Random, truth: Any = None) -> dict[Action, float]:
        """Each legal card's mean value for the seat over the deals searched; given the
        ``truth`` (the real state: the cheater's ceiling, never a player's bot) every deal
        is the real one."""
        root, unseen, places, limits = position(self.parts, view, rng)
        beliefs: dict[str, Any] = {}
        if self.beliefs and truth is None:
            native: Any = self.parts.rules  # its sample_state takes first_card (beliefs)
            beliefs = {
                "start": native.sample_state(view, rng, first_card=True),
                "plays": list(view.plays),
                "epsilon": self.epsilon,
                "candidates": self.candidates,
                "effective": self.effective,
            }
        hands = None
        if truth is not None:
            limits = []
            seat = view.seat
            real = [_mask(truth.view(s).hand) for s in range(len(places))]
            places = [(0, 0, 0 if s == seat else real[s], 0) for s in range(len(places))]
            unseen, hands = 0, real
        found = self.parts.pimc(
            root,
            view.seat,
            unseen,
            places,
            samples=self.samples,
            milliseconds=self.milliseconds,
            seed=rng.getrandbits(64),
            exact_cards=self.exact_cards,
            rollouts=self.rollouts,
            heuristic=self.heuristic_rollouts,
            hands=hands,
            limits=limits,
            lookahead=self.lookahead,
            **beliefs,
        )
        self.last_samples = found["samples"]
        self.last_nodes = found["nodes"]
        return dict(found["values"])


def _mask(cards: Any) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask
