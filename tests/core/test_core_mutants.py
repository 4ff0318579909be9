"""Card and deck helpers checked where the broader suite leaves a change unnoticed."""

from __future__ import annotations

import pytest

from koloda.core.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    KING,
    SPADES,
    TWO,
    CardSyntaxError,
    bit,
    cards_in,
    cards_of_suit,
    cardset,
    highest,
    lowest,
    make_card,
    parse_card,
    parse_cards,
    parse_suit,
    rank_of,
)


def test_rank_and_bit_of_a_card() -> None:
    assert rank_of(make_card(KING, CLUBS)) == KING
    assert rank_of(make_card(TWO, HEARTS)) == TWO
    assert bit(make_card(ACE, SPADES)) == 1 << 12
    assert bit(make_card(TWO, CLUBS)) == 1 << 48


def test_lowest_and_highest_card_of_a_set() -> None:
    mask = cardset(parse_cards("KS 3H 10D AC"))
    assert lowest(mask) == parse_card("KS")
    assert highest(mask) == parse_card("AC")
    assert lowest(bit(parse_card("5H"))) == highest(bit(parse_card("5H"))) == parse_card("5H")


@pytest.mark.parametrize("suit", [SPADES, HEARTS, DIAMONDS, CLUBS])
def test_cards_of_one_suit_in_a_mixed_set(suit: int) -> None:
    mask = cardset(parse_cards("2S 9S AS 3H QH 4D KD 5C 10C AC"))
    expected = tuple(c for c in cards_in(mask) if c >> 4 == suit)
    assert cards_of_suit(mask, suit) == expected
    assert cards_of_suit(mask & ~(0x1FFF << (16 * suit)), suit) == ()


def test_bad_card_text_is_refused_with_the_reason() -> None:
    with pytest.raises(CardSyntaxError, match=r"not a card: 'X' \(examples: 7S"):
        parse_card("X")
    with pytest.raises(CardSyntaxError, match=r"not a card: '1H' \(examples: 7S"):
        parse_card("1H")
    with pytest.raises(CardSyntaxError, match=r"not a suit: 'X' \(use S, H, D, C"):
        parse_suit("X")
