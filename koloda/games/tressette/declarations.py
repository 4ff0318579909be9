"""Declarations "на руках" (T-7..T-11): computed from each initial hand, public to all.

A declaration shows the cards that form it: a Баба its 3 2 A and the face cards that continue
it, a long run its seven cards (or the whole suit under ``long_run="ten"``), a triple every card
of that rank the player holds (three or four). What a declaration does *not* show is also
knowledge: a Баба that stops at the king shows its holder lacks the queen of that suit; no
triple declared in kings shows he holds at most two kings. ``hidden_constraints`` turns both
into constraints for sampling hidden hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

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
    Rank,
    format_card,
    make_card,
)
from koloda.games.tressette.scoring import RANKS_STRONGEST_FIRST

DeclarationKind = Literal["baba", "long_run", "triple"]

BABA_RANKS = (THREE, TWO, ACE)
RUN_FACES = (KING, QUEEN, JACK)
"""T-8: the face cards that continue a Баба, in order."""
LONG_RUN_TAIL = {"seven": (SEVEN,), "ten": (SEVEN, SIX, FIVE, FOUR)}
"""T-9: the cards after 3 2 A K Q J that make the flat 16."""

_BABA_LANE = sum(1 << r for r in BABA_RANKS)
_LANE = 0x1FFF

TRIPLE_POINTS = {SEVEN: 4, THREE: 3, TWO: 3, ACE: 3}
"""T-10: three sevens 4, three 3s / 2s / aces 3, any other triple 1."""
BABA_POINTS = 3
HEARTS_BABA_POINTS = 5
LONG_RUN_POINTS = 16


class Declaration(NamedTuple):
    """One combination a player declared: what it is, the cards that show it, its points.

    A named tuple, because deals create them on the hot path of random playouts.
    """

    seat: int
    kind: DeclarationKind
    cards: tuple[Card, ...]
    """Strongest first (T-3 order)."""
    points: int

    @property
    def suit(self) -> int | None:
        """The suit of a Баба or long run."""
        return None if self.kind == "triple" else self.cards[0] >> 4

    @property
    def rank(self) -> Rank | None:
        """The rank of a triple."""
        return self.cards[0] & 15 if self.kind == "triple" else None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "cards": [format_card(c) for c in self.cards],
            "points": self.points,
        }


def _triple_table() -> dict[int, Declaration]:
    """``seat << 8 | rank << 4 | suits held`` → the triple's Declaration, made once."""
    table = {}
    for seat in range(4):
        for rank in RANKS_STRONGEST_FIRST:
            for pattern in range(16):
                if pattern.bit_count() >= 3:
                    cards = tuple(make_card(rank, s) for s in SUITS if pattern >> s & 1)
                    points = TRIPLE_POINTS.get(rank, 1)
                    table[seat << 8 | rank << 4 | pattern] = Declaration(
                        seat, "triple", cards, points
                    )
    return table


_TRIPLES = _triple_table()
_RANK_ORDER = {rank: i for i, rank in enumerate(RANKS_STRONGEST_FIRST)}


def declarations_of(
    seat: int, hand: CardSet, hearts_special: bool, long_run: str
) -> tuple[Declaration, ...]:
    """Every combination in an initial hand (T-7..T-11), Бабы by suit, then triples.

    Called for every hand of every deal, so the common case (nothing to declare) is a few
    bit operations and triples come from a table.
    """
    l0 = hand & _LANE
    l1 = hand >> 16 & _LANE
    l2 = hand >> 32 & _LANE
    l3 = hand >> 48 & _LANE
    three_or_more = (l0 & l1 & (l2 | l3)) | (l2 & l3 & (l0 | l1))
    babas = (
        (l0 & _BABA_LANE == _BABA_LANE)
        | (l1 & _BABA_LANE == _BABA_LANE) << 1
        | (l2 & _BABA_LANE == _BABA_LANE) << 2
        | (l3 & _BABA_LANE == _BABA_LANE) << 3
    )
    if not three_or_more and not babas:
        return ()
    found: list[Declaration] = []
    if babas:
        lanes = (l0, l1, l2, l3)
        tail = LONG_RUN_TAIL[long_run]
        for suit in SUITS:
            if babas >> suit & 1:
                found.append(_baba(seat, suit, lanes[suit], hearts_special, tail))
    if three_or_more:  # T-10; T-11: a triple sharing a Баба card counts too
        if three_or_more & (three_or_more - 1):  # several triples: strongest rank first
            ranks = sorted(
                (r for r in RANKS_STRONGEST_FIRST if three_or_more >> r & 1),
                key=_RANK_ORDER.__getitem__,
            )
        else:
            ranks = [three_or_more.bit_length() - 1]
        for rank in ranks:
            pattern = (l0 >> rank & 1) | (l1 >> rank & 1) << 1
            pattern |= (l2 >> rank & 1) << 2 | (l3 >> rank & 1) << 3
            found.append(_TRIPLES[seat << 8 | rank << 4 | pattern])
    return tuple(found)


