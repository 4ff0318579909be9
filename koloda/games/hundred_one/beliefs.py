"""The belief model of 101: how likely the others' plays were, had they held the sampled cards.

For a sampled deal, each other player's history is rebuilt: which card every draw brought
him (the played cards each come from a draw before the play, or from the deal; what he holds
now fills the rest; a card he was holding when he drew by choice could not follow, H-10) —
and then the hand is replayed from the public log. At each of his decisions the model is the
heuristic player with a ``epsilon`` chance of any legal move: the weight is the product of the
probabilities of what he did.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from koloda.core.cards import QUEEN, cards_in
from koloda.core.engine import Action
from koloda.games.hundred_one.actions import (
    DRAW,
    DREW,
    PASS,
    RESTOCK,
    SUIT_ACTIONS,
    SUIT_BASE,
)
from koloda.games.hundred_one.heuristic import choose as heuristic_choice
from koloda.games.hundred_one.scoring import QUEENS
from koloda.games.hundred_one.state import FOLLOW, NAMED_FOLLOW, HundredOneState

if TYPE_CHECKING:
    from koloda.games.hundred_one.rules import HundredOneRules
    from koloda.games.hundred_one.view import HundredOneView

PLAY, AFTER_DRAW, NAME_SUIT = range(3)
INITIAL = -1
"""The time of the cards dealt at the start of the hand."""


class _SeatView:
    """The part of a view the heuristic reads, for a decision in the past."""

    __slots__ = ("hand", "hand_sizes", "legal_actions", "num_seats", "seat")

    def __init__(
        self,
        seat: int,
        num_seats: int,
        hand: tuple[int, ...],
        hand_sizes: tuple[int, ...],
        legal: tuple[Action, ...],
    ) -> None:
        self.seat = seat
        self.num_seats = num_seats
        self.hand = hand
        self.hand_sizes = hand_sizes
        self.legal_actions = legal


@dataclass
class _SeatHistory:
    """One other player's public history in the hand."""

    draws: list[int] = field(default_factory=list)
    """Log indices of the cards he drew whose identity is unknown."""
    known: dict[int, int] = field(default_factory=dict)
    """Log index of a draw → the card, when he played the drawn card at once (H-8)."""
    plays: list[tuple[int, int]] = field(default_factory=list)
    """(log index, card) of every card he played from his hand."""
    banned: list[tuple[int, int]] = field(default_factory=list)
    """(log index, cards) of every draw by choice: he held none of those cards then (H-10)."""


@dataclass
class _Decision:
    index: int
    seat: int
    kind: int
    observed: Action
    follow: int
    hand_sizes: tuple[int, ...]
    draw_index: int = -1
    """AFTER_DRAW: the log index of the card drawn."""


@dataclass
class _Prepared:
    seat: int
    num_seats: int
    length: int
    histories: dict[int, _SeatHistory]
    decisions: list[_Decision]
    played_at: dict[int, list[int]]
    """Card → log indices where it was played (by anyone), or was the starter (-1)."""
    restocks: list[int]


