"""Defaults the games' rules objects share: building states, options and plain deals as JSON,
per-deal scores, and (for the trick games) dealing and checking whole hands.

A game overrides what it does differently (101's starter, stock and ``out``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from koloda.core.cards import Card, CardSet
from koloda.core.dealing import Shuffler
from koloda.core.deals import Hands, check_hands, setup_from_json, setup_to_json
from koloda.core.decks import Deck
from koloda.core.engine import DealSetup, Seat
from koloda.core.options import options_to_json
from koloda.core.state_base import DealtGameState

S = TypeVar("S", bound=DealtGameState)


class RulesBase(Generic[S]):
    engine: str = "python"
    """The engine the states run on (``native`` for the Rust crate's)."""
    options: Any
    num_seats: int
    hand_size: int
    deck: Deck
    deck_mask: CardSet

    def empty_state(self, first_dealer: Seat = 0) -> S:
        """A new game awaiting its first deal, to be fed with ``start_deal``."""
        raise NotImplementedError

    def new_state(self, seed: int | str | None = None, first_dealer: Seat = 0) -> S:
        """A game that deals itself: from the seed, or from ``secrets`` without one."""
        state = self.empty_state(first_dealer)
        state.resume_dealing(Shuffler(seed))
        return state

    def options_json(self) -> dict[str, Any]:
        """The options as a record writes them (the variant, and what differs from defaults)."""
        return options_to_json(self.options)

    def setup_from_json(self, deal: dict[str, Any]) -> DealSetup:
        return setup_from_json(deal)

    def setup_to_json(self, setup: DealSetup) -> dict[str, Any]:
        return setup_to_json(setup)

    def deal_results_json(self, state: S, deal: int) -> dict[str, Any]:
        """docs/records.md: a complete deal's ``scores``."""
        return {"scores": list(state.deal_scores()[deal])}


class WholeDeckRules(RulesBase[S]):
    """Games that deal the whole deck into equal hands (King, Spades, Tressette)."""

    def deal_hands(self, shuffler: Shuffler, deal: int) -> Hands:
        """Each seat's cards in dealt order, from a shuffle of the deck (the dealing pattern
        changes nothing after a fair shuffle)."""
        cards = shuffler.shuffled(self.deck.cards, deal)
        size = self.hand_size
        return tuple(tuple(cards[i * size : (i + 1) * size]) for i in range(self.num_seats))

    def check_hands(self, hands: Hands, deal: int) -> None:
        """Each seat holds hand_size cards and together they are exactly the deck."""
        check_hands(
            hands,
            deal=deal,
            num_seats=self.num_seats,
            hand_size=self.hand_size,
            deck_mask=self.deck_mask,
            deck_name=self.deck.name,
        )

    def state_from_deal(self, hands: Sequence[Sequence[Card]], dealer: Seat = 0) -> S:
        """A game whose first deal has the given hands (each in dealt order)."""
        state = self.empty_state(dealer)
        state.start_deal(DealSetup(dealer, tuple(tuple(h) for h in hands)))
        return state