def _baba(
    seat: int, suit: int, lane: int, hearts_special: bool, tail: tuple[Rank, ...]
) -> Declaration:
    """T-7..T-9: a Баба with the faces continuing it, or the flat 16 of a long run."""
    run = list(BABA_RANKS)
    for face in RUN_FACES:  # T-8
        if not lane >> face & 1:
            break
        run.append(face)
    if len(run) == 6 and all(lane >> r & 1 for r in tail):  # T-9: a flat 16
        cards = tuple(make_card(r, suit) for r in (*run, *tail))
        return Declaration(seat, "long_run", cards, LONG_RUN_POINTS)
    base = HEARTS_BABA_POINTS if hearts_special and suit == HEARTS else BABA_POINTS  # T-7
    cards = tuple(make_card(r, suit) for r in run)
    return Declaration(seat, "baba", cards, base + len(run) - 3)


def declared_points(declarations: tuple[Declaration, ...]) -> int:
    return sum(d.points for d in declarations)


@dataclass(frozen=True)
class HandConstraints:
    """What a seat's declarations say about its initial hand.

    ``held``: cards it certainly held; ``excluded``: cards it certainly did not; ``caps``:
    (set, most) — it held at most ``most`` cards of ``set``.
    """

    held: CardSet
    excluded: CardSet
    caps: tuple[tuple[CardSet, int], ...]


def _mask(cards: list[Card] | tuple[Card, ...]) -> CardSet:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def hidden_constraints(declarations: tuple[Declaration, ...], long_run: str) -> HandConstraints:
    """The constraints on an initial hand that gave exactly these declarations."""
    held = 0
    excluded = 0
    caps: list[tuple[CardSet, int]] = []
    triples = {d.rank: d for d in declarations if d.kind == "triple"}
    runs = {d.suit: d for d in declarations if d.kind != "triple"}
    for d in declarations:
        held |= _mask(d.cards)
    for rank in RANKS_STRONGEST_FIRST:
        rank_mask = _mask([make_card(rank, s) for s in SUITS])
        declared = triples.get(rank)
        if declared is None:
            caps.append((rank_mask, 2))  # no triple declared: at most two of the rank
        else:
            excluded |= rank_mask & ~_mask(declared.cards)  # a triple shows the whole rank
    for suit in SUITS:
        run = runs.get(suit)
        if run is None:
            caps.append((_mask([make_card(r, suit) for r in BABA_RANKS]), 2))
            continue
        if run.kind == "long_run":
            continue
        faces = len(run.cards) - 3
        if faces < len(RUN_FACES):
            excluded |= 1 << make_card(RUN_FACES[faces], suit)  # the run stopped there
        else:
            tail = _mask([make_card(r, suit) for r in LONG_RUN_TAIL[long_run]])
            caps.append((tail, tail.bit_count() - 1))  # not the whole tail, or it were 16
    return HandConstraints(held, excluded, tuple(caps))


def satisfies(hand: CardSet, constraints: HandConstraints) -> bool:
    """Whether an initial hand agrees with the constraints."""
    if hand & constraints.held != constraints.held or hand & constraints.excluded:
        return False
    return all((hand & mask).bit_count() <= most for mask, most in constraints.caps)
