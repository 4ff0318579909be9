"""King's rates (K-7, K-20, K-26, K-27), deal scoring and the final settlement."""

from __future__ import annotations

from dataclasses import dataclass

from koloda.core.cards import HEARTS, JACK, KING, QUEEN, SUIT_MASK, SUITS, CardSet, make_card
from koloda.games.king.actions import (
    ERELASH,
    LAST_TWO,
    NO_HEARTS,
    NO_JACKS,
    NO_KING,
    NO_QUEENS,
    NO_TRICKS,
    POSITIVE,
    Contract,
)
from koloda.games.king.options import KingOptions

KING_OF_HEARTS = make_card(KING, HEARTS)
KING_OF_HEARTS_BIT: CardSet = 1 << KING_OF_HEARTS
JACKS: CardSet = sum(1 << make_card(JACK, s) for s in SUITS)
QUEENS: CardSet = sum(1 << make_card(QUEEN, s) for s in SUITS)
HEARTS_MASK: CardSet = SUIT_MASK[HEARTS]


@dataclass(frozen=True)
class Rates:
    """Points per item: penalties (positive numbers, subtracted) and the positive trick."""

    trick: int
    jack: int
    queen: int
    heart: int
    last_trick: int
    king: int
    positive_trick: int = 3


CLASSIC_RATES = Rates(trick=2, jack=4, queen=4, heart=2, last_trick=8, king=16)
"""K-7 and K-20."""


def rates_for(options: KingOptions) -> Rates:
    """K-26/K-27: the three-player rates, with K♥ at 24 under ``king24``."""
    if options.variant != "three":
        return CLASSIC_RATES
    king = 24 if options.three_player_balance == "king24" else 20
    return Rates(trick=2, jack=5, queen=5, heart=2, last_trick=10, king=king)


def penalty_mask(contract: Contract, deck_mask: CardSet) -> CardSet:
    """K-12: the cards whose taking decides a deal (0 for deals always played out)."""
    if contract == NO_JACKS:
        return JACKS & deck_mask
    if contract == NO_QUEENS:
        return QUEENS & deck_mask
    if contract == NO_HEARTS:
        return HEARTS_MASK & deck_mask
    if contract == NO_KING:
        return KING_OF_HEARTS_BIT
    return 0


def seat_penalty(
    contract: Contract, rates: Rates, taken: CardSet, tricks: int, last_tricks: int
) -> int:
    """The penalty (a positive number) one seat incurs in a negative deal (K-7, K-26)."""
    every = contract == ERELASH
    penalty = 0
    if every or contract == NO_TRICKS:
        penalty += rates.trick * tricks
    if every or contract == NO_JACKS:
        penalty += rates.jack * (taken & JACKS).bit_count()
    if every or contract == NO_QUEENS:
        penalty += rates.queen * (taken & QUEENS).bit_count()
    if every or contract == NO_HEARTS:
        penalty += rates.heart * (taken & HEARTS_MASK).bit_count()
    if every or contract == LAST_TWO:
        penalty += rates.last_trick * last_tricks
    if (every or contract == NO_KING) and taken & KING_OF_HEARTS_BIT:
        penalty += rates.king
    return penalty


def deal_scores(
    contract: Contract,
    rates: Rates,
    taken: list[CardSet],
    tricks: list[int],
    last_tricks: list[int],
) -> tuple[int, ...]:
    """Each seat's points for a deal: −penalty in negative deals, +3 a trick in positive."""
    if contract == POSITIVE:
        return tuple(rates.positive_trick * t for t in tricks)
    return tuple(
        -seat_penalty(contract, rates, taken[s], tricks[s], last_tricks[s])
        for s in range(len(tricks))
    )


def deal_total(contract: Contract, rates: Rates, num_tricks: int, deck_mask: CardSet) -> int:
    """K-10/K-27: what a deal's points add up to (negative for the penalty deals)."""
    if contract == POSITIVE:
        return rates.positive_trick * num_tricks
    hearts = (HEARTS_MASK & deck_mask).bit_count()
    parts = {
        NO_TRICKS: rates.trick * num_tricks,
        NO_JACKS: rates.jack * 4,
        NO_QUEENS: rates.queen * 4,
        NO_HEARTS: rates.heart * hearts,
        LAST_TWO: rates.last_trick * 2,
        NO_KING: rates.king,
    }
    if contract == ERELASH:
        return -sum(parts.values())
    return -parts[contract]


def settlement(results: tuple[int, ...], proportional: bool) -> tuple[float, ...]:
    """K-27: what each player finally gets.

    Zero-sum results settle as they are. Under ``proportional`` each player with a minus pays
    exactly his minus, and the sum paid is shared among the players with a plus in proportion
    to their plus; a player at 0 gets nothing; with nobody positive nobody is paid.
    """
    if not proportional:
        return tuple(float(r) for r in results)
    paid = -sum(r for r in results if r < 0)
    plus = sum(r for r in results if r > 0)
    if plus == 0:
        return tuple(0.0 for _ in results)
    return tuple(float(r) if r < 0 else (paid * r / plus if r > 0 else 0.0) for r in results)
