"""Scoring a hand of Spades (S-13..S-15) and deciding the game (S-17)."""

from __future__ import annotations

from typing import NamedTuple

from koloda.games.spades.actions import DOUBLE_NIL, is_nil_bid

NIL_VALUE = 100
"""S-14: a nil is worth ±100, a double nil ±200."""
BOTH_NIL_VALUE = 200
"""S-15: both partners' nils made."""
BAG_LIMIT = 10
BAG_PENALTY = 100


class SideScore(NamedTuple):
    """What one partnership's accounts gave in one hand (a named tuple: cheap to build)."""

    score: int
    """Everything the hand gave the side, bag penalty and lost score included."""
    contract: int
    """The sum of the side's numeric bids (0 when both bid nil)."""
    tricks: int
    """The tricks that count toward the contract (a failed nil bidder's count for nobody)."""
    contract_points: int
    nil_points: int
    overtricks: int
    bag_penalty: int
    """0 or a negative multiple of 100 (S-13 option ``bags_penalty``)."""
    bags: int
    """Bags carried after this hand (0 when the option is off)."""
    lost_score: bool
    """S-15: both nil bidders bid and one failed under ``lose_score``."""


def nil_points(bid: int, tricks: int) -> int:
    """S-14: +100 / −100 for nil, ±200 for double nil."""
    value = 2 * NIL_VALUE if bid == DOUBLE_NIL else NIL_VALUE
    return value if tricks == 0 else -value


def contract_points(contract: int, tricks: int) -> tuple[int, int]:
    """S-13: (points, overtricks): 10 a bid trick plus 1 an overtrick, or −10 a bid trick."""
    if tricks >= contract:
        return 10 * contract + (tricks - contract), tricks - contract
    return -10 * contract, 0


def score_side(
    bids: tuple[int, int],
    tricks: tuple[int, int],
    total_before: int,
    bags_before: int,
    *,
    bags_penalty: bool,
    both_nil_failure: str,
) -> SideScore:
    """One side's hand: ``bids`` and ``tricks`` of its two players (S-13, S-14, S-15)."""
    first_nil = is_nil_bid(bids[0])
    second_nil = is_nil_bid(bids[1])
    if first_nil and second_nil:  # S-15
        bags = bags_before
        if tricks[0] == 0 and tricks[1] == 0:
            score, lost = BOTH_NIL_VALUE, False
        elif both_nil_failure == "lose_score":
            score, lost = -max(total_before, 0), True
            if total_before > 0:
                bags = 0  # S-15 (clarified): the bags go with the score; none lost otherwise
        else:
            score, lost = -BOTH_NIL_VALUE, False
        return SideScore(score, 0, 0, 0, score, 0, 0, bags, lost)
    nils = 0
    contract = 0
    counted = 0
    for bid, taken in zip(bids, tricks, strict=True):
        if is_nil_bid(bid):
            nils += nil_points(bid, taken)  # S-14: his tricks count for nobody
        else:
            contract += bid
            counted += taken
    points, overtricks = contract_points(contract, counted)
    penalty = 0
    bags = 0
    if bags_penalty:
        bags = bags_before + overtricks
        penalty = -BAG_PENALTY * (bags // BAG_LIMIT)
        bags %= BAG_LIMIT
    return SideScore(
        points + nils + penalty, contract, counted, points, nils, overtricks, penalty, bags, False
    )


def game_winners(totals: tuple[int, int], target: int) -> tuple[int, ...] | None:
    """S-17: the winning side(s) once the game is decided, else None.

    The first side to reach the target wins; both there on the same hand: the higher total;
    equal totals: another hand is played.
    """
    first, second = totals
    if first < target and second < target:
        return None
    if first == second:
        return None
    return (0,) if first > second else (1,)
