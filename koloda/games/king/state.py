"""A game of King in progress: every deal from the first to the last.

Hands are bitmasks; trick play is the shared kernel of ``koloda.core.tricks`` with King's
constraints as its data (K-8, K-9, K-17, K-18). The hot path (``legal_actions``,
``apply_unchecked``, ``clone``) touches only ints and short lists. Scoring is in
``scoring``, the record notation in ``notation``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from koloda.core.cards import (
    SUIT_MASK,
    CardSet,
    format_card,
    format_suit,
    suit_of,
)
from koloda.core.decks import ACE_HIGH
from koloda.core.engine import Action, DealLog, DealSetup, Seat
from koloda.core.errors import DealError, IllegalActionError
from koloda.core.events import (
    ContractChosen,
    DealScored,
    DealStarted,
    Event,
    GameOver,
    TrickTaken,
    TrumpNamed,
)
from koloda.core.tricks import TrickGameState, trick_power
from koloda.games.king.actions import (
    ALL_CONTRACTS,
    HEART_LEAD_BANNED,
    KING_MUST_GO,
    ORDER_BASE,
    POSITIVE,
    TRUMP_BASE,
    TRUMP_LAST,
    Contract,
    contract_key,
)
from koloda.games.king.scoring import HEARTS_MASK, KING_OF_HEARTS_BIT, deal_scores, settlement

if TYPE_CHECKING:
    from koloda.core.dealing import Shuffler
    from koloda.games.king.rules import KingRules
    from koloda.games.king.view import KingView

PHASE_AWAIT_DEAL, PHASE_ORDER, PHASE_TRUMP, PHASE_PLAY, PHASE_OVER = range(5)
PHASE_NAMES = ("between_deals", "order", "trump", "play", "over")

_OTHER_THAN_HEARTS = ~HEARTS_MASK
_NAMED_TRUMPS = tuple(TRUMP_BASE + suit for suit in range(4))
_NO_TRUMP = trick_power(ACE_HIGH)
_TRUMP_POWER = tuple(trick_power(ACE_HIGH, SUIT_MASK[suit]) for suit in range(4))
"""K-19 (and K-5): the highest trump, else the highest card of the led suit, ace high."""


@dataclass(frozen=True)
class DealSummary:
    """One line of the score sheet: a complete deal."""

    deal: int
    dealer: Seat
    contract: Contract
    declarer: Seat | None
    """Who ordered the game (order variants) or called trump (positive deals)."""
    trump: int | None
    by_last: bool
    scores: tuple[int, ...]
    ended_early: bool


class KingState(TrickGameState):
    """The full state of one game of King. Create it through ``KingRules``."""

    rules: KingRules
    _num_tricks: int
    _stop_when_decided: bool
    contract: int
    trump: int
    by_last: bool
    caller: int
    dealt: tuple[tuple[int, ...], ...]
    pre_actions: list[Action]
    taken: list[CardSet]
    last_tricks: list[int]
    taken_all: CardSet
    completed: list[DealLog]
    sheet: list[DealSummary]
    totals: list[int]
    rows: tuple[tuple[int, ...], ...]

    PHASE_NAMES = PHASE_NAMES
    PLAY_PHASE = PHASE_PLAY
    DEALER_RULE = "K-6, K-21"

    def __init__(self, rules: KingRules, first_dealer: Seat, shuffler: Shuffler | None) -> None:
        n = rules.num_seats
        if not 0 <= first_dealer < n:
            raise DealError(f"first dealer {first_dealer} is not a seat 0..{n - 1}")
        self.rules = rules
        self.num_seats = n
        self._num_tricks = rules.num_tricks
        self._stop_when_decided = rules.options.stop_when_decided
        self.shuffler = shuffler
        self.first_dealer = first_dealer
        self.phase = PHASE_AWAIT_DEAL
        self.deal_number = 0
        self.dealer = first_dealer
        self.contract = -1
        self.trump = -1
        self.by_last = False
        self.caller = -1
        self.to_act_seat = -1
        self.power = _NO_TRUMP
        self._new_tricks([0] * n, -1)
        self.dealt = ()
        self.pre_actions = []
        self.taken = [0] * n
        self.last_tricks = [0] * n
        self.taken_all = 0
        self.completed = []
        self.sheet = []
        self.totals = [0] * n
        self.rows = rules.initial_rows()

    # ----- protocol properties -------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    # ----- legal actions -------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions, lowest code first, as an immutable (possibly shared) tuple."""
        phase = self.phase
        if phase == PHASE_PLAY:
            return self.legal_cards()
        if phase == PHASE_ORDER:
            row = self.rows[self.rules.row_of(self.to_act_seat)]
            return tuple(ORDER_BASE + c for c in ALL_CONTRACTS if row[c] > 0)
        if phase == PHASE_TRUMP:
            if self.rules.options.is_ordered:
                return _NAMED_TRUMPS  # K-23: no "by the last" without the preview
            return (*_NAMED_TRUMPS, TRUMP_LAST)  # K-14
        return ()

    def is_legal(self, action: Action) -> bool:
        if self.phase == PHASE_PLAY:
            return 0 <= action < 64 and bool(self.legal_card_mask() >> action & 1)
        return action in self.legal_actions()

    def illegal_reason(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or None when it is legal."""
        if self.phase == PHASE_OVER:
            return "the game is over"
        if self.phase == PHASE_AWAIT_DEAL:
            return "no decision is due between deals"
        if self.is_legal(action):
            return None
        if self.phase == PHASE_ORDER:
            if not ORDER_BASE <= action < ORDER_BASE + 8:
                return "the player left of the dealer must first order a game (K-23)"
            return (
                f"{contract_key(action - ORDER_BASE)} is no longer open in this row of the "
                "order table (K-24, K-25)"
            )
        if self.phase == PHASE_TRUMP:
            if action == TRUMP_LAST:
                return "'by the last' needs the 3-card preview of the classic game (K-23)"
            return "the trump must be named first (K-14, K-23)"
        return self._card_reason(action)

    def _card_reason(self, card: Action) -> str:
        if not 0 <= card < 64:
            return "a card must be played now"
        seat = self.to_act_seat
        hand = self.hands[seat]
        if not hand >> card & 1:
            return f"{format_card(card)} is not in the hand of seat {seat}"
        legal = self.legal_card_mask()
        if self.trick_count:
            lead = self.lead_suit
            if legal == KING_OF_HEARTS_BIT:
                return "K♥ must be discarded at the first opportunity (K-9)"
            if hand & SUIT_MASK[lead]:
                return f"must follow suit {format_suit(lead)} (K-5, K-17)"
            return f"void in {format_suit(lead)}: must play a trump (K-17)"
        if self.contract == POSITIVE:
            return "only the caller may lead trump while holding another suit (K-18)"
        return "may not lead a heart while holding another suit (K-8)"

    # ----- applying actions ----------------------------------------------------------------

    def _decide(self, action: Action, events: list[Event] | None) -> None:
        if self.phase == PHASE_ORDER:
            self._order(action - ORDER_BASE, events)
        elif self.phase == PHASE_TRUMP:
            self._name_trump(action, events)
        else:
            raise IllegalActionError(self.rules.format_action(action), "no decision is due", [])

    def _trick_taken(self, winner: Seat, mask: CardSet, events: list[Event] | None) -> None:
        self.taken[winner] |= mask
        self.taken_all |= mask
        played = self.tricks_played
        num_tricks = self._num_tricks
        if played > num_tricks - 2:
            self.last_tricks[winner] += 1
        if events is not None:
            events.append(TrickTaken(winner, self.last_trick()))
        if played == num_tricks:
            self._finish_deal(events, ended_early=False)
        elif self._stop_when_decided:
            decisive = self.rules.decisive_mask[self.contract]
            if decisive and self.taken_all & decisive == decisive:
                self._finish_deal(events, ended_early=True)  # K-12

    def _order(self, contract: Contract, events: list[Event] | None) -> None:
        seat = self.to_act_seat
        row_index = self.rules.row_of(seat)
        row = list(self.rows[row_index])
        row[contract] -= 1
        self.rows = tuple(tuple(row) if i == row_index else r for i, r in enumerate(self.rows))
        self.pre_actions.append(ORDER_BASE + contract)
        self.contract = contract
        self.caller = seat
        if events is not None:
            events.append(ContractChosen(seat, contract_key(contract)))
        if contract == POSITIVE:
            self.phase = PHASE_TRUMP  # K-23: the orderer names trump
        else:
            self._begin_play(seat)

    def _name_trump(self, action: Action, events: list[Event] | None) -> None:
        self.pre_actions.append(action)
        if action == TRUMP_LAST:
            self.trump = suit_of(self.dealt[self.caller][-1])  # K-15
            self.by_last = True
        else:
            self.trump = action - TRUMP_BASE
        if events is not None:
            events.append(TrumpNamed(self.caller, self.trump, self.by_last))
        self._begin_play(self.caller)  # K-16

    def _begin_play(self, leader: Seat) -> None:
        """The contract (and trump) known: the trick rules of this deal, then the lead."""
        contract = self.contract
        n = self.num_seats
        if contract == POSITIVE:
            trump = self.trump
            self.power = _TRUMP_POWER[trump]
            self.discard_first = SUIT_MASK[trump]  # K-17: void, he must trump
            others = ~SUIT_MASK[trump]  # K-18: only the caller may lead trump at will
            self.lead_first = tuple(0 if s == self.caller else others for s in range(n))
        else:
            self.power = _NO_TRUMP
            must_go = contract in KING_MUST_GO
            self.discard_first = KING_OF_HEARTS_BIT if must_go else 0  # K-9
            forced = must_go and self.rules.options.king_forced_on_heart_lead
            self.follow_first = KING_OF_HEARTS_BIT if forced else 0  # K-9 option
            banned = contract in HEART_LEAD_BANNED
            self.lead_first = (_OTHER_THAN_HEARTS if banned else 0,) * n  # K-8
        self.phase = PHASE_PLAY
        self.trick_leader = leader
        self.to_act_seat = leader

    # ----- deals ---------------------------------------------------------------------------

    def _start(self, setup: DealSetup, events: list[Event]) -> None:
        """Start the next deal from the given hands (each in dealt order)."""
        self.rules.check_hands(setup.hands, self.deal_number)
        self._deal(setup.hands, events)

    def _deal(self, hands: tuple[tuple[int, ...], ...], events: list[Event] | None) -> None:
        rules = self.rules
        n = rules.num_seats
        self.dealt = hands
        masks = []
        for hand in hands:
            mask = 0
            for card in hand:
                mask |= 1 << card
            masks.append(mask)
        self._new_tricks(masks, -1)
        self.pre_actions = []
        self.taken = [0] * n
        self.last_tricks = [0] * n
        self.taken_all = 0
        self.trump = -1
        self.by_last = False
        if events is not None:
            events.append(DealStarted(self.deal_number, self.dealer, hands))
        left = (self.dealer + 1) % n
        if rules.options.is_ordered:
            self.contract = -1
            self.caller = left
            self.phase = PHASE_ORDER  # K-23
            self.to_act_seat = left
            return
        self.contract = rules.program[self.deal_number]
        if self.contract == POSITIVE:
            self.caller = (self.dealer - 1) % n  # K-14: the dealer's right
            self.phase = PHASE_TRUMP
            self.to_act_seat = self.caller
        else:
            self.caller = -1
            self._begin_play(left)  # K-4

    def _finish_deal(self, events: list[Event] | None, ended_early: bool) -> None:
        rules = self.rules
        scores = deal_scores(self.contract, rules.rates, self.taken, self.tricks, self.last_tricks)
        for seat, points in enumerate(scores):
            self.totals[seat] += points
        self.completed.append(self.current_log())
        self.sheet.append(
            DealSummary(
                deal=self.deal_number,
                dealer=self.dealer,
                contract=self.contract,
                declarer=self.caller if self.caller >= 0 else None,
                trump=self.trump if self.trump >= 0 else None,
                by_last=self.by_last,
                scores=scores,
                ended_early=ended_early,
            )
        )
        if events is not None:
            events.append(DealScored(self.deal_number, scores, ended_early))
        n = rules.num_seats
        if self.contract == POSITIVE and not rules.options.is_ordered:
            self.dealer = self.caller  # K-21: the caller deals the next deal
        else:
            self.dealer = (self.dealer + 1) % n  # K-6, K-23
        self.deal_number += 1
        self.to_act_seat = -1
        if rules.is_complete(self.deal_number, self.rows):
            self.phase = PHASE_OVER
            if events is not None:
                outcome = self.outcome()
                best = max(outcome)
                winners = tuple(s for s, v in enumerate(outcome) if v == best)
                events.append(GameOver(outcome, winners))
            return
        self.phase = PHASE_AWAIT_DEAL
        if self.shuffler is not None:
            self._deal_next(self.shuffler, events)

    # ----- copies, views, results ----------------------------------------------------------

    @property
    def plays(self) -> list[int]:
        """Every card of this deal in play order, as ``seat << 6 | card``."""
        return self.history

    def current_log(self) -> DealLog:
        actions = (*self.pre_actions, *(p & 63 for p in self.history))
        return DealLog(DealSetup(self.dealer, self.dealt), actions)

    def outcome(self) -> tuple[float, ...]:
        """Each player's result (K-22); once over, his settlement (K-27)."""
        results = tuple(self.totals)
        if self.phase == PHASE_OVER:
            proportional = (
                self.rules.options.variant == "three"
                and self.rules.options.three_player_balance == "proportional"
            )
            return settlement(results, proportional)
        return tuple(float(r) for r in results)

    def view(self, seat: Seat) -> KingView:
        from koloda.games.king.view import view_of

        return view_of(self, seat)

    def __repr__(self) -> str:
        return (
            f"KingState(deal={self.deal_number}, phase={self.phase_name}, "
            f"to_act={self.to_act}, totals={self.totals})"
        )
