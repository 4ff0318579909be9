"""Helpers for the Spades tests: hand-built deals and actions in record notation (playing
a hand out: ``random_play.play_lowest``)."""

from __future__ import annotations

from typing import Any

from random_play import play

from koloda import load_game
from koloda.core.cards import parse_card
from koloda.games.spades.rules import SpadesRules
from koloda.games.spades.state import SpadesState

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def suit_cards(suit: str) -> list[int]:
    return [parse_card(rank + suit) for rank in RANKS]


SUITED = [suit_cards("S"), suit_cards("H"), suit_cards("D"), suit_cards("C")]
"""Seat 0 holds every spade, seat 1 every heart, seat 2 the diamonds, seat 3 the clubs:
seat 0 takes all 13 tricks however the hand is played (S-12)."""


def rules(**options: Any) -> SpadesRules:
    made: SpadesRules = load_game("spades", **options)  # type: ignore[assignment]
    return made


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def act(state: SpadesState, *texts: str) -> None:
    """Apply actions given in record notation, each checked (``random_play.play``)."""
    play(state, " ".join(texts))
