"""Declarations (T-7..T-11) with hand-computed points, and what they reveal."""

from __future__ import annotations

import pytest
from random_play import card_names, hands, setup

from koloda import load_game
from koloda.core.cards import cardset, parse_card
from koloda.games.tressette.declarations import (
    Declaration,
    declarations_of,
    hidden_constraints,
    satisfies,
)


def declared(text: str, hearts_special: bool = True, long_run: str = "seven") -> list[Declaration]:
    hand = cardset(parse_card(t) for t in text.split())
    return list(declarations_of(0, hand, hearts_special, long_run))


def summary(text: str, **options: object) -> list[tuple[str, list[str], int]]:
    return [(d.kind, card_names(d.cards), d.points) for d in declared(text, **options)]  # type: ignore[arg-type]


def test_plain_baba_scores_three() -> None:
    # rule: T-7
    assert summary("3S 2S AS QS 7D 6D 5C 4C 7H 6H") == [("baba", ["3S", "2S", "AS"], 3)]


def test_hearts_baba_with_a_run_scores_five_plus_faces() -> None:
    # rule: T-7 T-8 T-6
    # ♥3 ♥2 ♥A ♥K ♥Q: 5 for the hearts Баба, +1 for K, +1 for Q = 7
    assert summary("3H 2H AH KH QH 7S 6S 5D 4D 4C") == [("baba", ["3H", "2H", "AH", "KH", "QH"], 7)]
    # with hearts ordinary (hearts_special off) the same run scores 3 + 2 = 5
    assert summary("3H 2H AH KH QH 7S 6S 5D 4D 4C", hearts_special=False) == [
        ("baba", ["3H", "2H", "AH", "KH", "QH"], 5)
    ]


def test_faces_count_only_while_the_run_continues() -> None:
    # rule: T-8
    # K missing: the Q and J do not continue the run
    assert summary("3D 2D AD QD JD 7S 6S 5C 4C 4H")[0][2] == 3
    # 3 2 A K Q J = 3 + 3 = 6 (hearts 8)
    assert summary("3C 2C AC KC QC JC 6S 5S 4D 4H")[0][2] == 6
    assert summary("3H 2H AH KH QH JH 6S 5S 4D 4C")[0][2] == 8


def test_long_run_under_both_options() -> None:
    # rule: T-9
    seven = "3S 2S AS KS QS JS 7S 5D 4D 4C"
    # long_run="seven": 3 2 A K Q J 7 is a flat 16, not 6 + 1
    assert summary(seven) == [("long_run", ["3S", "2S", "AS", "KS", "QS", "JS", "7S"], 16)]
    # long_run="ten": the seven is no face card, so it is a Баба with K Q J = 6
    assert summary(seven, long_run="ten") == [("baba", ["3S", "2S", "AS", "KS", "QS", "JS"], 6)]
    # the whole suit is 16 under both; hearts too (flat, not 5 + ...)
    whole = "3H 2H AH KH QH JH 7H 6H 5H 4H"
    for long_run in ("seven", "ten"):
        (only,) = declared(whole, long_run=long_run)
        assert only.kind == "long_run" and only.points == 16
    assert len(declared(whole, long_run="ten")[0].cards) == 10
    # a longer run under "seven" still scores a flat 16, showing the seven cards
    (eight,) = declared("3D 2D AD KD QD JD 7D 6D 4C 4H")
    assert eight.points == 16 and card_names(eight.cards)[-1] == "7D"


def test_three_sevens_score_four() -> None:
    # rule: T-10
    assert summary("7S 7H 7D 6C 5C 4C 6S 5S 4D QH") == [("triple", ["7S", "7H", "7D"], 4)]


def test_triples_of_3s_2s_aces_score_three_others_one_and_four_count_as_three() -> None:
    # rule: T-10
    assert summary("3S 3H 3D 6C 5C 4C 6S 5S 4D QH")[0][2] == 3
    assert summary("2S 2H 2C 6C 5C 4C 6S 5S 4D QH")[0][2] == 3
    assert summary("AS AH AC 6C 5C 4C 6S 5S 4D QH")[0][2] == 3
    assert summary("KS KH KC 6C 5C 4C 6S 5S 4D QH")[0][2] == 1
    # four of a rank score like three, and the declaration shows all four
    four = summary("QS QH QD QC 6C 5C 4C 6S 5S 4D")
    assert four == [("triple", ["QS", "QH", "QD", "QC"], 1)]
    four_sevens = summary("7S 7H 7D 7C 6C 5C 4C 6S 5S 4D")
    assert four_sevens[0][2] == 4


def test_baba_and_a_triple_sharing_a_card_both_score() -> None:
    # rule: T-11
    # Баба ♠ (3) and three 3s with the same 3♠ (3): 6 in all
    found = summary("3S 2S AS 3D 3C 7H 6H 5D 4D 4C")
    assert found == [
        ("baba", ["3S", "2S", "AS"], 3),
        ("triple", ["3S", "3D", "3C"], 3),
    ]
    # hearts Баба with K (5 + 1) plus three 3s (3) plus three aces (3) = 12
    big = declared("3H 2H AH KH 3S 3D AS AD 6C 5C")
    assert sum(d.points for d in big) == 12


def test_declarations_are_counted_from_each_initial_hand_in_a_deal() -> None:
    # rule: T-7 T-8 T-10 T-11 T-15
    rules = load_game("tressette")
    state = rules.empty_state(first_dealer=3)
    state.start_deal(
        setup(
            3,
            "3H 2H AH KH QH 3S 3D 5C 4C 6C",  # hearts Баба + K Q = 7, three 3s = 3
            "3C 2C AC JC 7S 7D 7C 6S 5S 4S",  # Баба ♣ = 3, three sevens = 4
            "2S AS KS QS JS 2D AD KD QD JD",  # nothing (no 3♠)
            "JH 7H 6H 5H 4H 6D 5D 4D KC QC",  # nothing
        )
    )
    points = [sum(d.points for d in seat) for seat in state.declarations]
    assert points == [10, 7, 0, 0]
    assert state.points == [10, 7]
    assert state.deal_declared == [10, 7]


def test_no_declaration_for_broken_combinations() -> None:
    # rule: T-7 T-10
    assert declared("3S 2S KS QS JS 7D 6D 5C 4C 7H") == []
    assert declared("KS KH QD QC JS JH 7D 6C 5C 4C") == []


@pytest.mark.parametrize("long_run", ["seven", "ten"])
def test_hidden_constraints_accept_the_hand_and_say_what_is_missing(long_run: str) -> None:
    # rule: T-7 T-8 T-9 T-10
    texts = [
        "3S 2S AS KS 3D 3C 7H 6H 5D 4D",
        "3H 2H AH KH QH JH 6S 5S 4D 4C",
        "QS QH QD 6C 5C 4C 6S 5S 4D 7H",
        "3D 2D AD KD QD JD 7D 6D 5D 4C",
    ]
    for text in texts:
        hand = cardset(parse_card(t) for t in text.split())
        found = declarations_of(1, hand, True, long_run)
        constraints = hidden_constraints(found, long_run)
        assert satisfies(hand, constraints)
    # Баба ♠ stopping at K shows the holder lacks Q♠
    hand = hands("3S 2S AS KS 3D 3C 7H 6H 5D 4D")[0]
    constraints = hidden_constraints(declarations_of(1, cardset(hand), True, long_run), long_run)
    assert constraints.excluded >> parse_card("QS") & 1
    # a triple of 3s without 3♥ shows he lacks it
    assert constraints.excluded >> parse_card("3H") & 1
