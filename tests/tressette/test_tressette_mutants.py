"""Tressette's card tables and helpers, checked card by card."""

from __future__ import annotations

import pytest

from koloda import load_game
from koloda.core.cards import CLUBS, HEARTS, SPADES, cardset, parse_card, parse_cards
from koloda.core.errors import DealError
from koloda.games.tressette.actions import playable_mask
from koloda.games.tressette.declarations import (
    Declaration,
    declarations_of,
    declared_points,
    hidden_constraints,
    satisfies,
)
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


def declared(
    seat: int, text: str, hearts_special: bool = True, long_run: str = "seven"
) -> tuple[Declaration, ...]:
    return declarations_of(seat, cardset(parse_cards(text)), hearts_special, long_run)


def test_declarations_belong_to_their_seat_and_read_as_announced() -> None:
    # rule: T-7 T-8 T-9 T-10
    baba, triple = declared(2, "3H 2H AH KH QH 7S 7D 7C 4S 5D")
    assert baba == Declaration(2, "baba", tuple(parse_cards("3H 2H AH KH QH")), 7)
    assert triple == Declaration(2, "triple", tuple(parse_cards("7S 7D 7C")), 4)
    assert baba.to_json() == {
        "seat": 2,
        "kind": "baba",
        "cards": ["3H", "2H", "AH", "KH", "QH"],
        "points": 7,
    }
    assert declared_points((baba, triple)) == 11
    (run,) = declared(3, "3S 2S AS KS QS JS 7S 4H 5D 6C")
    assert run == Declaration(3, "long_run", tuple(parse_cards("3S 2S AS KS QS JS 7S")), 16)
    (four,) = declared(1, "AS AH AD AC 4S 5D 6C 7H 4D 5C")
    assert (four.kind, four.points) == ("triple", 3)  # T-10: four aces score as three
    assert four.to_json()["cards"] == ["AS", "AH", "AD", "AC"]
    (plain,) = declared(0, "3D 2D AD 4S 5S 6S 7H 4C 5C 6C")
    assert (plain.kind, plain.points) == ("baba", 3)  # T-7: a Баба of diamonds


def test_several_triples_strongest_rank_first() -> None:
    # rule: T-3 T-10
    sevens_kings = declared(1, "7S 7H 7D KS KH KC 4S 5D 6C 4H")
    assert [d.cards for d in sevens_kings] == [
        tuple(parse_cards("KS KH KC")),
        tuple(parse_cards("7S 7H 7D")),
    ]
    assert [d.points for d in sevens_kings] == [1, 4]
    assert {d.seat for d in sevens_kings} == {1}


def test_what_declarations_say_about_the_rest_of_a_hand() -> None:
    # rule: T-7 T-8 T-9
    hand = "3S 2S AS KS QS JS 4H 5D 6C 4C"
    constraints = hidden_constraints(declared(0, hand), "seven")
    assert satisfies(cardset(parse_cards(hand)), constraints)
    # a Баба with K Q J but no long run: the 7 was not held
    assert not satisfies(cardset(parse_cards("3S 2S AS KS QS JS 7S 5D 6C 4C")), constraints)
    # the declared cards must be held
    assert not satisfies(cardset(parse_cards("3S 2S AS KS QS 4D 4H 5D 6C 4C")), constraints)
    hearts = "4S 5S 6S 3H 2H AH 7D 6D 5C 4C"
    constraints = hidden_constraints(declared(0, hearts), "seven")
    assert satisfies(cardset(parse_cards(hearts)), constraints)
    # the hearts Баба stopped at the ace: no K♥ (a suit without Баба comes first)
    assert not satisfies(cardset(parse_cards("4S 5S KH 3H 2H AH 7D 6D 5C 4C")), constraints)


def test_a_long_run_leaves_the_other_suits_constrained() -> None:
    # rule: T-7 T-9
    constraints = hidden_constraints(declared(0, "3S 2S AS KS QS JS 7S 4H 5D 6C"), "seven")
    assert satisfies(cardset(parse_cards("3S 2S AS KS QS JS 7S 4H 5D 6C")), constraints)
    # with 3 2 A of hearts too he would have declared a hearts Баба
    assert not satisfies(cardset(parse_cards("3S 2S AS KS QS JS 7S 3H 2H AH")), constraints)


def test_the_first_dealer_must_be_a_seat() -> None:
    # rule: T-1 T-4
    rules = load_game("tressette")
    assert isinstance(rules, TressetteRules)
    for seat in (-1, 4):
        with pytest.raises(DealError, match=f"first dealer {seat} is not a seat 0..3"):
            rules.new_state(seed=1, first_dealer=seat)
    assert rules.new_state(seed=1, first_dealer=3).dealer == 3


def test_no_card_is_legal_before_the_deal() -> None:
    # rule: T-5
    rules = load_game("tressette")
    assert isinstance(rules, TressetteRules)
    state = rules.empty_state(0)
    assert state.legal_card_mask() == 0
    assert state.legal_actions() == ()


def test_each_partner_gets_half_of_his_side_games() -> None:
    # rule: T-18
    rules = load_game("tressette")
    assert isinstance(rules, TressetteRules)
    state = rules.new_state(seed=1)
    state.totals = [42, 21]
    assert state.outcome() == (21.0, 10.5, 21.0, 10.5)
