"""The trick-play kernel of King, Spades and Tressette.

What the three games share: follow suit when able, the trick goes to the strongest card by
the game's rank order and trumps, and the deal's plays are kept in order. A game keeps only
its own rules: its extra constraints on the cards a seat may play, given as three masks of
data (``lead_first``, ``follow_first``, ``discard_first``), the decisions before the play,
and what a taken trick brings.

The strength of every card in a trick is one look-up in a power table indexed by
``lead_suit << 8 | seat << 6 | card`` (a play code with its lead suit): a trump has
``TRUMP_BONUS`` plus its rank strength, a card of the led suit its rank strength, any other
card 0; the play with the highest power takes the trick and its code names the winner.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import ClassVar

from koloda.core.cards import CARDS_CACHE, SUIT_MASK, SUITS, Card, CardSet, cards_in
from koloda.core.decks import RankOrder
from koloda.core.engine import Action, Seat
from koloda.core.errors import IllegalActionError
from koloda.core.events import CardPlayed, Event
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


class TrickGameState(WholeDeckState):
    """A trick game's state: the hands, the trick in progress and every play of the deal.

    ``_step`` plays a card (the hot path) and settles a complete trick; the game gives the
    decisions before the play (``_decide``) and what a taken trick brings (``_trick_taken``).
    """

    PLAY_PHASE: ClassVar[int]
    """The phase in which cards are played."""
    KEEPS_TRICK_CARDS: ClassVar[bool] = True
    """Whether ``_trick_taken`` needs the trick's cards as a set (built only then: every
    shifted card bit is a new int object)."""

    _play_phase: int
    """``PLAY_PHASE`` in a slot: faster to read on the hot path than a class attribute."""
    _keeps_cards: bool
    """``KEEPS_TRICK_CARDS`` in a slot."""
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
    watched: CardSet
    """Cards whose play the game must see first (``_watched_card``), e.g. unbroken spades."""

    def _new_tricks(self, hands: Sequence[CardSet], leader: Seat) -> None:
        """A new deal: these hands, no card played, ``leader`` to lead (-1: not yet known),
        and no constraint beyond following suit until the game sets some."""
        n = self.num_seats
        self._play_phase = self.PLAY_PHASE
        self._keeps_cards = self.KEEPS_TRICK_CARDS
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
        self.watched = 0

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
        """The cards of ``legal_card_mask``, lowest code first, as a shared tuple (the same
        rule written out again: this is the hot path of every playout)."""
        seat = self.to_act_seat
        if seat < 0:
            return ()
        hand = self.hands[seat]
        if self.trick_count:
            follow = hand & SUIT_MASK[self.lead_suit]
            if follow:
                hand = follow & self.follow_first or follow
            else:
                hand = hand & self.discard_first or hand
        else:
            hand = hand & self.lead_first[seat] or hand
        return _cached_cards(hand) or cards_in(hand)

    # ----- playing -------------------------------------------------------------------------

    def _step(self, action: Action, events: list[Event] | None = None) -> None:
        """A card (the hot path): follow the trick, and settle it when complete; any other
        decision goes to the game's ``_decide``."""
        if self.phase != self._play_phase:
            self._decide(action, events)
            return
        seat = self.to_act_seat
        if events is not None:
            events.append(CardPlayed(seat, action))
        watched = self.watched
        if watched and watched >> action & 1:
            self._watched_card(seat, action, events)
        self.hands[seat] ^= 1 << action
        history = self.history
        history.append(seat << 6 | action)
        count = self.trick_count + 1
        n = self.num_seats
        if count < n:
            if count == 1:
                self.lead_suit = action >> 4
            self.trick_count = count
            self.to_act_seat = seat + 1 if seat + 1 < n else 0
            return
        # The strongest play by the power table (rank order, trumps) takes the trick.
        power = self.power
        base = self.lead_suit << 8
        if n == 4:  # unrolled: four look-ups
            p0, p1, p2, p3 = history[-4:]
            best = p0
            best_power = power[base | p0]
            play_power = power[base | p1]
            if play_power > best_power:
                best = p1
                best_power = play_power
            play_power = power[base | p2]
            if play_power > best_power:
                best = p2
                best_power = play_power
            if power[base | p3] > best_power:
                best = p3
            if self._keeps_cards:
                cards = 1 << (p0 & 63) | 1 << (p1 & 63) | 1 << (p2 & 63) | 1 << (p3 & 63)
            else:
                cards = 0
        else:
            best = history[-n]
            best_power = power[base | best]
            cards = 1 << (best & 63)
            for index in range(1 - n, 0):
                play = history[index]
                cards |= 1 << (play & 63)
                play_power = power[base | play]
                if play_power > best_power:
                    best = play
                    best_power = play_power
        winner = best >> 6
        self.trick_count = 0
        self.tricks[winner] += 1
        self.tricks_played += 1
        self.trick_leader = winner
        self.to_act_seat = winner
        self._trick_taken(winner, cards, events)

    _play = _step
    """Views replay a deal's cards through it."""

    def _decide(self, action: Action, events: list[Event] | None) -> None:
        """A decision other than a card (bids, orders, trumps, exchanges)."""
        raise IllegalActionError(str(action), "no decision is due", [])

    def _watched_card(self, seat: Seat, card: Card, events: list[Event] | None) -> None:
        """A card of ``watched`` is about to be played (the trick not yet changed)."""

    def _trick_taken(self, winner: Seat, cards: CardSet, events: list[Event] | None) -> None:
        """What the trick just taken by ``winner`` brings (``cards``: its cards as a set, or 0
        unless ``KEEPS_TRICK_CARDS``); the game ends the deal here."""
        raise NotImplementedError
