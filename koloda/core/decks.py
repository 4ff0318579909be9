"""The standard decks (52, 36, 32 and the 40 Italian-suited cards in French suits), and rank
orders as data; a deck or order of one game lives in its package."""

from __future__ import annotations

from dataclasses import dataclass

from koloda.core.cards import (
    ACE,
    EIGHT,
    NINE,
    RANK_NAMES,
    SEVEN,
    SIX,
    SUITS,
    TEN,
    TWO,
    Card,
    CardSet,
    Rank,
    cardset,
    make_card,
)


@dataclass(frozen=True)
class Deck:
    """A named deck: its cards in a fixed canonical order and as a set."""

    name: str
    cards: tuple[Card, ...]

    @property
    def mask(self) -> CardSet:
        return cardset(self.cards)

    def __len__(self) -> int:
        return len(self.cards)


def deck_of_ranks(name: str, ranks: tuple[Rank, ...]) -> Deck:
    return Deck(name, tuple(make_card(r, s) for s in SUITS for r in ranks))


DECK_52 = deck_of_ranks("52", tuple(range(13)))
DECK_36 = deck_of_ranks("36", tuple(range(SIX, ACE + 1)))
DECK_32 = deck_of_ranks("32", tuple(range(SEVEN, ACE + 1)))
DECK_40 = deck_of_ranks("40", tuple(r for r in range(13) if r not in (EIGHT, NINE, TEN)))
"""The Italian-suited 40 cards in French suits: A 2..7 J Q K."""


@dataclass(frozen=True)
class RankOrder:
    """A trick-taking order of ranks, strongest first, as data.

    ``strength(card)`` is larger for a stronger card of the same suit; ranks outside the order
    have strength -1.
    """

    name: str
    strongest_first: tuple[Rank, ...]

    def strength_table(self) -> tuple[int, ...]:
        """Strength indexed by card code (64 entries) for use in hot loops."""
        by_rank = {r: len(self.strongest_first) - i for i, r in enumerate(self.strongest_first)}
        return tuple(by_rank.get(code & 15, -1) for code in range(64))

    def describe(self) -> str:
        return " ".join(RANK_NAMES[r] for r in self.strongest_first)


ACE_HIGH = RankOrder("ace-high", tuple(range(ACE, TWO - 1, -1)))
