"""101's action codes and rules, checked where the broader suite leaves a change unnoticed."""

from __future__ import annotations

from koloda.core.cards import cardset, parse_card, parse_cards
from koloda.games.hundred_one.actions import (
    DRAW,
    PASS,
    SUIT_ACTIONS,
    SUIT_BASE,
    is_card_action,
    is_suit_action,
)
from koloda.games.hundred_one.options import HundredOneOptions
from koloda.games.hundred_one.scoring import (
    deal_scores,
    hand_penalty,
    is_game_over,
    losers,
    penalty_table,
    places,
    winners,
)


def test_card_and_suit_actions_are_told_apart() -> None:
    # rule: H-4 H-6
    assert is_card_action(0) and is_card_action(SUIT_BASE - 1)
    assert not is_card_action(-1) and not is_card_action(SUIT_BASE)
    assert all(is_suit_action(a) for a in SUIT_ACTIONS)
    assert not is_suit_action(SUIT_BASE - 1) and not is_suit_action(SUIT_BASE + 4)
    assert not is_suit_action(DRAW) and not is_suit_action(PASS)
    assert not any(is_card_action(a) for a in SUIT_ACTIONS)


def tables() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The penalty tables of ``plus_40`` and ``instead_40``, built when a test runs."""
    plus_40 = penalty_table(HundredOneOptions())
    return plus_40, penalty_table(HundredOneOptions(queen_in_hand="instead_40"))


def test_penalty_of_every_card() -> None:
    # rule: H-13 H-15
    plus_40, instead_40 = tables()
    expected = {"6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 2, "Q": 43, "K": 4, "A": 11}
    for rank, points in expected.items():
        for suit in "SHDC":
            assert plus_40[parse_card(rank + suit)] == points
            assert instead_40[parse_card(rank + suit)] == (40 if rank == "Q" else points)
    assert sum(plus_40) == 4 * (6 + 7 + 8 + 9 + 10 + 2 + 43 + 4 + 11)
    assert len(plus_40) == 64
    assert plus_40[parse_card("5S")] == plus_40[parse_card("2H")] == 0


def test_hand_scores() -> None:
    # rule: H-13 H-14 H-15
    plus_40, instead_40 = tables()
    hands = [0, cardset(parse_cards("AS 10H")), cardset(parse_cards("QD 6C JS")), 0]
    assert hand_penalty(hands[1], plus_40) == 21
    assert hand_penalty(hands[2], plus_40) == 51
    assert hand_penalty(hands[2], instead_40) == 48
    assert deal_scores(hands, 0, parse_card("9S"), plus_40) == (0, 21, 51, 0)
    assert deal_scores(hands, 0, parse_card("QS"), plus_40) == (-30, 21, 51, 0)
    assert deal_scores(hands, 3, parse_card("QH"), instead_40) == (0, 21, 48, -30)


def test_end_of_game_and_places() -> None:
    # rule: H-16
    assert not is_game_over((100, 40, -30))
    assert is_game_over((101, 40, -30))
    assert is_game_over((40, 120, 101))
    assert losers((101, 40, 120)) == [0, 2]  # every seat at 101 or more has lost
    assert losers((120, 40, 120)) == [0, 2]
    assert winners((101, 40, 120, 40)) == [1, 3]
    assert winners((101, -30, 120, 40)) == [1]
    assert places((101, 40, 120, 40)) == [3, 1, 4, 1]
    assert places((5, 6, 7)) == [1, 2, 3]


def test_every_seat_at_101_or_more_has_lost() -> None:
    # rule: H-16
    assert losers((105, 102, 40, 30)) == [0, 1]
