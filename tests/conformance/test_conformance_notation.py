"""The record notation, for every registered game and variant: every action a game offers
is written as one word that reads back as the same action, a card also when written with T
for 10, a suit symbol or in small letters, and text that is no action is refused with an
error of the engine's own."""

from __future__ import annotations

import pytest
from game_variants import Variant
from random_play import random_state

from koloda.core.errors import KolodaError

POSITIONS = [(seed, seed * 17) for seed in range(12)]
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def other_spellings(card: str) -> list[str]:
    """``"10H"`` as people also write it: ``"TH"``, ``"10♥"``, ``"T♥"``, ``"10h"``."""
    rank, suit = card[:-1], card[-1]
    ranks = [rank, "T"] if rank == "10" else [rank]
    return [r + s for r in ranks for s in (suit, SYMBOLS[suit], suit.lower())][1:]


def test_every_offered_action_reads_back(variant: Variant) -> None:
    rules = variant.rules()
    written: set[str] = set()
    for seed, steps in POSITIONS:
        state = random_state(rules, seed, steps)
        for action in state.legal_actions():
            text = rules.format_action(action)
            assert text and text == text.strip() and " " not in text
            assert rules.parse_action(text) == action
            written.add(text)
            if rules.info.is_card_action(action):
                for spelling in other_spellings(text):
                    assert rules.parse_action(spelling) == action, spelling
    assert written


@pytest.mark.parametrize("text", ["", "??", "ZZ", "bid:", "card"])
def test_text_that_is_no_action_is_refused(variant: Variant, text: str) -> None:
    rules = variant.rules()
    with pytest.raises((KolodaError, ValueError)) as error:
        rules.parse_action(text)
    assert "\n" not in str(error.value)
