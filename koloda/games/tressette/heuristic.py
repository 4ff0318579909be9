"""Tressette played like a club player.

Lead from the long suit (its master card first, else a low card), keep the high cards (3s,
2s) to capture the counting cards, give counting cards to a partner who is winning the
trick, trump with the low trump hearts when a trick is worth it, and throw cheap cards
from short suits otherwise.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from koloda.core.cards import HEARTS, SUIT_MASK, Card
from koloda.core.engine import Action
from koloda.games.tressette.scoring import (
    COUNTING_MASK,
    DECK_MASK,
    POWER_PLAIN,
    POWER_SPECIAL,
    STRENGTH,
    TRUMP_HEARTS,
)

if TYPE_CHECKING:
    from koloda.games.tressette.rules import TressetteRules
    from koloda.games.tressette.view import TressetteView


def _counts(card: Card) -> bool:
    return bool(COUNTING_MASK >> card & 1)


def choose(rules: TressetteRules, view: TressetteView, rng: random.Random) -> Action:
    legal: tuple[Action, ...] = view.legal_actions
    special = rules.options.hearts_special
    power = POWER_SPECIAL if special else POWER_PLAIN
    trumps = TRUMP_HEARTS if special else 0
    seat = view.seat
    partner = (seat + 2) % 4
    played = 0
    for _, card in view.plays:
        played |= 1 << card
    own = sum(1 << c for c in view.hand)
    unseen = DECK_MASK & ~played & ~own

    def is_master(card: Card) -> bool:
        suit_unseen = unseen & SUIT_MASK[card >> 4]
        return all(STRENGTH[c] < STRENGTH[card] for c in _bits(suit_unseen))

    trick = [card for _, card in view.trick]
    seats = [s for s, _ in view.trick]
    if not trick:
        masters = [c for c in legal if is_master(c) and not trumps >> c & 1]
        if masters:
            return max(masters, key=lambda c: (_counts(c), STRENGTH[c]))
        lengths = {s: (own & SUIT_MASK[s]).bit_count() for s in range(4)}
        plain = [c for c in legal if c >> 4 != HEARTS] or list(legal)
        return max(plain, key=lambda c: (lengths[c >> 4], -STRENGTH[c], not _counts(c)))
    base = (trick[0] >> 4) << 8  # the trick kernel's power table: lead_suit << 8 | card
    best_index = max(range(len(trick)), key=lambda i: power[base + trick[i]])
    best_power = power[base + trick[best_index]]
    partner_best = seats[best_index] == partner
    last = len(trick) == 3
    value = sum(1 for c in trick if _counts(c))
    winners = [c for c in legal if power[base + c] > best_power]
    partner_safe = partner_best and (
        last or _master_in_trick(trick[best_index], unseen, power, base)
    )
    if partner_safe or (partner_best and not winners):
        give = [c for c in legal if _counts(c) and not is_master(c)]
        if give:
            return max(give, key=lambda c: -STRENGTH[c])  # support the partner
        return min(legal, key=lambda c: (STRENGTH[c], power[base + c]))
    if winners and (value >= 1 or last or any(_counts(c) for c in winners)):
        if last:
            return max(winners, key=lambda c: (_counts(c), -power[base + c]))
        safe = [c for c in winners if is_master(c) or trumps >> c & 1]
        if safe:
            return min(safe, key=lambda c: power[base + c])
    # cannot (or need not) win: throw a cheap card from a short suit
    lengths = {s: (own & SUIT_MASK[s]).bit_count() for s in range(4)}
    return min(
        legal,
        key=lambda c: (_counts(c), bool(trumps >> c & 1), STRENGTH[c], lengths[c >> 4]),
    )


def _master_in_trick(card: Card, unseen: int, power: tuple[int, ...], base: int) -> bool:
    """Whether no unseen card could beat ``card`` in this trick."""
    mine = power[base + card]
    return all(power[base + c] <= mine for c in _bits(unseen))


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
