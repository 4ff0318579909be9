"""Penalties of a finished hand (H-13, H-14, H-15) and the end of the game (H-16)."""

from __future__ import annotations

from collections.abc import Sequence

from koloda.core.cards import (
    ACE,
    EIGHT,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    SIX,
    SUITS,
    TEN,
    CardSet,
    cards_in,
    make_card,
)
from koloda.games.hundred_one.options import HundredOneOptions

CARD_PENALTY_BY_RANK: dict[int, int] = {
    SIX: 6,
    SEVEN: 7,
    EIGHT: 8,
    NINE: 9,
    TEN: 10,
    JACK: 2,
    QUEEN: 3,
    KING: 4,
    ACE: 11,
}
"""H-13: the penalty of each card left in hand."""

QUEEN_HELD_PENALTY = 40
"""H-15: a queen left in hand when another player goes out."""

OUT_ON_QUEEN_BONUS = -30
"""H-14: going out with a queen takes 30 off the running total."""

LOSING_TOTAL = 101
"""H-16: reaching or passing this total loses the game."""

QUEENS: CardSet = sum(1 << make_card(QUEEN, s) for s in SUITS)


def penalty_table(options: HundredOneOptions) -> tuple[int, ...]:
    """The penalty of every card code (64 entries; cards outside the deck count 0)."""
    table = [0] * 64
    for rank, points in CARD_PENALTY_BY_RANK.items():
        if rank == QUEEN:
            points = (
                points + QUEEN_HELD_PENALTY
                if options.queen_in_hand == "plus_40"
                else QUEEN_HELD_PENALTY
            )
        for suit in SUITS:
            table[make_card(rank, suit)] = points
    return tuple(table)


def hand_penalty(hand: CardSet, table: Sequence[int]) -> int:
    """H-13, H-15: the penalty of the cards left in one hand."""
    return sum(table[c] for c in cards_in(hand))


def deal_scores(
    hands: Sequence[CardSet], out_seat: int, last_card: int, table: Sequence[int]
) -> tuple[int, ...]:
    """Each seat's points for the hand: penalties for the others, 0 or -30 for the one out."""
    scores = []
    for seat, hand in enumerate(hands):
        if seat == out_seat:
            scores.append(OUT_ON_QUEEN_BONUS if last_card & 15 == QUEEN else 0)  # H-14
        else:
            scores.append(hand_penalty(hand, table))  # H-13, H-15
    return tuple(scores)


def losers(totals: Sequence[int]) -> list[int]:
    """H-16 (clarified): every seat at 101 or more has lost, lowest seat first."""
    return [s for s, t in enumerate(totals) if t >= LOSING_TOTAL]


def winners(totals: Sequence[int]) -> list[int]:
    """H-16: the fewest penalty points win; ties share the win."""
    best = min(totals)
    return [s for s, t in enumerate(totals) if t == best]


def places(totals: Sequence[int]) -> list[int]:
    """H-16: each seat's place, 1 = fewest points; equal totals share a place."""
    return [1 + sum(1 for other in totals if other < t) for t in totals]


def is_game_over(totals: Sequence[int]) -> bool:
    """H-16: the game ends with the hand that takes some total to 101 or more."""
    return max(totals) >= LOSING_TOTAL
