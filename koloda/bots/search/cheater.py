"""``cheater``: the search of ``hard`` given the real hands instead of sampled ones.

A ceiling for measurements ("how much would knowing every card be worth?"): the runner and
the duplicate tournaments hand it the real state (``sees_everything``). It is never offered
to players: the web table refuses it as a seat's bot.

In the trick games the card play is the native PIMC of ``hard`` on the real deal (exact
once the game's ``exact_cards`` are left, a heuristic playout before: one deal is enough,
nothing in it varies); the other decisions are the Python PIMC's over rollouts of the real
deal, except where ``hard`` leaves them to the heuristic (Spades' bids and exchange). In 101
it is the game's own native ISMCTS on the real hands, the stock (which nobody sees)
reshuffled for each of ``5,000 × N`` walks (a game with its own PIMC only: ``100 × N``
deals of it).
"""

from __future__ import annotations

import random
from typing import Any, Generic

from koloda.bots.search.pimc import PIMCBot
from koloda.core.engine import Action, Rules, S, V
from koloda.core.info import GameInfo
from koloda.core.registry import plugin_of


class CheaterBot(Generic[S, V]):
    sees_everything = True
    """Runners give this bot the state itself (``choose_seeing``), not a view."""

    def __init__(self, rules: Rules[S, V], samples: int = 20, name: str = "cheater") -> None:
        self.name = name
        self.search = PIMCBot(rules, samples=samples, name=name)
        self.cards: Any = None
        support = plugin_of(rules).search_support()
        self.heuristic: Any = None
        if support is not None and support.search_card_play_only:
            from koloda.bots.heuristic import HeuristicBot

            self.heuristic = HeuristicBot(rules)  # as hard: Spades' bids and exchange
        # a game's own native search (101): the real hands, the stock reshuffled each walk
        plugin = plugin_of(rules)
        self.own: Any = plugin.native_ismcts_bot(
            rules, samples * 5000, None, name
        ) or plugin.native_pimc_bot(rules, samples * 100, None, name)
        if plugin_of(rules).native_search is not None:
            from koloda.bots.search.native_pimc import NativePIMCBot

            # one deal: the real one, whose playouts and exact values never vary
            self.cards = NativePIMCBot(rules, samples=1, name=name)
            self.cards.exact_cards = self.cards.parts.tuning.exact_cards
            self.cards.lookahead = self.cards.parts.tuning.lookahead

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
        cards = GameInfo.is_card_action(legal[0])
        if self.heuristic is not None and not cards:
            action: Action = self.heuristic.choose(view, rng)
            return action
        if self.cards is not None and cards:
            values = self.cards.values(view, rng, truth=state)
        elif self.own is not None:
            values = self.own.values(view, rng, truth=state)
        else:
            values = self.search.values(view, rng, truth=state)
        return max(legal, key=lambda a: values[a])
