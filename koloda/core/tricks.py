"""The trick-play kernel of King, Spades and Tressette.

What the three games share: follow suit when able, the trick goes to the strongest card by
the game's rank order and trumps, and the deal's plays are kept in order. A game keeps only
its own rules: its extra constraints on the cards a seat may play, given as three masks of
data (``lead_first``, ``follow_first``, ``discard_first``), and what a taken trick brings.

The strength of every card in a trick is one look-up in a power table indexed by
``lead_suit << 8 | seat << 6 | card`` (a play code with its lead suit): a trump has
``TRUMP_BONUS`` plus its rank strength, a card of the led suit its rank strength, any other
card 0; the play with the highest power takes the trick and its code names the winner.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from koloda.core.cards import CARDS_CACHE, SUIT_MASK, SUITS, Card, CardSet, cards_in
from koloda.core.decks import RankOrder
from koloda.core.engine import Seat
from koloda.core.state_base import WholeDeckState

TRUMP_BONUS = 100
"""Added to a trump's rank strength: any trump beats any card of another suit."""
MAX_SEATS = 4
"""Play codes keep the seat in two bits."""

Play = int
"""A card played by a seat: ``seat << 6 | card``."""

_cached_cards = CARDS_CACHE.get


@cache
def trick_power(order: RankOrder, trumps: CardSet = 0) -> tuple[int, ...]:
    """The power table of a rank order and a set of trumps (a suit, or Tressette's seven
    trump hearts), indexed by ``lead_suit << 8 | play``."""
    strength = order.strength_table()
    table = []
    for lead in SUITS:
        for _seat in range(MAX_SEATS):
            for card in range(64):
                rank_strength = max(strength[card], 0)
                if trumps >> card & 1:
                    table.append(TRUMP_BONUS + rank_strength)
                elif card >> 4 == lead:
                    table.append(rank_strength)
                else:
                    table.append(0)
    return tuple(table)


def winning_play(trick: Sequence[Play], power: Sequence[int]) -> Play:
    """The play (``seat << 6 | card``) that takes a complete trick, led first."""
    best = trick[0]
    base = (best & 63) >> 4 << 8
    best_power = power[base | best]
    for play in trick[1:]:
        play_power = power[base | play]
        if play_power > best_power:
            best = play
            best_power = play_power
    return best


class TrickGameState(WholeDeckState):
    """A trick game's state: the hands, the trick in progress and every play of the deal.

    ``_lay`` puts a card on the trick and settles a complete trick; the game records what
    the trick brings and when the deal ends.
    """

    hands: list[CardSet]
    num_seats: int
    history: list[Play]
    """Every card of this deal in play order, as ``seat << 6 | card``."""
    trick_count: int
    """How many cards the trick in progress holds."""
    lead_suit: int
    """The suit led to the trick in progress (stale between tricks)."""
    trick_leader: int
    tricks: list[int]
    """Tricks taken per seat in this deal."""
    tricks_played: int
    power: tuple[int, ...]
    """The deal's ``trick_power`` table (its rank order and trumps)."""
    lead_first: tuple[CardSet, ...]
    """Per seat: cards he must lead while he holds any (0: no restriction)."""
    follow_first: CardSet
    """Cards a seat following suit must play while he holds any of the led suit."""
    discard_first: CardSet
    """Cards a seat void in the led suit must play while he holds any (trumps, K♥)."""

    def _new_tricks(self, hands: Sequence[CardSet], leader: Seat) -> None:
        """A new deal: these hands, no card played, ``leader`` to lead (-1: not yet known),
        and no constraint beyond following suit until the game sets some."""
        n = self.num_seats
        self.hands = list(hands)
        self.history = []
        self.trick_count = 0
        self.lead_suit = 0
        self.trick_leader = leader
        self.tricks = [0] * n
        self.tricks_played = 0
        self.lead_first = (0,) * n
        self.follow_first = 0
        self.discard_first = 0

    # ----- the trick in progress and the history -------------------------------------------

    @property
    def trick(self) -> list[Card]:
        """The cards of the trick in progress, led first."""
        count = self.trick_count
        return [p & 63 for p in self.history[len(self.history) - count :]] if count else []

    def seated_plays(self) -> list[tuple[Seat, Card]]:
        """Every card played in this deal with the seat that played it."""
        return [(p >> 6, p & 63) for p in self.history]

    def last_trick(self) -> tuple[Card, ...]:
        """The cards of the trick just completed, led first."""
        return tuple(p & 63 for p in self.history[-self.num_seats :])

    def last_trick_mask(self) -> CardSet:
        """The cards of the trick just completed, as a set."""
        mask = 0
        for play in self.history[-self.num_seats :]:
            mask |= 1 << (play & 63)
        return mask

    # ----- legal cards ---------------------------------------------------------------------

    def legal_card_mask(self) -> CardSet:
        """Follow the led suit if able, else any card; any card to lead (K-5, S-12, T-5),
        within the game's ``follow_first``, ``discard_first`` and ``lead_first``."""
        seat = self.to_act_seat
        if seat < 0:
            return 0
        hand = self.hands[seat]
        if self.trick_count:
            follow = hand & SUIT_MASK[self.lead_suit]
            if follow:
                return follow & self.follow_first or follow
            return hand & self.discard_first or hand
        return hand & self.lead_first[seat] or hand

    def legal_cards(self) -> tuple[Card, ...]:
        """The legal cards, lowest code first, as a shared tuple."""
        mask = self.legal_card_mask()
        return _cached_cards(mask) or cards_in(mask)

    # ----- playing -------------------------------------------------------------------------

    def _lay(self, seat: Seat, card: Card) -> Seat:
        """``seat`` plays ``card``: -1 while the trick goes on (the next seat is to act); when
        it completes the trick, the winner, who has the trick counted and leads next."""
        self.hands[seat] ^= 1 << card
        history = self.history
        history.append(seat << 6 | card)
        count = self.trick_count + 1
        if count == 1:
            self.lead_suit = card >> 4
        n = self.num_seats
        if count < n:
            self.trick_count = count
            self.to_act_seat = seat + 1 if seat + 1 < n else 0
            return -1
        winner = winning_play(history[-n:], self.power) >> 6
        self.trick_count = 0
        self.tricks[winner] += 1
        self.tricks_played += 1
        self.trick_leader = winner
        self.to_act_seat = winner
        return winner
