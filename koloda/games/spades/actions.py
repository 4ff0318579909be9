"""The encoding of Spades actions as small ints.

- a card is its own code (0..63, ``suit * 16 + rank``);
- ``look`` is ``LOOK`` (64);
- ``bid:nil`` is ``BID_BASE`` (65), ``bid:<n>`` is ``BID_BASE + n`` (66..78) and
  ``bid:double_nil`` is ``BID_DOUBLE_NIL`` (79);
- ``discard:<a>,<b>,<c>`` is ``DISCARD_BASE + pack(a, b, c)`` and ``give:<a>,<b>,<c>`` is
  ``GIVE_BASE + pack(a, b, c)``, where ``pack`` puts the three card codes, lowest first, in
  6-bit fields: ``a | b << 6 | c << 12`` with ``a < b < c``. Packed 0 would be three copies
  of card 0, so ``DISCARD_BASE`` and ``GIVE_BASE`` themselves stand for a discard or a gift
  whose cards a seat does not know (views only; never legal).
"""

from __future__ import annotations

from itertools import combinations

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
    """Three distinct cards as one int (lowest card in the low bits)."""
    a, b, c = sorted(cards)
    return a | b << 6 | c << 12


def unpack(packed: int) -> tuple[Card, Card, Card]:
    return packed & 63, packed >> 6 & 63, packed >> 12 & 63


def triple_mask(packed: int) -> CardSet:
    return 1 << (packed & 63) | 1 << (packed >> 6 & 63) | 1 << (packed >> 12 & 63)


def is_valid_triple(packed: int) -> bool:
    a, b, c = unpack(packed)
    return 0 <= packed < (1 << 18) and a < b < c


_TRIPLES_CACHE: dict[tuple[CardSet, int], tuple[int, ...]] = {}


def triple_actions(hand: CardSet, base: int) -> tuple[int, ...]:
    """``base`` + every packed 3-card subset of a hand, lowest first (C(13,3) = 286)."""
    key = (hand, base)
    found = _TRIPLES_CACHE.get(key)
    if found is None:
        cards = cards_in(hand)
        found = tuple(sorted(base + (a | b << 6 | c << 12) for a, b, c in combinations(cards, 3)))
        if len(_TRIPLES_CACHE) > 4096:
            _TRIPLES_CACHE.clear()
        _TRIPLES_CACHE[key] = found
    return found
