"""Tressette's card tables and helpers, checked card by card."""

from __future__ import annotations

import pytest

from koloda import load_game
from koloda.core.cards import CLUBS, HEARTS, SPADES, cardset, parse_card, parse_cards
from koloda.core.errors import DealError
from koloda.games.tressette.actions import playable_mask
from koloda.games.tressette.rules import TressetteRules
from koloda.games.tressette.scoring import counting_cards, trick_points, trick_winner_index


def test_follow_suit_if_able_otherwise_any_card() -> None:
    # rule: T-5
    hand = cardset(parse_cards("3S 7S 2H 4C"))
    assert playable_mask(hand, None) == hand
    assert playable_mask(hand, SPADES) == cardset(parse_cards("3S 7S"))
    assert playable_mask(hand, CLUBS) == cardset(parse_cards("4C"))
    assert playable_mask(cardset(parse_cards("3S 4C")), HEARTS) == cardset(parse_cards("3S 4C"))


def test_counting_cards_and_trick_points() -> None:
    # rule: T-12
    assert counting_cards(cardset(parse_cards("3S 2S AH KD QC JC 7S 6H 5D 4C"))) == 6
    assert counting_cards(cardset(parse_cards("7S 6H 5D 4C"))) == 0
    assert trick_points(cardset(parse_cards("3S 2S AH KD"))) == 1
    assert trick_points(cardset(parse_cards("3S 2S 7H 4D"))) == 0
    assert trick_points(cardset(parse_cards("3S 2S AH KD QC JC"))) == 2


def w(text: str, hearts_special: bool = True) -> int:
    return trick_winner_index(parse_cards(text), hearts_special)


def test_trick_goes_to_the_strongest_card_of_the_led_suit() -> None:
    # rule: T-3 T-5
    assert w("4S 3S 2S AS") == 1
    assert w("3S 2S AS KS") == 0
    assert w("KS AS 4S 2S") == 3
    assert w("5C 6C 3S 3D") == 1
    assert w("7D 4D 3C 3S") == 0
    assert w("JD QD KD AD") == 3
    assert w("6S 5S", False) == 0
    assert w("5S 6S 7S", False) == 2


def test_trump_hearts_beat_other_suits_and_small_hearts_do_not() -> None:
    # rule: T-6
    assert w("3S 7H 2S AS") == 1
    assert w("3S 6H 5H 4H") == 0
    assert w("3S 7H JH 2S") == 2
    assert w("4H 5H 6H 7H") == 3
    assert w("6H 5H 4H 3C") == 0
    assert w("3S 7H 2S AS", hearts_special=False) == 0
    assert w("4D 3H", hearts_special=False) == 0
    assert w("4D 3H") == 1
    assert parse_card("3H") >> 4 == HEARTS


def test_a_deal_with_an_eight_is_refused() -> None:
    # rule: T-2
    rules = load_game("tressette")
    assert isinstance(rules, TressetteRules)
    hands = [
        "3H 2H AH KH QH JH 7H 6H 5H 8H",
        "3S 2C AD KS QC JD 7S 6C 5D 4S",
        "2S QS 6S 3D KD 7D 4D AC JC 5C",
        "AS JS 5S 2D QD 6D 3C KC 7C 4C",
    ]
    with pytest.raises(DealError, match="8H is not in the 40-card deck"):
        rules.state_from_deal([parse_cards(h) for h in hands])
