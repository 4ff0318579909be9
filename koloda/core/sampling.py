"""Dealing unseen cards to seats consistently with what is known (for ``sample_state``).

Each seat needs a number of cards, may not hold the cards in its excluded set (voids revealed,
cards it would have had to play), and may be known to hold at least one card of a set.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from koloda.core.cards import Card, CardSet


class InconsistentViewError(ValueError):
    """No deal of the unseen cards agrees with the view."""


def deal_unseen(
    unseen: Sequence[Card],
    needs: dict[int, int],
    excluded: dict[int, CardSet],
    rng: random.Random,
    must_hold_one: dict[int, CardSet] | None = None,
    tries: int = 64,
) -> dict[int, list[Card]]:
    """Give every seat in ``needs`` that many of the ``unseen`` cards, honouring constraints.

    Random assignment (most constrained cards first) is tried a few times; if it keeps
    failing, an exhaustive backtracking search in random order finds a consistent deal or
    proves that none exists.
    """
    if sum(needs.values()) != len(unseen):
        raise InconsistentViewError(
            f"{len(unseen)} unseen cards for {sum(needs.values())} places in hands"
        )
    must = must_hold_one or {}
    seats = list(needs)
    eligible = {c: [s for s in seats if not excluded.get(s, 0) >> c & 1] for c in unseen}

    def satisfied(hands: dict[int, list[Card]]) -> bool:
        for seat, mask in must.items():
            if seat in hands and not any(mask >> c & 1 for c in hands[seat]):
                return False
        return True

    for _ in range(tries):
        order = list(unseen)
        rng.shuffle(order)
        order.sort(key=lambda c: len(eligible[c]))
        room = dict(needs)
        hands: dict[int, list[Card]] = {s: [] for s in seats}
        ok = True
        for card in order:
            choices = [s for s in eligible[card] if room[s] > 0]
            if not choices:
                ok = False
                break
            seat = rng.choices(choices, weights=[room[s] for s in choices])[0]
            hands[seat].append(card)
            room[seat] -= 1
        if ok and satisfied(hands):
            return hands
    return _backtrack(unseen, needs, eligible, rng, satisfied)


def _backtrack(
    unseen: Sequence[Card],
    needs: dict[int, int],
    eligible: dict[Card, list[int]],
    rng: random.Random,
    satisfied: Callable[[dict[int, list[Card]]], bool],
) -> dict[int, list[Card]]:
    order = sorted(unseen, key=lambda c: (len(eligible[c]), rng.random()))
    room = dict(needs)
    hands: dict[int, list[Card]] = {s: [] for s in needs}

    def place(i: int) -> bool:
        if i == len(order):
            return satisfied(hands)
        card = order[i]
        choices = [s for s in eligible[card] if room[s] > 0]
        rng.shuffle(choices)
        for seat in choices:
            hands[seat].append(card)
            room[seat] -= 1
            if place(i + 1):
                return True
            hands[seat].pop()
            room[seat] += 1
        return False

    if not place(0):
        raise InconsistentViewError("no deal of the unseen cards agrees with the view")
    return hands
