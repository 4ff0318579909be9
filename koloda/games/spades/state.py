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
    Card,
    CardSet,
    cards_in,
    cards_of_suit,
    format_card,
    format_suit,
)
from koloda.core.decks import ACE_HIGH
from koloda.core.engine import Action, DealLog, DealSetup, Seat
from koloda.core.errors import DealError
from koloda.core.events import DealScored, DealStarted, Event, GameOver, TrickTaken
from koloda.core.tricks import TrickGameState, trick_power
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
SPADES_POWER = trick_power(ACE_HIGH, SPADES_LANE)
"""S-12: the highest spade, else the highest card of the led suit, wins the trick."""
_NO_SPADE_LEAD = (NON_SPADES,) * 4
"""S-10, S-11: no spade lead while spades are not broken, unless he holds only spades."""

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


class SpadesState(TrickGameState):
    """The full state of one game of Spades. Create it through ``SpadesRules``."""

    rules: SpadesRules
    _blind: bool
    _exchange: bool
    _any_spade: bool
    is_over: bool
    """True once the game is decided (S-17); a plain attribute for the hot loop."""
    dealt: tuple[tuple[int, ...], ...]
    picked_up: list[bool]
    bids: list[int]
    bid_count: int
    last_bidder: int
    pending: list[CardSet]
    sent: list[CardSet]
    received: list[CardSet]
    pre_actions: list[Action]
    pre_seats: list[Seat]
    broken: bool
    completed: list[DealLog]
    sheet: list[DealSummary]
    totals: list[int]
    bags: list[int]
    winners: tuple[int, ...]

    PHASE_NAMES = PHASE_NAMES
    PLAY_PHASE = PHASE_PLAY
    KEEPS_TRICK_CARDS = False
    DEALER_RULE = "S-3"

    def __init__(self, rules: SpadesRules, first_dealer: Seat, shuffler: Shuffler | None) -> None:
        if not 0 <= first_dealer < 4:
            raise DealError(f"first dealer {first_dealer} is not a seat 0..3")
        options = rules.options
        self.rules = rules
        self.num_seats = 4
        self.power = SPADES_POWER
        self._blind = options.double_nil
        self._exchange = options.nil_exchange
        self._any_spade = options.spades_broken_by == "any_spade"
        self.shuffler = shuffler
        self.first_dealer = first_dealer
        self.phase = PHASE_AWAIT_DEAL
        self.is_over = False
        self.deal_number = 0
        self.dealer = first_dealer
        self.to_act_seat = -1
        self._new_tricks([0, 0, 0, 0], -1)
        self.dealt = ()
        self.picked_up = [False] * 4
        self.bids = [NO_BID] * 4
        self.bid_count = 0
        self.last_bidder = -1
        self.pending = [0, 0, 0, 0]
        self.sent = [0, 0, 0, 0]
        self.received = [0, 0, 0, 0]
        self.pre_actions = []
        self.pre_seats = []
        self.broken = False
        self.completed = []
        self.sheet = []
        self.totals = [0, 0]
        self.bags = [0, 0]
        self.winners = ()

    # ----- protocol properties -------------------------------------------------------------

    @property
    def plays(self) -> list[int]:
        """Every card of this deal in play order, as ``seat << 6 | card``."""
        return self.history

    # ----- legal actions -------------------------------------------------------------------

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

    def _decide(self, action: Action, events: list[Event] | None) -> None:
        phase = self.phase
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

    _apply = TrickGameState._step
    """Views replay a deal's auction through it."""

    def _watched_card(self, seat: Seat, card: Card, events: list[Event] | None) -> None:
        """S-11: a spade discarded on another suit (or led, under the option) breaks them."""
        if self.lead_suit if self.trick_count else self._any_spade:
            self.broken = True
            self.lead_first = (0, 0, 0, 0)
            self.watched = 0
            if events is not None:
                events.append(SpadesBroken(seat))

    def _trick_taken(self, winner: Seat, cards: CardSet, events: list[Event] | None) -> None:
        """S-12: the highest spade, else the highest card of the led suit, wins; he leads."""
        if events is not None:
            events.append(TrickTaken(winner, self.last_trick()))
        if self.tricks_played == NUM_TRICKS:
            self._finish_deal(events)

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
        self._new_tricks(masks, -1)
        self.lead_first = _NO_SPADE_LEAD
        self.watched = SPADES_LANE
        self.picked_up = [not self._blind] * 4  # S-6
        self.bids = [NO_BID] * 4
        self.bid_count = 0
        self.last_bidder = (self.dealer - 1) & 3
        self.pending = [0, 0, 0, 0]
        self.sent = [0, 0, 0, 0]
        self.received = [0, 0, 0, 0]
        self.pre_actions = []
        self.pre_seats = []
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

    def current_log(self) -> DealLog:
        actions = (*self.pre_actions, *(p & 63 for p in self.history))
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
