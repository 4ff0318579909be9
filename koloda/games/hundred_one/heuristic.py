"""101 played like a club player.

Shed the expensive cards first (aces, tens, nines…), keep a queen to go out on (−30) unless
the risk of being caught with it (+40) grows because somebody is about to go out, turn 6s,
7s and aces against the next player when he is close to going out, and after a queen name
the suit we hold most of.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

from koloda.core.cards import ACE, QUEEN, SEVEN, SIX
from koloda.core.engine import Action
from koloda.games.hundred_one.actions import DRAW, PASS, SUIT_BASE

if TYPE_CHECKING:
    from koloda.games.hundred_one.rules import HundredOneRules


class DecisionView(Protocol):
    """What the heuristic reads of a view (a view of the past, in the belief model, too)."""

    @property
    def seat(self) -> int: ...

    @property
    def num_seats(self) -> int: ...

    @property
    def hand(self) -> tuple[int, ...]: ...

    @property
    def hand_sizes(self) -> tuple[int, ...]: ...

    @property
    def legal_actions(self) -> tuple[Action, ...]: ...


_EFFECT = {SIX: 1.0, SEVEN: 2.0, ACE: 0.7}


def choose(rules: HundredOneRules, view: DecisionView, rng: random.Random) -> Action:
    legal: tuple[Action, ...] = view.legal_actions
    table: tuple[int, ...] = rules.penalties
    hand: tuple[int, ...] = view.hand
    n = view.num_seats
    seat = view.seat
    following = (seat + 1) % n
    others = [view.hand_sizes[s] for s in range(n) if s != seat]
    danger = min(others) if others else 9  # someone about to go out
    next_size = view.hand_sizes[following]
    if legal[0] >= SUIT_BASE and legal[0] < SUIT_BASE + 4:
        return _name_suit(hand, table)
    if PASS in legal:
        drawn = next(a for a in legal if a != PASS) if len(legal) > 1 else None
        if drawn is None:
            return PASS
        if drawn & 15 == QUEEN and len(hand) > 1 and danger > 2:
            return PASS  # keep the queen for going out
        return drawn
    cards = [a for a in legal if a < 64]
    queens = [c for c in cards if c & 15 == QUEEN]
    plain = [c for c in cards if c & 15 != QUEEN]
    if len(hand) == 1 and cards:
        return cards[0]  # going out (on a queen: −30)
    if plain:
        return max(plain, key=lambda c: _value(c, hand, table, next_size, view))
    if queens:
        held_queens = sum(1 for c in hand if c & 15 == QUEEN)
        rest = len(hand) - held_queens
        if rest == 0:
            return queens[0]  # only queens left: play one, keep the last to go out
        if danger <= 2 or DRAW not in legal:
            return queens[0]  # the risk of being caught with it grows: change the suit now
        return DRAW
    return DRAW if DRAW in legal else legal[0]


def _value(
    card: int, hand: tuple[int, ...], table: tuple[int, ...], next_size: int, view: DecisionView
) -> float:
    """How good it is to play ``card`` now: its penalty shed, its effect on the next player
    when he is close to going out, and whether we can follow it next time."""
    value = float(table[card])
    rank = card & 15
    effect = _EFFECT.get(rank)
    if effect is not None:
        value += effect * (14.0 if next_size <= 2 else 3.0)
    rest = [c for c in hand if c != card]
    followers = sum(1 for c in rest if c >> 4 == card >> 4 or c & 15 == rank)
    value += 2.5 * followers
    return value


def _name_suit(hand: tuple[int, ...], table: tuple[int, ...]) -> Action:
    counts = [0.0] * 4
    for card in hand:
        if card & 15 != QUEEN:
            counts[card >> 4] += 1.0 + table[card] / 20.0
    return SUIT_BASE + max(range(4), key=lambda s: counts[s])