class HundredOneBeliefs:
    """Weighs sampled deals of 101 by the heuristic model of the other players."""

    def __init__(self, rules: HundredOneRules, epsilon: float = 0.1) -> None:
        self.rules = rules
        self.epsilon = epsilon
        self.policy = heuristic_choice
        self.voluntary = rules.options.voluntary_draw
        self.hand_size = rules.hand_size
        self.rng = random.Random(0)  # the heuristic of 101 draws no random numbers

    # ----- reading the public log once ------------------------------------------------------

    def prepare(self, view: HundredOneView) -> _Prepared:
        n = view.num_seats
        me = view.seat
        log = view.log
        starter = view.starter
        assert starter is not None, "beliefs are prepared during a hand"
        histories = {s: _SeatHistory() for s in range(n) if s != me}
        sizes = [self.hand_size] * n
        played_at: dict[int, list[int]] = {starter: [INITIAL]}
        restocks: list[int] = []
        decisions: list[_Decision] = []
        follow = QUEENS if starter & 15 == QUEEN else FOLLOW[starter]
        chose_draw = -1  # the seat that drew by choice, until his turn ends
        for i, entry in enumerate(log):
            who = entry >> 8
            code = entry & 255
            history = histories.get(who)
            if code < SUIT_BASE:
                after_draw = chose_draw == who and i >= 1 and log[i - 1] & 255 == DREW
                if history is not None:
                    if after_draw:
                        history.known[i - 1] = code
                        decisions.append(
                            _Decision(i, who, AFTER_DRAW, code, follow, tuple(sizes), i - 1)
                        )
                    else:
                        history.plays.append((i, code))
                        decisions.append(_Decision(i, who, PLAY, code, follow, tuple(sizes)))
                chose_draw = -1
                sizes[who] -= 1
                played_at.setdefault(code, []).append(i)
                follow = QUEENS if code & 15 == QUEEN else FOLLOW[code]
            elif code < SUIT_BASE + 4:
                if history is not None:
                    decisions.append(_Decision(i, who, NAME_SUIT, code, follow, tuple(sizes)))
                follow = NAMED_FOLLOW[code - SUIT_BASE]
            elif code == DRAW:
                if history is not None:
                    decisions.append(_Decision(i, who, PLAY, DRAW, follow, tuple(sizes)))
                    if not self.voluntary:
                        history.banned.append((i, follow & ~QUEENS))
                chose_draw = who
            elif code == DREW:
                if history is not None:
                    history.draws.append(i)
                sizes[who] += 1
            elif code == PASS:
                if history is not None and i >= 1 and log[i - 1] & 255 == DREW:
                    decisions.append(
                        _Decision(i, who, AFTER_DRAW, PASS, follow, tuple(sizes), i - 1)
                    )
                chose_draw = -1
            elif code == RESTOCK:
                restocks.append(i)
            else:  # NOTHING: his turn ends
                chose_draw = -1
        for history in histories.values():
            history.draws = [i for i in history.draws if i not in history.known]
        return _Prepared(me, n, len(log), histories, decisions, played_at, restocks)

    def vary(self, sample: HundredOneState, rng: random.Random) -> HundredOneState:
        """Another deal as likely as ``sample``: the same hands, the stock reshuffled (its
        order says nothing of the others' plays)."""
        state = sample.clone()
        stock = list(state.stock)
        rng.shuffle(stock)
        state.stock = stock
        return state

    # ----- weighing one sampled deal --------------------------------------------------------

    def weight(self, prepared: _Prepared, sample: HundredOneState, rng: random.Random) -> float:
        hands_now = sample.hands
        cards_of: dict[int, int] = {}  # log index of a draw → its card
        hands: dict[int, int] = {}
        for s, history in prepared.histories.items():
            initial = self._assign(prepared, history, hands_now[s], cards_of, rng)
            if initial is None:
                return 0.0
            hands[s] = initial
        for history in prepared.histories.values():
            cards_of.update(history.known)
        return self._replay(prepared, hands, cards_of)

    def _assign(
        self,
        prepared: _Prepared,
        history: _SeatHistory,
        held: int,
        cards_of: dict[int, int],
        rng: random.Random,
    ) -> int | None:
        """Give each unknown draw of this player a card (into ``cards_of``); return the mask
        of the cards he was dealt, or None when no history fits."""
        end = prepared.length
        items = [(index, card) for index, card in history.plays]
        items.extend((end, card) for card in cards_in(held))
        slots = [INITIAL] * self.hand_size + history.draws
        if len(items) != len(slots):
            return None
        fits: list[list[int]] = []  # for each item, the slots it may have come from
        for deadline, card in items:
            low = self._lowest(prepared, card, deadline)
            options = [
                k
                for k, time in enumerate(slots)
                if low < time < deadline
                and not any(
                    time < d < deadline and banned >> card & 1 for d, banned in history.banned
                )
            ]
            rng.shuffle(options)
            fits.append(options)
        owner = _matching(fits, len(slots), rng)
        if owner is None:
            return None
        initial = 0
        for k, item in enumerate(owner):
            card = items[item][1]
            if slots[k] == INITIAL:
                initial |= 1 << card
            else:
                cards_of[slots[k]] = card
        return initial

    @staticmethod
    def _lowest(prepared: _Prepared, card: int, deadline: int) -> int:
        """The earliest moment (exclusive) the card may have come into a hand to be held at
        ``deadline``: after its last appearance in the pile and the reshuffle that freed it."""
        seen = [i for i in prepared.played_at.get(card, ()) if i < deadline]
        if not seen:
            return INITIAL - 1
        last = seen[-1]
        return next((r for r in prepared.restocks if r > last), deadline)

    def _replay(
        self, prepared: _Prepared, hands: dict[int, int], cards_of: dict[int, int]
    ) -> float:
        policy = self.policy
        rules = self.rules
        epsilon = self.epsilon
        n = prepared.num_seats
        weight = 1.0
        decisions = iter(prepared.decisions)
        upcoming = next(decisions, None)
        # Walk the log: draws add cards, plays remove them, decisions are weighed.
        for i, (who, time_card) in enumerate(_moves(prepared, cards_of)):
            while upcoming is not None and upcoming.index == i:
                d = upcoming
                hand = hands[d.seat]
                if d.kind == PLAY:
                    playable = hand & d.follow
                    legal: tuple[Action, ...] = cards_in(playable)
                    if not playable & ~QUEENS or self.voluntary:
                        legal = (*legal, DRAW)
                elif d.kind == AFTER_DRAW:
                    drawn = cards_of.get(d.draw_index, -1)
                    legal = (drawn, PASS) if drawn >= 0 and d.follow >> drawn & 1 else (PASS,)
                else:
                    legal = SUIT_ACTIONS
                if d.observed not in legal:
                    return 0.0
                if len(legal) > 1:
                    seat_view = _SeatView(d.seat, n, cards_in(hand), d.hand_sizes, legal)
                    expected = policy(rules, seat_view, self.rng)
                    share = epsilon / len(legal)
                    weight *= (1.0 - epsilon + share) if expected == d.observed else share
                upcoming = next(decisions, None)
            if who in hands:
                hands[who] ^= 1 << time_card
        return weight


def _matching(fits: list[list[int]], slots: int, rng: random.Random) -> list[int] | None:
    """A perfect matching of items to slots (augmenting paths, items in random order):
    for each slot, its item; None when there is none."""
    owner = [-1] * slots

    def place(item: int, seen: list[bool]) -> bool:
        for k in fits[item]:
            if not seen[k]:
                seen[k] = True
                if owner[k] < 0 or place(owner[k], seen):
                    owner[k] = item
                    return True
        return False

    order = list(range(len(fits)))
    rng.shuffle(order)
    for item in order:
        if not place(item, [False] * slots):
            return None
    return owner


def _moves(prepared: _Prepared, cards_of: dict[int, int]) -> list[tuple[int, int]]:
    """For every log index: (seat, card) when a card entered or left that seat's hand, else
    (-1, 0)."""
    out: list[tuple[int, int]] = [(-1, 0)] * prepared.length
    for s, history in prepared.histories.items():
        for index, card in history.plays:
            out[index] = (s, card)
        for index in history.draws:
            out[index] = (s, cards_of[index])
        for index, card in history.known.items():
            out[index] = (s, card)
            out[index + 1] = (s, card)
    return out
