"""Dealing unseen cards to seats under Tressette's constraints (for ``sample_state``).

Besides the voids of ``koloda.core.sampling`` a Tressette hand is constrained by its public
declarations: at most two cards of every rank it declared no triple in, never the whole 3 2 A
of a suit without a declared Баба, and so on (``declarations.hidden_constraints``). Those are
"at most k of this set" caps, which the core helper does not know, hence this small sampler.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from koloda.core.cards import Card, CardSet
from koloda.core.sampling import InconsistentViewError


def deal_constrained(
    unseen: Sequence[Card],
    needs: dict[int, int],
    excluded: dict[int, CardSet],
    caps: dict[int, list[tuple[CardSet, int]]],
    rng: random.Random,
    tries: int = 64,
) -> dict[int, list[Card]]:
    """Give every seat in ``needs`` that many of ``unseen``: none of its ``excluded`` cards,
    and for each ``(mask, most)`` of its caps at most ``most`` cards of ``mask``.

    Random placement (most constrained cards first) is tried a few times; then an exhaustive
    backtracking search in random order finds a deal or proves that none exists.
    """
    if sum(needs.values()) != len(unseen):
        raise InconsistentViewError(
            f"{len(unseen)} unseen cards for {sum(needs.values())} places in hands"
        )
    seats = list(needs)
    for seat in seats:
        for _, most in caps.get(seat, ()):
            if most < 0:
                raise InconsistentViewError(f"seat {seat} already breaks its declarations")
    eligible = {c: [s for s in seats if not excluded.get(s, 0) >> c & 1] for c in unseen}

    for _ in range(tries):
        order = list(unseen)
        rng.shuffle(order)
        order.sort(key=lambda c: len(eligible[c]))
        room = dict(needs)
        left = {s: [[m, most] for m, most in caps.get(s, ())] for s in seats}
        hands: dict[int, list[Card]] = {s: [] for s in seats}
        for card in order:
            choices = [s for s in eligible[card] if room[s] > 0 and _fits(left[s], card)]
            if not choices:
                break
            seat = rng.choices(choices, weights=[room[s] for s in choices])[0]
            hands[seat].append(card)
            room[seat] -= 1
            _take(left[seat], card, -1)
        else:
            return hands
    return _backtrack(unseen, needs, eligible, caps, rng)


def _fits(allowances: list[list[int]], card: Card) -> bool:
    return all(most > 0 for mask, most in allowances if mask >> card & 1)


def _take(allowances: list[list[int]], card: Card, change: int) -> None:
    for allowance in allowances:
        if allowance[0] >> card & 1:
            allowance[1] += change


def _backtrack(
    unseen: Sequence[Card],
    needs: dict[int, int],
    eligible: dict[Card, list[int]],
    caps: dict[int, list[tuple[CardSet, int]]],
    rng: random.Random,
) -> dict[int, list[Card]]:
    order = sorted(unseen, key=lambda c: (len(eligible[c]), rng.random()))
    room = dict(needs)
    left = {s: [[m, most] for m, most in caps.get(s, ())] for s in needs}
    hands: dict[int, list[Card]] = {s: [] for s in needs}

    def place(i: int) -> bool:
        if i == len(order):
            return True
        card = order[i]
        choices = [s for s in eligible[card] if room[s] > 0 and _fits(left[s], card)]
        rng.shuffle(choices)
        for seat in choices:
            hands[seat].append(card)
            room[seat] -= 1
            _take(left[seat], card, -1)
            if place(i + 1):
                return True
            hands[seat].pop()
            room[seat] += 1
            _take(left[seat], card, 1)
        return False

    if not place(0):
        raise InconsistentViewError("no deal of the unseen cards agrees with the view")
    return hands
