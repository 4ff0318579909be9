"""King played like a club player.

Negative deals: duck under the card winning the trick, shed the dangerous cards (high cards,
the contract's penalty cards) when void, lead low from suits where others hold lower cards
than... fewer higher ones, never take K♥ / queens / jacks when it can be avoided. Positive
deals: name the trump from the hand, win tricks cheaply, ruff when void. The order variant
orders the game that suits the hand best compared with what that game costs on average.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from koloda.core.cards import HEARTS, JACK, KING, QUEEN, SUIT_MASK, Card
from koloda.core.engine import Action
from koloda.core.trick_reading import beats, unseen_higher, unseen_lower, winning_index
from koloda.games.king.actions import (
    ERELASH,
    LAST_TWO,
    NO_HEARTS,
    NO_JACKS,
    NO_KING,
    NO_QUEENS,
    NO_TRICKS,
    ORDER_BASE,
    POSITIVE,
    TRUMP_BASE,
    TRUMP_LAST,
)

if TYPE_CHECKING:
    from koloda.games.king.rules import KingRules
    from koloda.games.king.view import KingView


KING_OF_HEARTS = HEARTS << 4 | KING


def penalty_of(card: Card, contract: int) -> int:
    """How much giving this card away (in somebody else's trick) helps in this contract."""
    rank = card & 15
    value = 0
    if contract in (NO_JACKS, ERELASH) and rank == JACK:
        value += 4
    if contract in (NO_QUEENS, ERELASH) and rank == QUEEN:
        value += 4
    if contract in (NO_HEARTS, ERELASH) and card >> 4 == HEARTS:
        value += 2
    if contract in (NO_KING, ERELASH) and card == KING_OF_HEARTS:
        value += 16
    return value


def choose(rules: KingRules, view: KingView, rng: random.Random) -> Action:
    legal: tuple[Action, ...] = view.legal_actions
    if legal[0] >= ORDER_BASE and legal[0] < TRUMP_BASE:
        return _order(rules, view)
    if legal[0] >= TRUMP_BASE:
        return _trump(view, legal)
    played = 0
    for _, card in view.plays:
        played |= 1 << card
    own = 0
    for card in view.hand:
        own |= 1 << card
    unseen = rules.deck_mask & ~played & ~own
    if view.contract == POSITIVE:
        return _positive(view, legal, unseen)
    return _negative(view, legal, unseen)


# ----- negative deals -----------------------------------------------------------------------


def _danger(card: Card, unseen: int, hand: int) -> float:
    """How likely the card is to take a trick: unseen lower cards it would beat, few of
    its own suit to hide behind."""
    lower = unseen_lower(card, unseen)
    higher = unseen_higher(card, unseen)
    length = (hand & SUIT_MASK[card >> 4]).bit_count()
    return lower - 1.5 * higher + 0.2 * (card & 15) - 0.3 * length


def _negative(view: KingView, legal: tuple[Action, ...], unseen: int) -> Action:
    contract = view.contract
    assert contract is not None, "a negative deal has its contract"
    hand = sum(1 << c for c in view.hand)
    trick = [card for _, card in view.trick]
    n = view.num_seats
    tricks_left = len(view.hand)
    late_danger = contract == LAST_TWO and tricks_left > 2
    if not trick:
        if late_danger:  # take the early tricks with high cards, keep low ones for the end
            return max(legal, key=lambda c: (c & 15, -unseen_lower(c, unseen)))
        # lead the card least likely to win, avoiding our own penalty cards
        return min(
            legal,
            key=lambda c: (
                _danger(c, unseen, hand)
                + 2.0 * penalty_of(c, contract)
                + (3.0 if contract in (NO_HEARTS, ERELASH) and c >> 4 == HEARTS else 0.0)
            ),
        )
    best = trick[winning_index(trick, -1)]
    lead = trick[0] >> 4
    last = len(trick) == n - 1
    if legal[0] >> 4 == lead and all(c >> 4 == lead for c in legal):
        under = [c for c in legal if not beats(c, best, -1)]
        if late_danger:
            return max(legal)
        if under:  # duck as high as possible, shedding penalty cards on others
            return max(under, key=lambda c: (penalty_of(c, contract), c))
        if last:  # taking it anyway: take it with the highest card
            return max(legal, key=lambda c: (-penalty_of(c, contract), c))
        return min(legal)
    # void in the led suit: discard the most dangerous card
    return max(
        legal,
        key=lambda c: (
            penalty_of(c, contract) * 3.0
            + _danger(c, unseen, hand)
            + (2.0 if (hand & SUIT_MASK[c >> 4]).bit_count() == 1 else 0.0)
        ),
    )


# ----- positive deals -----------------------------------------------------------------------


def _positive(view: KingView, legal: tuple[Action, ...], unseen: int) -> Action:
    trump = view.trump if view.trump is not None else -1
    trick = [card for _, card in view.trick]
    n = view.num_seats
    hand = sum(1 << c for c in view.hand)
    if not trick:
        trumps = [c for c in legal if c >> 4 == trump]
        unseen_trumps = (unseen & SUIT_MASK[trump]).bit_count() if trump >= 0 else 0
        if trumps and view.declarer == view.seat and unseen_trumps and len(trumps) >= 3:
            return max(trumps)  # draw the trumps out
        masters = [c for c in legal if unseen_higher(c, unseen) == 0 and c >> 4 != trump]
        if masters:
            return max(masters)
        # lead low from the shortest side suit to make a void for ruffing
        side = [c for c in legal if c >> 4 != trump] or list(legal)
        return min(side, key=lambda c: ((hand & SUIT_MASK[c >> 4]).bit_count(), c & 15))
    best = trick[winning_index(trick, trump)]
    last = len(trick) == n - 1
    winners = [c for c in legal if beats(c, best, trump)]
    if winners:
        if last:
            return min(winners, key=lambda c: (c >> 4 == trump, c))
        safe = [c for c in winners if c >> 4 == trump or unseen_higher(c, unseen) == 0]
        if safe:
            return min(safe, key=lambda c: (c >> 4 == trump, c))
        if best >> 4 != trump or winners[0] >> 4 == trump:
            return max(winners) if winners[0] >> 4 != trump else min(winners)
    # cannot win: throw the cheapest card, from a short side suit first
    return min(
        legal,
        key=lambda c: (c >> 4 == trump, c & 15, (hand & SUIT_MASK[c >> 4]).bit_count()),
    )


def _suit_strength(cards: list[Card], suit: int) -> float:
    mine = [c for c in cards if c >> 4 == suit]
    return 1.0 * len(mine) + sum(max(0, (c & 15) - 8) * 0.5 for c in mine)


def _trump(view: KingView, legal: tuple[Action, ...]) -> Action:
    cards = list(view.hand)
    scores = {TRUMP_BASE + s: _suit_strength(cards, s) for s in range(4)}
    best = max(scores, key=lambda a: scores[a])
    if TRUMP_LAST in legal and len(cards) < 8:
        counts = [sum(1 for c in cards if c >> 4 == s) for s in range(4)]
        if max(counts) < 2 and scores[best] < 2.5:
            return TRUMP_LAST  # nothing to build on: take the suit of the last card
    return best


# ----- the order variant --------------------------------------------------------------------

_BASELINE = {
    NO_TRICKS: -4.0,
    NO_JACKS: -4.0,
    NO_QUEENS: -4.0,
    NO_HEARTS: -4.0,
    LAST_TWO: -4.0,
    NO_KING: -4.0,
    ERELASH: -24.0,
    POSITIVE: 6.0,
}


def _order(rules: KingRules, view: KingView) -> Action:
    cards = list(view.hand)
    n = view.num_seats
    high = [c for c in cards if (c & 15) >= 11]  # kings and aces
    lengths = [sum(1 for c in cards if c >> 4 == s) for s in range(4)]
    lows = [c for c in cards if (c & 15) <= 7]  # 7, 8, 9 of the 32-card deck
    strength = len(high) + 0.5 * sum(1 for c in cards if c & 15 == QUEEN)
    hearts = [c for c in cards if c >> 4 == HEARTS]
    share = 1.0 / n

    def guarded(rank: int) -> float:
        """Expected penalty items of this rank kept by us: unguarded ones are risky."""
        risk = 0.0
        for c in cards:
            if c & 15 == rank:
                suit_low = sum(1 for d in cards if d >> 4 == c >> 4 and d < c)
                risk += 0.9 if suit_low == 0 else 0.6 / suit_low
        return risk

    estimate = {
        NO_TRICKS: -2.0 * (8 * share + 0.8 * strength - 0.4 * len(lows)),
        NO_JACKS: -4.0 * (guarded(JACK) + 0.2 * strength),
        NO_QUEENS: -4.0 * (guarded(QUEEN) + 0.2 * strength),
        NO_HEARTS: -2.0 * (2 + 0.6 * sum(1 for c in hearts if (c & 15) >= 10) + 0.2 * strength),
        LAST_TWO: -8.0 * (0.5 - 0.1 * len(lows) + 0.15 * strength),
        NO_KING: -16.0
        * (0.7 if KING_OF_HEARTS in cards and len(hearts) < 3 else 0.3 * (len(hearts) < 2)),
        ERELASH: -24.0 * (1 + 0.15 * (strength - 2) - 0.05 * len(lows)),
        POSITIVE: 3.0 * (strength * 0.8 + max(lengths) * 0.6 - 1.0),
    }
    legal: tuple[Action, ...] = view.legal_actions
    return max(legal, key=lambda a: estimate[a - ORDER_BASE] - _BASELINE[a - ORDER_BASE])
