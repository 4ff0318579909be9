"""Trick arithmetic shared by the heuristics of the ace-high trick games (King, Spades)."""

from __future__ import annotations

from collections.abc import Sequence

from koloda.core.cards import SUIT_MASK, Card
from koloda.core.decks import ACE_HIGH
from koloda.core.tricks import trick_power

_POWER = {
    trump: trick_power(ACE_HIGH, SUIT_MASK[trump] if trump >= 0 else 0) for trump in range(-1, 4)
}
"""The trick kernel's power tables of the ace-high games, by trump suit (-1: none)."""


def winning_index(cards: Sequence[Card], trump: int) -> int:
    """The index of the card winning a (partial) trick: highest trump, else highest of the
    led suit (``trump`` -1 for none)."""
    power = _POWER[trump]
    base = (cards[0] >> 4) << 8
    return max(range(len(cards)), key=lambda i: power[base | cards[i]])


def beats(card: Card, best: Card, trump: int) -> bool:
    """Whether ``card`` played now would beat the trick's current best card ``best``."""
    power = _POWER[trump]
    base = (best >> 4) << 8
    return power[base | card] > power[base | best]


def unseen_higher(card: Card, unseen: int) -> int:
    """How many cards of the card's suit above it are still unseen (in other hands)."""
    suit_base = card & ~15
    above = ((1 << (suit_base + 16)) - 1) & ~((1 << (card + 1)) - 1)
    return (unseen & above).bit_count()


def unseen_lower(card: Card, unseen: int) -> int:
    suit_base = card & ~15
    below = ((1 << card) - 1) & ~((1 << suit_base) - 1)
    return (unseen & below).bit_count()
