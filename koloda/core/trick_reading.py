"""Trick arithmetic shared by the heuristics of the ace-high trick games (King, Spades)."""

from __future__ import annotations

from collections.abc import Sequence

from koloda.core.cards import Card


def winning_index(cards: Sequence[Card], trump: int) -> int:
    """The index of the card winning a (partial) trick: highest trump, else highest of the
    led suit (``trump`` -1 for none)."""
    best = cards[0]
    best_index = 0
    for i in range(1, len(cards)):
        card = cards[i]
        if card >> 4 == best >> 4:
            if card > best:
                best, best_index = card, i
        elif card >> 4 == trump:
            best, best_index = card, i
    return best_index


def beats(card: Card, best: Card, trump: int) -> bool:
    """Whether ``card`` played now would beat the trick's current best card ``best``."""
    if card >> 4 == best >> 4:
        return card > best
    return card >> 4 == trump


def unseen_higher(card: Card, unseen: int) -> int:
    """How many cards of the card's suit above it are still unseen (in other hands)."""
    suit_base = card & ~15
    above = ((1 << (suit_base + 16)) - 1) & ~((1 << (card + 1)) - 1)
    return (unseen & above).bit_count()


def unseen_lower(card: Card, unseen: int) -> int:
    suit_base = card & ~15
    below = ((1 << card) - 1) & ~((1 << suit_base) - 1)
    return (unseen & below).bit_count()
