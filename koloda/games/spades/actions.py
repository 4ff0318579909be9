"""The encoding of Spades actions as small ints.

- a card is its own code (0..63, ``suit * 16 + rank``);
- ``look`` is ``LOOK`` (64);
- ``bid:nil`` is ``BID_BASE`` (65), ``bid:<n>`` is ``BID_BASE + n`` (66..78) and
  ``bid:double_nil`` is ``BID_DOUBLE_NIL`` (79);
- ``discard:<a>,<b>,<c>`` is ``DISCARD_BASE + pack(a, b, c)`` and ``give:<a>,<b>,<c>`` is
  ``GIVE_BASE + pack(a, b, c)``, where ``pack`` puts the three card codes in 6-bit fields,
  lowest card highest: ``a << 12 | b << 6 | c`` with ``a < b < c``. Packed 0 would be three copies
  of card 0, so ``DISCARD_BASE`` and ``GIVE_BASE`` themselves stand for a discard or a gift
  whose cards a seat does not know (views only; never legal).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import overload

from koloda.core.cards import Card, CardSet, cards_in

LOOK = 64
BID_BASE = 65
NIL = 0
"""The bid value of nil."""
DOUBLE_NIL = 14
"""The bid value of double nil (blind nil)."""
NO_BID = -1
BID_DOUBLE_NIL = BID_BASE + DOUBLE_NIL
DISCARD_BASE = 1 << 18
GIVE_BASE = 1 << 19
TRIPLE_END = 1 << 20
DISCARD_HIDDEN = DISCARD_BASE
GIVE_HIDDEN = GIVE_BASE


def bid_action(bid: int) -> int:
    """The action of a bid value (0 nil, 1..13, 14 double nil)."""
    return BID_BASE + bid


def is_nil_bid(bid: int) -> bool:
    """Nil or double nil (S-5, S-6)."""
    return bid in (NIL, DOUBLE_NIL)


def bid_text(bid: int) -> str:
    if bid == NIL:
        return "nil"
    if bid == DOUBLE_NIL:
        return "double_nil"
    return str(bid)


def pack(cards: tuple[Card, ...] | list[Card]) -> int:
    """Three distinct cards as one int: the lowest card in the high bits, so that packed
    triples of one hand sort in the order ``itertools.combinations`` makes them."""
    a, b, c = sorted(cards)
    return a << 12 | b << 6 | c


def unpack(packed: int) -> tuple[Card, Card, Card]:
    """The three cards of a packed triple, lowest first."""
    return packed >> 12 & 63, packed >> 6 & 63, packed & 63


def triple_mask(packed: int) -> CardSet:
    return 1 << (packed >> 12 & 63) | 1 << (packed >> 6 & 63) | 1 << (packed & 63)


def is_valid_triple(packed: int) -> bool:
    a, b, c = unpack(packed)
    return 0 <= packed < (1 << 18) and a < b < c


def _index_table(n: int) -> tuple[tuple[int, int, int], ...]:
    return tuple(combinations(range(n), 3))


_INDEX_TABLES = tuple(_index_table(n) for n in range(14))


class TripleActions(Sequence[int]):
    """``base`` + every packed 3-card subset of a hand, in increasing order (C(13,3) = 286).

    A lazy, immutable sequence: building it costs nothing, each item is unranked from a
    precomputed table of index triples when asked for, so a random playout that picks one
    of the 286 discards never materialises the other 285.
    """

    __slots__ = ("_base", "_cards", "_hand", "_index")

    def __init__(self, hand: CardSet, base: int) -> None:
        self._hand = hand
        self._base = base
        self._cards = cards_in(hand)
        self._index = _INDEX_TABLES[len(self._cards)]

    def __len__(self) -> int:
        return len(self._index)

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[int, ...]: ...

    def __getitem__(self, index: int | slice) -> int | tuple[int, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self._index))))
        i, j, k = self._index[index]
        cards = self._cards
        return self._base + (cards[i] << 12 | cards[j] << 6 | cards[k])

    def __iter__(self) -> Iterator[int]:
        cards = self._cards
        base = self._base
        for i, j, k in self._index:
            yield base + (cards[i] << 12 | cards[j] << 6 | cards[k])

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, int) or not 0 <= action - self._base < (1 << 18):
            return False
        packed = action - self._base
        if not is_valid_triple(packed):
            return False
        mask = triple_mask(packed)
        return self._hand & mask == mask

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TripleActions):
            return self._hand == other._hand and self._base == other._base
        if isinstance(other, tuple | list):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self._hand, self._base))

    def __repr__(self) -> str:
        return f"TripleActions({len(self)} actions from base {self._base})"
