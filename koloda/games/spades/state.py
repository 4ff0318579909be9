"""A game of Spades in progress: hands to 500 (S-17), each with its bidding and exchange.

Hands are bitmasks; the hot path (``legal_actions``, ``apply_unchecked``, ``clone``) touches
only ints and short lists. Scoring is in ``scoring``, the record notation in ``notation``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from koloda.core.cards import (
    SUIT_MASK,
    SUITS,
    CardSet,
    cards_in,
    cards_of_suit,
    format_card,
    format_suit,
)
from koloda.core.engine import Action, DealLog, DealSetup, Seat
from koloda.core.errors import DealError
from koloda.core.events import CardPlayed, DealScored, DealStarted, Event, GameOver, TrickTaken
from koloda.core.state_base import WholeDeckState
from koloda.games.spades.actions import (
    BID_BASE,
    BID_DOUBLE_NIL,
    DISCARD_BASE,
    GIVE_BASE,
    LOOK,
    NIL,
    NO_BID,
    TripleActions,
    bid_text,
    is_nil_bid,
    is_valid_triple,
    triple_mask,
)
from koloda.games.spades.events import (
    BidMade,
    BlindDealStarted,
    CardsDiscarded,
    CardsExchanged,
    DiscardsReturned,
    HandPickedUp,
    SpadesBroken,
)
from koloda.games.spades.scoring import SideScore, game_winners, score_side

if TYPE_CHECKING:
    from koloda.core.dealing import Shuffler
    from koloda.games.spades.rules import SpadesRules
    from koloda.games.spades.view import SpadesView

PHASE_AWAIT_DEAL, PHASE_BID, PHASE_DISCARD, PHASE_GIVE, PHASE_PLAY, PHASE_OVER = range(6)
PHASE_NAMES = ("between_deals", "bid", "discard", "give", "play", "over")

SPADES_LANE: CardSet = SUIT_MASK[0]
NON_SPADES: CardSet = SUIT_MASK[1] | SUIT_MASK[2] | SUIT_MASK[3]
NUM_TRICKS = 13

_LANES: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(cards_of_suit(lane << (16 * suit), suit) for lane in range(1 << 13)) for suit in SUITS
)
"""For each suit, the cards of every 13-bit lane: legal cards without building a set."""
_SPADES, _HEARTS, _DIAMONDS, _CLUBS = _LANES


BLIND_CHOICE: tuple[Action, ...] = (LOOK, BID_DOUBLE_NIL)
"""S-6: before looking, a player looks at his cards or bids double nil blind."""
NUMBER_BIDS: tuple[Action, ...] = tuple(BID_BASE + b for b in range(NIL, 14))
"""S-4: nil or 1..13 tricks."""


class DealSummary(NamedTuple):
    """One line of the score sheet: a complete hand (a named tuple: cheap to build)."""

    deal: int
    dealer: Seat
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    sides: tuple[SideScore, SideScore]
    totals: tuple[int, int]
    """The running totals after this hand."""
    exchanges: tuple[Seat, ...]
    """The nil bidders who exchanged cards with their partner this hand (S-7)."""

    @property
    def scores(self) -> tuple[int, int]:
        return (self.sides[0].score, self.sides[1].score)


class SpadesState(WholeDeckState):
    """The full state of one game of Spades. Create it through ``SpadesRules``."""

    __slots__ = (
        "_any_spade",
        "_blind",
        "_exchange",
        "bags",
        "best",
        "best_seat",
        "bid_count",
        "bids",
        "broken",
        "completed",
        "deal_number",
        "dealer",
        "dealt",
        "first_dealer",
        "hands",
        "is_over",
        "last_bidder",
        "lead_suit",
        "pending",
        "phase",
        "picked_up",
        "plays",
        "pre_actions",
        "pre_seats",
        "received",
        "rules",
        "sent",
        "sheet",
        "shuffler",
        "to_act_seat",
        "totals",
        "trick_count",
        "trick_leader",
        "tricks",
        "tricks_played",
        "winners",
    )

    PHASE_NAMES = PHASE_NAMES
    DEALER_RULE = "S-3"

    def __init__(self, rules: SpadesRules, first_dealer: Seat, shuffler: Shuffler | None) -> None:
        if not 0 <= first_dealer < 4:
            raise DealError(f"first dealer {first_dealer} is not a seat 0..3")
        options = rules.options
        self.rules = rules
        self._blind = options.double_nil
        self._exchange = options.nil_exchange
        self._any_spade = options.spades_broken_by == "any_spade"
        self.shuffler = shuffler
        self.first_dealer = first_dealer
        self.phase = PHASE_AWAIT_DEAL
        self.is_over = False
        """True once the game is decided (S-17); a plain attribute for the hot loop."""
        self.deal_number = 0
        self.dealer = first_dealer
        self.to_act_seat = -1
        self.hands: list[CardSet] = [0, 0, 0, 0]
        self.dealt: tuple[tuple[int, ...], ...] = ()
        self.picked_up: list[bool] = [False] * 4
        self.bids: list[int] = [NO_BID] * 4
        self.bid_count = 0
        self.last_bidder = -1
        self.pending: list[CardSet] = [0, 0, 0, 0]
        self.sent: list[CardSet] = [0, 0, 0, 0]
        self.received: list[CardSet] = [0, 0, 0, 0]
        self.pre_actions: list[Action] = []
        self.pre_seats: list[Seat] = []
        self.trick_count = 0
        self.lead_suit = 0
        self.best = 0
        self.best_seat = 0
        self.trick_leader = -1
        self.plays: list[int] = []
        self.tricks: list[int] = [0, 0, 0, 0]
        self.tricks_played = 0
        self.broken = False
        self.completed: list[DealLog] = []
        self.sheet: list[DealSummary] = []
        self.totals: list[int] = [0, 0]
        self.bags: list[int] = [0, 0]
        self.winners: tuple[int, ...] = ()

    # ----- protocol properties -------------------------------------------------------------

    @property
    def trick(self) -> list[int]:
        """The cards of the trick in progress, in the order played."""
        count = self.trick_count
        return [p & 63 for p in self.plays[len(self.plays) - count :]] if count else []

    # ----- legal actions -------------------------------------------------------------------

    def legal_card_mask(self) -> CardSet:
        """The cards the seat to act may play (S-10, S-11, S-12)."""
        hand = self.hands[self.to_act_seat]
        if self.trick_count:
            return hand & SUIT_MASK[self.lead_suit] or hand  # S-12
        if self.broken:
            return hand
        return hand & NON_SPADES or hand  # S-10, S-11

    def legal_actions(self) -> Sequence[Action]:
        """The legal actions, lowest code first, as an immutable (possibly shared) sequence:
        a tuple, or for the 286 discards and gifts of S-7 a lazy ``TripleActions``."""
        phase = self.phase
        if phase == PHASE_PLAY:
            hand = self.hands[self.to_act_seat]
            if self.trick_count:
                suit = self.lead_suit
                lane = hand >> (suit << 4) & 0x1FFF
                if lane:
                    return _LANES[suit][lane]  # S-12: follow suit
            elif not self.broken and hand & NON_SPADES:  # S-10, S-11: no spade lead
                return (
                    _HEARTS[hand >> 16 & 0x1FFF]
                    + _DIAMONDS[hand >> 32 & 0x1FFF]
                    + _CLUBS[hand >> 48 & 0x1FFF]
                )
            return (
                _SPADES[hand & 0x1FFF]
                + _HEARTS[hand >> 16 & 0x1FFF]
                + _DIAMONDS[hand >> 32 & 0x1FFF]
                + _CLUBS[hand >> 48 & 0x1FFF]
            )
        if phase == PHASE_BID:
            if self._blind and not self.picked_up[self.to_act_seat]:
                return BLIND_CHOICE
            return NUMBER_BIDS
        if phase == PHASE_DISCARD:
            return TripleActions(self.hands[self.to_act_seat], DISCARD_BASE)
        if phase == PHASE_GIVE:
            return TripleActions(self.hands[self.to_act_seat], GIVE_BASE)
        return ()

    def is_legal(self, action: Action) -> bool:
        phase = self.phase
        if phase == PHASE_PLAY:
            return 0 <= action < 64 and bool(self.legal_card_mask() >> action & 1)
        if phase in (PHASE_DISCARD, PHASE_GIVE):
            base = DISCARD_BASE if phase == PHASE_DISCARD else GIVE_BASE
            if not base <= action < base + (1 << 18) or not is_valid_triple(action - base):
                return False
            mask = triple_mask(action - base)
            return self.hands[self.to_act_seat] & mask == mask
        return action in self.legal_actions()

    def illegal_reason(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or None when it is legal."""
        phase = self.phase
        if phase == PHASE_OVER:
            return "the game is over"
        if phase == PHASE_AWAIT_DEAL:
            return "no decision is due between deals"
        if self.is_legal(action):
            return None
        seat = self.to_act_seat
        if phase == PHASE_BID:
            if action == LOOK:
                return f"seat {seat} has already looked at his cards"
            if action == BID_DOUBLE_NIL:
                if not self._blind:
                    return "double nil is not played at this table (S-6, option double_nil)"
                return "double nil may only be bid before looking at the cards (S-6)"
            if BID_BASE <= action < BID_DOUBLE_NIL:
                return (
                    f"seat {seat} must first look at his cards (look) or bid double nil blind (S-6)"
                )
            return f"seat {seat} must bid now (S-4)"
        if phase in (PHASE_DISCARD, PHASE_GIVE):
            base = DISCARD_BASE if phase == PHASE_DISCARD else GIVE_BASE
            what = (
                "the nil bidder must discard three cards face down (S-7)"
                if phase == PHASE_DISCARD
                else "the nil bidder's partner must give him three cards (S-7)"
            )
            if not base <= action < base + (1 << 18) or not is_valid_triple(action - base):
                return what
            missing = triple_mask(action - base) & ~self.hands[seat]
            shown = ", ".join(format_card(c) for c in cards_in(missing))
            return f"{shown} not in the hand of seat {seat}"
        return self._card_reason(action)

    def _card_reason(self, card: Action) -> str:
        if not 0 <= card < 64:
            return "a card must be played now"
        seat = self.to_act_seat
        hand = self.hands[seat]
        if not hand >> card & 1:
            return f"{format_card(card)} is not in the hand of seat {seat}"
        if self.trick_count:
            return f"must follow suit {format_suit(self.lead_suit)} (S-12)"
        if self.tricks_played == 0:
            return "the first trick may not be led with a spade (S-10, S-11)"
        return "spades may not be led until broken (S-11)"

    # ----- applying actions ----------------------------------------------------------------

    def apply_unchecked(self, action: Action) -> None:
        """The fast path: the same steps as ``_play`` without events, inlined (S-11, S-12)."""
        if self.phase != PHASE_PLAY:
            self._apply(action, None)
            return
        seat = self.to_act_seat
        self.hands[seat] ^= 1 << action
        self.plays.append(seat << 6 | action)
        count = self.trick_count
        if not count:
            self.lead_suit = action >> 4
            self.best = action
            self.best_seat = seat
            if action < 16 and self._any_spade:
                self.broken = True
            self.trick_count = 1
            self.to_act_seat = (seat + 1) & 3
            return
        best = self.best
        if action >> 4 == best >> 4:
            if action > best:
                self.best = action
                self.best_seat = seat
        elif action < 16:
            self.best = action
            self.best_seat = seat
            if self.lead_suit:
                self.broken = True
        if count < 3:
            self.trick_count = count + 1
            self.to_act_seat = (seat + 1) & 3
            return
        self._take_trick(None)

    def _apply(self, action: Action, events: list[Event] | None) -> None:
        phase = self.phase
        if phase == PHASE_PLAY:
            self._play(action, events)
            return
        seat = self.to_act_seat
        self.pre_actions.append(action)
        self.pre_seats.append(seat)
        if phase == PHASE_BID:
            if action == LOOK:
                self._pick_up(seat, events)
            else:
                self._bid(seat, action - BID_BASE, events)
        elif phase == PHASE_DISCARD:
            self._discard(seat, triple_mask(action - DISCARD_BASE), events)
        else:
            self._give(seat, triple_mask(action - GIVE_BASE), events)

    _step = _apply

    def _pick_up(self, seat: Seat, events: list[Event] | None) -> None:
        self.picked_up[seat] = True
        if events is not None:
            events.append(HandPickedUp(seat, cards_in(self.hands[seat])))

    def _bid(self, seat: Seat, bid: int, events: list[Event] | None) -> None:
        self.bids[seat] = bid
        self.bid_count += 1
        self.last_bidder = seat
        if events is not None:
            events.append(BidMade(seat, bid_text(bid)))
        if not self.picked_up[seat]:
            self._pick_up(seat, events)  # S-6: the double nil bidder picks up his cards
        if self._exchange:
            partner = seat ^ 2
            partner_bid = self.bids[partner]
            if is_nil_bid(bid):
                if partner_bid == NO_BID or not is_nil_bid(partner_bid):
                    self.phase = PHASE_DISCARD  # S-7: discard right after the bid
                    return
                if self.pending[partner]:  # S-7 reading, S-8: the discards go back
                    self.hands[partner] |= self.pending[partner]
                    self.pending[partner] = 0
                    if events is not None:
                        events.append(DiscardsReturned(partner))
            elif self.pending[partner]:
                self.phase = PHASE_GIVE  # S-7: the partner gives right after his bid
                return
        self._next_bidder()

    def _discard(self, seat: Seat, mask: CardSet, events: list[Event] | None) -> None:
        self.hands[seat] ^= mask
        self.pending[seat] = mask
        if events is not None:
            events.append(CardsDiscarded(seat, cards_in(mask)))
        partner = seat ^ 2
        if self.bids[partner] == NO_BID:
            self._next_bidder()
        else:
            self.phase = PHASE_GIVE  # S-7: the partner has bid: he gives at once
            self.to_act_seat = partner

    def _give(self, seat: Seat, mask: CardSet, events: list[Event] | None) -> None:
        nil_seat = seat ^ 2
        discards = self.pending[nil_seat]
        self.pending[nil_seat] = 0
        self.hands[seat] = (self.hands[seat] ^ mask) | discards
        self.hands[nil_seat] |= mask
        self.sent[nil_seat] = discards
        self.received[nil_seat] = mask
        self.sent[seat] = mask
        self.received[seat] = discards
        if events is not None:
            events.append(CardsExchanged(nil_seat, seat, cards_in(discards), cards_in(mask)))
        self._next_bidder()

    def _next_bidder(self) -> None:
        if self.bid_count == 4:
            leader = (self.dealer + 1) & 3  # S-10
            self.phase = PHASE_PLAY
            self.trick_leader = leader
            self.to_act_seat = leader
        else:
            self.phase = PHASE_BID  # S-4: bidding goes on to the left
            self.to_act_seat = (self.last_bidder + 1) & 3

    def _play(self, card: int, events: list[Event] | None) -> None:
        seat = self.to_act_seat
        self.hands[seat] ^= 1 << card
        self.plays.append(seat << 6 | card)
        if events is not None:
            events.append(CardPlayed(seat, card))
        count = self.trick_count
        was_broken = self.broken
        if not count:
            self.lead_suit = card >> 4
            self.best = card
            self.best_seat = seat
            if card < 16 and self._any_spade:
                self.broken = True  # S-11 option: any spade breaks them
        else:
            best = self.best
            if card >> 4 == best >> 4:
                if card > best:
                    self.best = card
                    self.best_seat = seat
            elif card < 16:
                self.best = card  # S-12: a spade beats every other suit
                self.best_seat = seat
                if self.lead_suit:
                    self.broken = True  # S-11: a spade discarded on another suit
        if events is not None and self.broken and not was_broken:
            events.append(SpadesBroken(seat))
        if count < 3:
            self.trick_count = count + 1
            self.to_act_seat = (seat + 1) & 3
            return
        self._take_trick(events)

    def _take_trick(self, events: list[Event] | None) -> None:
        """S-12: the highest spade, else the highest card of the led suit, wins; he leads."""
        winner = self.best_seat
        self.tricks[winner] += 1
        played = self.tricks_played = self.tricks_played + 1
        if events is not None:
            events.append(TrickTaken(winner, tuple(p & 63 for p in self.plays[-4:])))
        self.trick_count = 0
        self.trick_leader = winner
        self.to_act_seat = winner
        if played == NUM_TRICKS:
            self._finish_deal(events)

    # ----- deals ---------------------------------------------------------------------------

    def _start(self, setup: DealSetup, events: list[Event]) -> None:
        """Start the next deal from the given hands (each in dealt order)."""
        self.rules.check_hands(setup.hands, self.deal_number)
        self._deal(setup.hands, events)

    def _deal(self, hands: tuple[tuple[int, ...], ...], events: list[Event] | None) -> None:
        self.dealt = hands
        masks = []
        for hand in hands:
            mask = 0
            for card in hand:
                mask |= 1 << card
            masks.append(mask)
        self.hands = masks
        self.picked_up = [not self._blind] * 4  # S-6
        self.bids = [NO_BID] * 4
        self.bid_count = 0
        self.last_bidder = (self.dealer - 1) & 3
        self.pending = [0, 0, 0, 0]
        self.sent = [0, 0, 0, 0]
        self.received = [0, 0, 0, 0]
        self.pre_actions = []
        self.pre_seats = []
        self.trick_count = 0
        self.trick_leader = -1
        self.plays = []
        self.tricks = [0, 0, 0, 0]
        self.tricks_played = 0
        self.broken = False
        if events is not None:
            started = BlindDealStarted if self._blind else DealStarted
            events.append(started(self.deal_number, self.dealer, hands))
        self.phase = PHASE_BID
        self.to_act_seat = self.dealer  # S-4: the dealer bids first

    def _finish_deal(self, events: list[Event] | None) -> None:
        options = self.rules.options
        bids = self.bids
        tricks = self.tricks
        sides = (
            score_side(
                (bids[0], bids[2]),
                (tricks[0], tricks[2]),
                self.totals[0],
                self.bags[0],
                bags_penalty=options.bags_penalty,
                both_nil_failure=options.both_nil_failure,
            ),
            score_side(
                (bids[1], bids[3]),
                (tricks[1], tricks[3]),
                self.totals[1],
                self.bags[1],
                bags_penalty=options.bags_penalty,
                both_nil_failure=options.both_nil_failure,
            ),
        )
        for side in (0, 1):
            self.totals[side] += sides[side].score
            self.bags[side] = sides[side].bags
        self.completed.append(self.current_log())
        summary = DealSummary(
            deal=self.deal_number,
            dealer=self.dealer,
            bids=tuple(bids),
            tricks=tuple(tricks),
            sides=sides,
            totals=(self.totals[0], self.totals[1]),
            exchanges=tuple(s for s in range(4) if self.received[s] and is_nil_bid(bids[s])),
        )
        self.sheet.append(summary)
        if events is not None:
            events.append(DealScored(self.deal_number, summary.scores))
        self.dealer = (self.dealer + 1) & 3  # S-3
        self.deal_number += 1
        self.to_act_seat = -1
        winners = game_winners(summary.totals, options.target)
        if winners is None and options.max_deals and self.deal_number >= options.max_deals:
            best = max(self.totals)
            winners = tuple(s for s in (0, 1) if self.totals[s] == best)
        if winners is not None:
            self.winners = winners
            self.phase = PHASE_OVER
            self.is_over = True
            if events is not None:
                events.append(GameOver(tuple(float(t) for t in self.totals), winners))
            return
        self.phase = PHASE_AWAIT_DEAL
        if self.shuffler is not None:
            self._deal_next(self.shuffler, events)

    # ----- copies, views, results ----------------------------------------------------------

    def clone(self) -> SpadesState:
        other = SpadesState.__new__(SpadesState)
        other.rules = self.rules
        other._blind = self._blind
        other._exchange = self._exchange
        other._any_spade = self._any_spade
        other.shuffler = self.shuffler
        other.first_dealer = self.first_dealer
        other.phase = self.phase
        other.is_over = self.is_over
        other.deal_number = self.deal_number
        other.dealer = self.dealer
        other.to_act_seat = self.to_act_seat
        other.hands = self.hands[:]
        other.dealt = self.dealt
        other.picked_up = self.picked_up[:]
        other.bids = self.bids[:]
        other.bid_count = self.bid_count
        other.last_bidder = self.last_bidder
        other.pending = self.pending[:]
        other.sent = self.sent[:]
        other.received = self.received[:]
        other.pre_actions = self.pre_actions[:]
        other.pre_seats = self.pre_seats[:]
        other.trick_count = self.trick_count
        other.lead_suit = self.lead_suit
        other.best = self.best
        other.best_seat = self.best_seat
        other.trick_leader = self.trick_leader
        other.plays = self.plays[:]
        other.tricks = self.tricks[:]
        other.tricks_played = self.tricks_played
        other.broken = self.broken
        other.completed = self.completed[:]
        other.sheet = self.sheet[:]
        other.totals = self.totals[:]
        other.bags = self.bags[:]
        other.winners = self.winners
        return other

    def current_log(self) -> DealLog:
        actions = (*self.pre_actions, *(p & 63 for p in self.plays))
        return DealLog(DealSetup(self.dealer, self.dealt), actions)

    def outcome(self) -> tuple[float, ...]:
        """Each seat's result: its side's total (S-16, S-17)."""
        first, second = self.totals
        return (float(first), float(second), float(first), float(second))

    def view(self, seat: Seat) -> SpadesView:
        from koloda.games.spades.view import view_of

        return view_of(self, seat)

    def __repr__(self) -> str:
        return (
            f"SpadesState(deal={self.deal_number}, phase={self.phase_name}, "
            f"to_act={self.to_act}, totals={self.totals})"
        )
