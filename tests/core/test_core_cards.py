"""Cards, card sets, decks, rank orders and shuffling."""

from __future__ import annotations

from collections import Counter

import pytest

from koloda.core.cards import (
    ACE,
    HEARTS,
    SPADES,
    TEN,
    CardSyntaxError,
    cards_in,
    cardset,
    format_card,
    make_card,
    parse_card,
    parse_cards,
    pretty_card,
)
from koloda.core.dealing import Shuffler
from koloda.core.decks import ACE_HIGH, DECK_32, DECK_36, DECK_40, DECK_52
from koloda.games.king.rules import DECK_30_KING_THREE
from koloda.games.tressette.scoring import TRESSETTE_ORDER


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("QH", "QH"),
        ("q♥", "QH"),
        ("10h", "10H"),
        ("T♥", "10H"),
        ("t♠", "10S"),
        ("7s", "7S"),
        ("AC", "AC"),
        ("2d", "2D"),
        (" KD ", "KD"),
    ],
)
def test_parse_card_accepts_codes_t_and_symbols(text: str, canonical: str) -> None:
    assert format_card(parse_card(text)) == canonical


@pytest.mark.parametrize("text", ["", "Q", "1H", "11H", "QX", "HQ", "10", "ZZ"])
def test_parse_card_rejects_non_cards(text: str) -> None:
    with pytest.raises(CardSyntaxError):
        parse_card(text)


def test_every_card_round_trips_through_its_code() -> None:
    for card in DECK_52.cards:
        assert parse_card(format_card(card)) == card
    assert pretty_card(make_card(TEN, HEARTS)) == "10♥"
    assert parse_cards("AS, 10h KD") == [
        make_card(ACE, SPADES),
        make_card(TEN, HEARTS),
        parse_card("KD"),
    ]


def test_card_sets_are_bitmasks() -> None:
    chosen = parse_cards("AS 7H 10D 2C")
    mask = cardset(chosen)
    assert mask.bit_count() == 4
    assert list(cards_in(mask)) == sorted(chosen)
    assert cards_in(0) == ()


def test_decks_have_the_right_cards() -> None:
    assert (len(DECK_52), len(DECK_36), len(DECK_32), len(DECK_40)) == (52, 36, 32, 40)
    assert len(set(DECK_52.cards)) == 52
    assert "6S" in {format_card(c) for c in DECK_36.cards}
    assert "6S" not in {format_card(c) for c in DECK_32.cards}
    assert {format_card(c)[:-1] for c in DECK_40.cards} == {
        "A",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "J",
        "Q",
        "K",
    }
    three = {format_card(c) for c in DECK_30_KING_THREE.cards}
    assert len(three) == 30 and "AS" not in three and "AC" not in three and "AH" in three


def test_rank_orders_are_data() -> None:
    strength = TRESSETTE_ORDER.strength_table()
    order = [parse_card(t + "S") for t in ["3", "2", "A", "K", "Q", "J", "7", "6", "5", "4"]]
    values = [strength[c] for c in order]
    assert values == sorted(values, reverse=True)
    assert strength[parse_card("9S")] == -1
    ace_high = ACE_HIGH.strength_table()
    assert ace_high[parse_card("AS")] > ace_high[parse_card("KS")] > ace_high[parse_card("2S")]
    assert TRESSETTE_ORDER.describe() == "3 2 A K Q J 7 6 5 4"


def test_seeded_shuffles_repeat_and_differ_by_deal() -> None:
    shuffler = Shuffler("tournament-1")
    first = shuffler.shuffled(DECK_32.cards, 0)
    assert first == Shuffler("tournament-1").shuffled(DECK_32.cards, 0)
    assert first != shuffler.shuffled(DECK_32.cards, 1)
    assert sorted(first) == sorted(DECK_32.cards)


@pytest.mark.parametrize("seed", [None, 7])
def test_shuffles_are_uniform(seed: int | None) -> None:
    shuffler = Shuffler(seed)
    counts = Counter(tuple(shuffler.shuffled([0, 1, 2], i)) for i in range(12000))
    assert len(counts) == 6
    for count in counts.values():  # 2000 expected; 6 sigma is about 250
        assert 1750 < count < 2250
