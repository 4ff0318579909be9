"""Deals as records write them: parsing, writing and checking each seat's cards.

Every game's deal holds the dealer and the hands in dealt order; the games with more chance
(101's starter and stock) add their own fields on top of these helpers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from koloda.core.cards import Card, CardSet, format_card, parse_card
from koloda.core.engine import DealSetup
from koloda.core.errors import DealError

Hands = tuple[tuple[Card, ...], ...]


def cards_from_json(value: Any, what: str) -> tuple[Card, ...]:
    """A JSON list of card codes; anything else is a DealError naming ``what``."""
    if not isinstance(value, list):
        raise DealError(f"'{what}' must be a list of card codes")
    cards = []
    for text in value:
        if not isinstance(text, str):
            raise DealError(f"not a card code in '{what}': {text!r}")
        cards.append(parse_card(text))
    return tuple(cards)


def cards_to_json(cards: Sequence[Card]) -> list[str]:
    return [format_card(c) for c in cards]


def dealer_and_hands_from_json(deal: dict[str, Any]) -> tuple[int, Hands]:
    """The ``dealer`` and ``hands`` of a record's deal."""
    dealer = deal.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        raise DealError("a deal needs an integer 'dealer'")
    hands = deal.get("hands")
    if not isinstance(hands, list):
        raise DealError("a deal needs 'hands': a list of card lists")
    return dealer, tuple(cards_from_json(hand, "hands") for hand in hands)


def setup_from_json(deal: dict[str, Any]) -> DealSetup:
    """A plain deal (dealer and hands), as the trick games record it."""
    return DealSetup(*dealer_and_hands_from_json(deal))


def setup_to_json(setup: DealSetup) -> dict[str, Any]:
    return {"dealer": setup.dealer, "hands": [cards_to_json(hand) for hand in setup.hands]}


def check_hands(
    hands: Hands,
    *,
    deal: int,
    num_seats: int,
    hand_size: int,
    deck_mask: CardSet,
    deck_name: str,
    whole_deck: bool = True,
) -> CardSet:
    """Each seat holds ``hand_size`` cards of the deck, no card twice, and (with
    ``whole_deck``) together exactly the deck. Returns the cards dealt."""
    if len(hands) != num_seats:
        raise DealError(f"deal {deal}: {len(hands)} hands for {num_seats} seats")
    seen: CardSet = 0
    for seat, hand in enumerate(hands):
        if len(hand) != hand_size:
            raise DealError(f"deal {deal}: seat {seat} has {len(hand)} cards, not {hand_size}")
        for card in hand:
            if not deck_mask >> card & 1:
                raise DealError(
                    f"deal {deal}: {format_card(card)} is not in the {deck_name}-card deck"
                )
            if seen >> card & 1:
                raise DealError(f"deal {deal}: {format_card(card)} is dealt twice")
            seen |= 1 << card
    if whole_deck and seen != deck_mask:
        raise DealError(f"deal {deal}: the hands do not hold the whole deck")
    return seen
