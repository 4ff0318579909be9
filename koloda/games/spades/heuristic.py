"""Spades played like a club player.

Bids count sure and likely tricks (aces, guarded kings, high and long spades, ruffs from
short suits); weak hands bid nil. A nil bidder ducks and sheds his high cards; his partner
covers him by overtaking his cards and leading high. Otherwise: win cheaply while the side
still needs tricks, and once the contract is made stop taking tricks when overtricks do not
help (with the bag penalty on).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from koloda.core.cards import ACE, JACK, KING, QUEEN, SPADES, SUIT_MASK, Card
from koloda.core.engine import Action
from koloda.core.trick_reading import beats, unseen_higher, winning_index
from koloda.games.spades.actions import (
    BID_BASE,
    BID_DOUBLE_NIL,
    DISCARD_BASE,
    GIVE_BASE,
    LOOK,
    NIL,
    pack,
)

if TYPE_CHECKING:
    from koloda.games.spades.rules import SpadesRules
    from koloda.games.spades.view import SpadesView


FULL_DECK = SUIT_MASK[0] | SUIT_MASK[1] | SUIT_MASK[2] | SUIT_MASK[3]


def estimate_tricks(hand: tuple[Card, ...]) -> float:
    """Sure and likely tricks of a hand with spades trump."""
    by_suit: list[list[int]] = [[], [], [], []]
    for card in hand:
        by_suit[card >> 4].append(card & 15)
    tricks = 0.0
    spades = sorted(by_suit[SPADES], reverse=True)
    for suit in range(1, 4):
        ranks = by_suit[suit]
        length = len(ranks)
        if ACE in ranks:
            tricks += 1.0 if length <= 5 else 0.7
        if KING in ranks and length >= 2:
            tricks += 0.8 if ACE in ranks else 0.55
        if QUEEN in ranks and length >= 3 and (ACE in ranks or KING in ranks):
            tricks += 0.3
        if length <= 1 and len(spades) >= 2:
            tricks += 0.8 if length == 0 else 0.5  # ruffs
    for i, rank in enumerate(spades):
        if rank >= QUEEN - i or (rank >= JACK and len(spades) >= 4):
            tricks += 1.0
    tricks += max(0, len(spades) - 3) * 0.8
    return tricks


def choose(rules: SpadesRules, view: SpadesView, rng: random.Random) -> Action:
    legal = view.legal_actions
    first = legal[0]
    if LOOK in legal:
        return LOOK
    if BID_BASE <= first <= BID_DOUBLE_NIL:
        return _bid(view, legal)
    if first >= GIVE_BASE:
        return _give(view, legal)
    if first >= DISCARD_BASE:
        return _discard(view, legal)
    return _play(rules, view, legal)


def _bid(view: SpadesView, legal: Any) -> Action:
    hand = view.hand
    partner = (view.seat + 2) % 4
    estimate = estimate_tricks(hand)
    spades = [c & 15 for c in hand if c >> 4 == SPADES]
    high_spade = max(spades, default=-1)
    aces_kings = sum(1 for c in hand if c & 15 >= KING)
    partner_nil = view.bids[partner] in (NIL, 14)
    if (
        not partner_nil
        and estimate < 1.6
        and high_spade < JACK
        and len(spades) <= 3
        and aces_kings <= 1
        and BID_BASE + NIL in legal
    ):
        return BID_BASE + NIL
    bid = max(1, min(13, round(estimate)))
    if partner_nil:
        bid = min(13, max(bid, round(estimate + 0.5)))  # carry the side alone
    return BID_BASE + bid


def _discard(view: SpadesView, legal: Any) -> Action:
    hand = sorted(view.hand, key=lambda c: (c & 15) + (3 if c >> 4 == SPADES else 0))
    action = DISCARD_BASE + pack(hand[-3:])  # shed the three most dangerous cards
    return action if action in legal else legal[0]


def _give(view: SpadesView, legal: Any) -> Action:
    hand = sorted(view.hand, key=lambda c: (c & 15) + (6 if c >> 4 == SPADES else 0))
    action = GIVE_BASE + pack(hand[:3])  # give the nil partner our lowest cards
    return action if action in legal else legal[0]


def _play(rules: SpadesRules, view: SpadesView, legal: tuple[Action, ...]) -> Action:
    seat = view.seat
    partner = (seat + 2) % 4
    played = 0
    for _, card in view.plays:
        played |= 1 << card
    own = sum(1 << c for c in view.hand)
    unseen = FULL_DECK & ~played & ~own
    trick = [card for _, card in view.trick]
    trick_seats = [s for s, _ in view.trick]
    bids = view.bids
    won = view.tricks_won
    me_nil = bids[seat] in (NIL, 14) and won[seat] == 0
    partner_nil = bids[partner] in (NIL, 14) and won[partner] == 0
    if me_nil:
        return _duck(trick, legal, unseen)
    if bids[seat] in (NIL, 14):
        return min(legal, key=lambda c: (c >> 4 == SPADES, c & 15))  # nil already lost
    side_bid = sum(b for s, b in enumerate(bids) if s % 2 == seat % 2 and b not in (NIL, 14))
    side_won = won[seat] + won[partner]
    made = side_won >= side_bid
    avoid_bags = made and rules.options.bags_penalty
    if not trick:
        if partner_nil:
            return max(legal, key=lambda c: (unseen_higher(c, unseen) == 0, c & 15))
        masters = [c for c in legal if unseen_higher(c, unseen) == 0 and c >> 4 != SPADES]
        if masters and not avoid_bags:
            return max(masters)
        side = [c for c in legal if c >> 4 != SPADES] or list(legal)
        return min(side, key=lambda c: ((own & SUIT_MASK[c >> 4]).bit_count(), c & 15))
    best_index = winning_index(trick, SPADES)
    best = trick[best_index]
    best_seat = trick_seats[best_index]
    winners = [c for c in legal if beats(c, best, SPADES)]
    last = len(trick) == 3
    if partner_nil and partner in trick_seats and best_seat == partner and winners:
        return min(winners, key=lambda c: (c >> 4 == SPADES, c))  # cover the nil partner
    if partner_nil and partner not in trick_seats and winners:
        return max(winners, key=lambda c: (c >> 4 != SPADES, c))  # win before he must
    partner_winning = best_seat == partner and (last or unseen_higher(best, unseen) == 0)
    if winners and not partner_winning and not avoid_bags:
        if last:
            return min(winners, key=lambda c: (c >> 4 == SPADES, c))
        safe = [c for c in winners if unseen_higher(c, unseen) == 0 or c >> 4 == SPADES]
        if safe:
            return min(safe, key=lambda c: (c >> 4 == SPADES, c))
    if avoid_bags:
        under = [c for c in legal if not beats(c, best, SPADES)]
        if under:
            return max(under, key=lambda c: (c >> 4 != SPADES, c & 15))
    return min(legal, key=lambda c: (c >> 4 == SPADES, c & 15))


def _duck(trick: list[Card], legal: tuple[Action, ...], unseen: int) -> Action:
    """A nil bidder: stay under the trick's best card, shedding the highest such card."""
    if not trick:
        return min(legal, key=lambda c: (c >> 4 == SPADES, -unseen_higher(c, unseen), c & 15))
    best = trick[winning_index(trick, SPADES)]
    under = [c for c in legal if not beats(c, best, SPADES)]
    if under:
        return max(under, key=lambda c: (c >> 4 == SPADES, c & 15))
    return min(legal)
