"""Tressette's actions: every decision is a card to play (docs/records.md), an int card code."""

from __future__ import annotations

from koloda.core.cards import SUIT_MASK, Card, CardSet, Suit

Action = Card
"""A Tressette action is the code of the card played."""


def playable_mask(hand: CardSet, lead_suit: Suit | None) -> CardSet:
    """T-5: follow the led suit if able, otherwise any card; any card to lead."""
    if lead_suit is None:
        return hand
    follow = hand & SUIT_MASK[lead_suit]
    return follow or hand
