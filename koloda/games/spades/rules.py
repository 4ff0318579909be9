"""Spades rules object: options fixed, the factory of states and the record hooks."""

from __future__ import annotations

import random
from typing import Any

from koloda.core.cards import Card, CardSet
from koloda.core.dealing import Shuffler
from koloda.core.deals import check_hands
from koloda.core.decks import DECK_52, Deck
from koloda.core.engine import Action, DealSetup, Seat
from koloda.core.options import build_options
from koloda.core.rules_base import RulesBase
from koloda.games.spades import notation
from koloda.games.spades.options import SpadesOptions
from koloda.games.spades.state import SpadesState
from koloda.games.spades.view import SpadesView, sample_state

HAND_SIZE = 13


class SpadesRules(RulesBase):
    """Spades with its options fixed. ``load_game("spades", **options)`` makes one."""

    options: SpadesOptions

    name = "spades"
    num_seats = 4

    def __init__(self, options: SpadesOptions) -> None:
        self.options = options
        self.deck: Deck = DECK_52  # S-2
        self.deck_mask: CardSet = self.deck.mask

    # ----- states --------------------------------------------------------------------------

    def new_state(self, seed: int | str | None = None, first_dealer: Seat = 0) -> SpadesState:
        """A game that deals itself: from the seed, or from ``secrets`` without one."""
        shuffler = Shuffler(seed)
        state = SpadesState(self, first_dealer, shuffler)
        state._deal(self.deal_hands(shuffler, 0), None)
        return state

    def empty_state(self, first_dealer: Seat = 0) -> SpadesState:
        return SpadesState(self, first_dealer, None)

    def state_from_deal(
        self, hands: list[list[Card]] | tuple[tuple[Card, ...], ...], dealer: Seat = 0
    ) -> SpadesState:
        """A game whose first deal has the given hands (each in dealt order)."""
        state = self.empty_state(dealer)
        state.start_deal(DealSetup(dealer, tuple(tuple(h) for h in hands)))
        return state

    def deal_hands(self, shuffler: Shuffler, deal: int) -> tuple[tuple[Card, ...], ...]:
        """S-2: 13 cards each from a shuffled 52-card deck."""
        cards = shuffler.shuffled(self.deck.cards, deal)
        return tuple(tuple(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(4))

    def check_hands(self, hands: tuple[tuple[Card, ...], ...], deal: int) -> None:
        """Each seat holds 13 cards and together they are exactly the deck (S-2)."""
        check_hands(
            hands,
            deal=deal,
            num_seats=4,
            hand_size=HAND_SIZE,
            deck_mask=self.deck_mask,
            deck_name="52",
        )

    def sample_state(self, view: SpadesView, rng: random.Random) -> SpadesState:
        return sample_state(self, view, rng)

    # ----- notation and records ------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def results_json(self, state: Any) -> dict[str, Any]:
        return notation.results_json(state)

    def render_sheet(self, state: Any, names: list[str] | None = None) -> Any:
        from koloda.games.spades.sheet import render_sheet

        return render_sheet(self, state, names)


def make_rules(**options: Any) -> SpadesRules:
    """``load_game("spades", **options)``: unknown options and bad values raise OptionError."""
    return SpadesRules(build_options(SpadesOptions, "spades", options))
