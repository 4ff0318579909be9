"""Tressette's card tables: trick strength (T-3, T-6) and counting cards (T-12), as data."""

from __future__ import annotations

from koloda.core.cards import (
    ACE,
    FIVE,
    FOUR,
    HEARTS,
    JACK,
    KING,
    QUEEN,
    SEVEN,
    SIX,
    SUITS,
    THREE,
    TWO,
    Card,
    CardSet,
    make_card,
)
from koloda.core.decks import DECK_40, RankOrder
from koloda.core.tricks import trick_power

TRESSETTE_ORDER = RankOrder(
    "tressette", (THREE, TWO, ACE, KING, QUEEN, JACK, SEVEN, SIX, FIVE, FOUR)
)
"""T-3: Tressette's order of ranks, 3 2 A K Q J 7 6 5 4."""

DECK = DECK_40
DECK_MASK: CardSet = DECK_40.mask

STRENGTH: tuple[int, ...] = TRESSETTE_ORDER.strength_table()
"""T-3: strength by card code, 10 for a 3 down to 1 for a 4 (card ints compare naturally)."""

RANKS_STRONGEST_FIRST = TRESSETTE_ORDER.strongest_first

COUNTING_RANKS = (THREE, TWO, ACE, KING, QUEEN, JACK)
COUNTING_MASK: CardSet = sum(1 << make_card(r, s) for s in SUITS for r in COUNTING_RANKS)
"""T-12: the 24 counting cards (3s, 2s, aces, kings, queens, jacks)."""

SMALL_HEARTS: CardSet = sum(1 << make_card(r, HEARTS) for r in (SIX, FIVE, FOUR))
"""T-6: ♥6 ♥5 ♥4 are plain hearts, never trumps."""
TRUMP_HEARTS: CardSet = sum(
    1 << make_card(r, HEARTS) for r in (THREE, TWO, ACE, KING, QUEEN, JACK, SEVEN)
)
"""T-6: ♥3 ♥2 ♥A ♥K ♥Q ♥J ♥7 beat any card of another suit."""


def trick_winner_index(cards: tuple[Card, ...] | list[Card], hearts_special: bool) -> int:
    """The index in ``cards`` (led first) of the card that takes the trick (T-5, T-6)."""
    table = POWER_SPECIAL if hearts_special else POWER_PLAIN
    base = (cards[0] >> 4) << 8
    best = 0
    best_power = table[base + cards[0]]
    for index in range(1, len(cards)):
        power = table[base + cards[index]]
        if power > best_power:
            best, best_power = index, power
    return best


def counting_cards(mask: CardSet) -> int:
    """How many counting cards a set of cards holds (T-12)."""
    return (mask & COUNTING_MASK).bit_count()


def trick_points(mask: CardSet) -> int:
    """T-12 ``per_trick``: 1 point for every 3 counting cards in one trick."""
    return (mask & COUNTING_MASK).bit_count() // 3


POWER_SPECIAL = trick_power(TRESSETTE_ORDER, TRUMP_HEARTS)
"""T-5, T-6: the trick kernel's power table with the trump hearts (``hearts_special``)."""
POWER_PLAIN = trick_power(TRESSETTE_ORDER)
"""T-5: the power table without trumps: the highest card of the led suit wins."""

GAME_POINTS = 21
"""T-15: a game goes to the first side to reach 21."""
DOUBLE_BELOW = 11
"""T-16: the game counts double when the losers have fewer than 11."""
GAMES_PER_GROUP = 3
"""T-18: three games make a group."""
NINE_TRICKS_BONUS = 6
"""T-13: a player taking 9 or more tricks himself."""
ALL_TRICKS_BONUS = 4
"""T-14: a side taking all 10 tricks."""
