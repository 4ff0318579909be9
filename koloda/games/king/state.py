"""A game of King in progress: every deal from the first to the last.

Hands are bitmasks; the hot path (``legal_actions``, ``apply_unchecked``, ``clone``) touches
only ints and short lists. Scoring is in ``scoring``, the record notation in ``notation``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from koloda.core.cards import (
    CARDS_CACHE,
    HEARTS,
    SUIT_MASK,
    CardSet,
    cards_in,
    format_card,
    format_suit,
    suit_of,
)
from koloda.core.engine import Action, DealLog, DealSetup, Seat
from koloda.core.errors import DealError, IllegalActionError
from koloda.core.events import (
    CardPlayed,
    ContractChosen,
    DealScored,
    DealStarted,
    Event,
    GameOver,
    TrickTaken,
    TrumpNamed,
)
from koloda.core.state_base import WholeDeckState
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
_cached_cards = CARDS_CACHE.get


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


class KingState(WholeDeckState):
    """The full state of one game of King. Create it through ``KingRules``."""

    __slots__ = (
        "_n",
        "_num_tricks",
        "_stop_when_decided",
        "by_last",
        "caller",
        "completed",
        "contract",
        "deal_number",
        "dealer",
        "dealt",
        "first_dealer",
        "hands",
        "last_tricks",
        "phase",
        "plays",
        "pre_actions",
        "rows",
        "rules",
        "sheet",
        "shuffler",
        "taken",
        "taken_all",
        "to_act_seat",
        "totals",
        "trick",
        "trick_leader",
        "tricks",
        "tricks_played",
        "trump",
    )

    PHASE_NAMES = PHASE_NAMES
    DEALER_RULE = "K-6, K-21"

    def __init__(self, rules: KingRules, first_dealer: Seat, shuffler: Shuffler | None) -> None:
        n = rules.num_seats
        if not 0 <= first_dealer < n:
            raise DealError(f"first dealer {first_dealer} is not a seat 0..{n - 1}")
        self.rules = rules
        self._n = n
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
        self.hands: list[CardSet] = [0] * n
        self.dealt: tuple[tuple[int, ...], ...] = ()
        self.trick: list[int] = []
        self.trick_leader = -1
        self.plays: list[int] = []
        self.pre_actions: list[Action] = []
        self.taken: list[CardSet] = [0] * n
        self.tricks: list[int] = [0] * n
        self.last_tricks: list[int] = [0] * n
        self.tricks_played = 0
        self.taken_all: CardSet = 0
        self.completed: list[DealLog] = []
        self.sheet: list[DealSummary] = []
        self.totals: list[int] = [0] * n
        self.rows: tuple[tuple[int, ...], ...] = rules.initial_rows()

    # ----- protocol properties -------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    # ----- legal actions -------------------------------------------------------------------

    def legal_card_mask(self) -> CardSet:
        """The cards the seat to act may play (K-5, K-8, K-9, K-17, K-18)."""
        seat = self.to_act_seat
        hand = self.hands[seat]
        contract = self.contract
        trick = self.trick
        if trick:
            lead_suit = trick[0] >> 4
            follow = hand & SUIT_MASK[lead_suit]
            if follow:
                if (
                    lead_suit == HEARTS
                    and hand & KING_OF_HEARTS_BIT
                    and contract in KING_MUST_GO
                    and self.rules.options.king_forced_on_heart_lead
                ):
                    return KING_OF_HEARTS_BIT  # K-9 option
                return follow  # K-5, K-17
            if contract == POSITIVE:
                trumps = hand & SUIT_MASK[self.trump]
                return trumps or hand  # K-17
            if hand & KING_OF_HEARTS_BIT and contract in KING_MUST_GO:
                return KING_OF_HEARTS_BIT  # K-9
            return hand
        if contract == POSITIVE:
            if seat != self.caller:
                others = hand & ~SUIT_MASK[self.trump]
                return others or hand  # K-18
            return hand
        if contract in HEART_LEAD_BANNED:
            others = hand & _OTHER_THAN_HEARTS
            return others or hand  # K-8
        return hand

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions, lowest code first, as an immutable (possibly shared) tuple."""
        phase = self.phase
        if phase == PHASE_PLAY:
            mask = self.legal_card_mask()
            return _cached_cards(mask) or cards_in(mask)
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
        if self.trick:
            lead = self.trick[0] >> 4
            if legal == KING_OF_HEARTS_BIT:
                return "K♥ must be discarded at the first opportunity (K-9)"
            if hand & SUIT_MASK[lead]:
                return f"must follow suit {format_suit(lead)} (K-5, K-17)"
            return f"void in {format_suit(lead)}: must play a trump (K-17)"
        if self.contract == POSITIVE:
            return "only the caller may lead trump while holding another suit (K-18)"
        return "may not lead a heart while holding another suit (K-8)"

    # ----- applying actions ----------------------------------------------------------------

    def _apply(self, action: Action, events: list[Event] | None = None) -> None:
        """Any action, unchecked; a card goes straight to ``_play`` (the hot path)."""
        if self.phase == PHASE_ORDER:
            self._order(action - ORDER_BASE, events)
        elif self.phase == PHASE_TRUMP:
            self._name_trump(action, events)
        elif self.phase == PHASE_PLAY:
            self._play(action, events)
        else:
            raise IllegalActionError(self.rules.format_action(action), "no decision is due", [])

    _step = _apply

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
        self.phase = PHASE_PLAY
        self.trick_leader = leader
        self.to_act_seat = leader

    def _play(self, card: int, events: list[Event] | None = None) -> None:
        if self.phase != PHASE_PLAY:
            self._apply(card, events)
            return
        seat = self.to_act_seat
        self.hands[seat] ^= 1 << card
        self.plays.append(seat << 6 | card)
        trick = self.trick
        trick.append(card)
        if events is not None:
            events.append(CardPlayed(seat, card))
        n = self._n
        if len(trick) < n:
            self.to_act_seat = seat + 1 if seat + 1 < n else 0
            return
        # K-19 (and K-5): highest trump, else highest card of the led suit.
        best = trick[0]
        best_suit = best >> 4
        best_index = 0
        trump = self.trump
        mask = 1 << best
        for i in range(1, n):
            card_i = trick[i]
            mask |= 1 << card_i
            suit_i = card_i >> 4
            if suit_i == best_suit:
                if card_i > best:
                    best = card_i
                    best_index = i
            elif suit_i == trump:
                best = card_i
                best_suit = suit_i
                best_index = i
        winner = (self.trick_leader + best_index) % n
        self.taken[winner] |= mask
        self.taken_all |= mask
        self.tricks[winner] += 1
        played = self.tricks_played = self.tricks_played + 1
        num_tricks = self._num_tricks
        if played > num_tricks - 2:
            self.last_tricks[winner] += 1
        if events is not None:
            events.append(TrickTaken(winner, tuple(trick)))
        self.trick = []
        self.trick_leader = winner
        self.to_act_seat = winner
        if played == num_tricks:
            self._finish_deal(events, ended_early=False)
        elif self._stop_when_decided:
            decisive = self.rules.decisive_mask[self.contract]
            if decisive and self.taken_all & decisive == decisive:
                self._finish_deal(events, ended_early=True)  # K-12

    apply_unchecked = _play
    """The fast path for search: the caller guarantees the action is legal."""

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
        self.hands = masks
        self.trick = []
        self.plays = []
        self.pre_actions = []
        self.taken = [0] * n
        self.tricks = [0] * n
        self.last_tricks = [0] * n
        self.tricks_played = 0
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
        self.trick = []
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

    def clone(self) -> KingState:
        other = KingState.__new__(KingState)
        other.rules = self.rules
        other._n = self._n
        other._num_tricks = self._num_tricks
        other._stop_when_decided = self._stop_when_decided
        other.shuffler = self.shuffler
        other.first_dealer = self.first_dealer
        other.phase = self.phase
        other.deal_number = self.deal_number
        other.dealer = self.dealer
        other.contract = self.contract
        other.trump = self.trump
        other.by_last = self.by_last
        other.caller = self.caller
        other.to_act_seat = self.to_act_seat
        other.hands = self.hands[:]
        other.dealt = self.dealt
        other.trick = self.trick[:]
        other.trick_leader = self.trick_leader
        other.plays = self.plays[:]
        other.pre_actions = self.pre_actions[:]
        other.taken = self.taken[:]
        other.tricks = self.tricks[:]
        other.last_tricks = self.last_tricks[:]
        other.tricks_played = self.tricks_played
        other.taken_all = self.taken_all
        other.completed = self.completed[:]
        other.sheet = self.sheet[:]
        other.totals = self.totals[:]
        other.rows = self.rows
        return other

    def current_log(self) -> DealLog:
        actions = (*self.pre_actions, *(p & 63 for p in self.plays))
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
