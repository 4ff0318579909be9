"""Duel's rules: 8 cards (A K Q J of spades and hearts), 4 each, follow suit, the highest
card of the led suit wins, a point a trick, two deals; the dealer alternates and the other
player leads."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from koloda.core.cards import (
    ACE,
    HEARTS,
    JACK,
    KING,
    QUEEN,
    SPADES,
    Card,
    cards_in,
    format_card,
    make_card,
    parse_card,
)
from koloda.core.dealing import Shuffler
from koloda.core.deals import check_hands, setup_from_json, setup_to_json
from koloda.core.decks import Deck
from koloda.core.engine import Action, DealLog, DealSetup, Seat
from koloda.core.errors import DealError, IllegalActionError, OptionError
from koloda.core.events import CardPlayed, DealScored, DealStarted, Event, GameOver, TrickTaken
from koloda.core.info import DealReward, GameInfo, Utility, seats_alone
from koloda.core.presentation import Column, Phrase, Score, ScoreSheet, SeatRef, SheetTable, Term

DECK = Deck("8", tuple(make_card(r, s) for s in (SPADES, HEARTS) for r in (ACE, KING, QUEEN, JACK)))
DEALS = 2
HAND_SIZE = 4


@dataclass(frozen=True)
class DuelView:
    """What one seat sees: its own hand, every card played this deal and by whom, the trick
    in progress and the tricks each has taken."""

    seat: Seat
    deal: int
    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    played: tuple[Card, ...]
    to_act: Seat | None
    legal_actions: tuple[Action, ...]
    points: tuple[int, int]
    in_deal: bool
    plays: tuple[tuple[Seat, Card], ...] = ()
    """The deal's cards in the order played, each with its seat."""
    dealer: Seat = 0

    def to_json(self) -> dict[str, Any]:
        """The view as the table and the research environments read it: the seat's hand,
        the cards played with their seats, the trick in progress, the hand sizes."""
        in_trick = self.plays[len(self.plays) - len(self.trick) :] if self.trick else ()
        played_by = [sum(1 for seat, _ in self.plays if seat == s) for s in (0, 1)]
        return {
            "seat": self.seat,
            "deal": self.deal,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "hand": [format_card(card) for card in self.hand],
            "hand_sizes": [HAND_SIZE - played_by[s] if self.in_deal else 0 for s in (0, 1)],
            "plays": [{"seat": seat, "card": format_card(card)} for seat, card in self.plays],
            "trick": [{"seat": seat, "card": format_card(card)} for seat, card in in_trick],
            "points": list(self.points),
        }


class DuelState:
    def __init__(self, rules: DuelRules, dealer: Seat) -> None:
        self.rules = rules
        self.shuffler: Shuffler | None = None
        self.dealer = dealer
        self.deal_index = 0
        self.hands = [0, 0]
        self.trick: list[Card] = []
        self.played: list[Card] = []
        self.plays: list[tuple[Seat, Card]] = []
        self.actions: list[Action] = []
        self.setup: DealSetup | None = None
        self.tricks = [0, 0]
        self.to_act: Seat | None = None
        self.scores: list[tuple[int, ...]] = []
        self.logs: list[DealLog] = []

    @property
    def is_over(self) -> bool:
        return len(self.scores) == DEALS

    @property
    def awaiting_deal(self) -> bool:
        return self.to_act is None and not self.is_over

    @property
    def next_dealer(self) -> Seat:
        return self.dealer

    def legal_actions(self) -> tuple[Action, ...]:
        if self.to_act is None:
            return ()
        hand = self.hands[self.to_act]
        if self.trick:
            suit = self.trick[0] >> 4
            same = tuple(c for c in cards_in(hand) if c >> 4 == suit)
            if same:
                return same
        return tuple(cards_in(hand))

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions()

    def apply(self, action: Action) -> list[Event]:
        if not self.is_legal(action):
            legal = [self.rules.format_action(a) for a in self.legal_actions()]
            raise IllegalActionError(self.rules.format_action(action), "follow suit", legal)
        events: list[Event] = []
        self._step(action, events)
        return events

    def apply_unchecked(self, action: Action) -> None:
        self._step(action, None)

    def _step(self, card: Action, events: list[Event] | None) -> None:
        seat = self.to_act
        assert seat is not None
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        self.played.append(card)
        self.plays.append((seat, card))
        self.actions.append(card)
        if events is not None:
            events.append(CardPlayed(seat, card))
        if len(self.trick) == 1:
            self.to_act = 1 - seat
            return
        winner = seat if card >> 4 == self.trick[0] >> 4 and card > self.trick[0] else 1 - seat
        self.tricks[winner] += 1
        if events is not None:
            events.append(TrickTaken(winner, tuple(self.trick)))
        self.trick = []
        self.to_act = winner
        if self.hands[0] == 0 and self.hands[1] == 0:
            self._finish(events)

    def _finish(self, events: list[Event] | None) -> None:
        assert self.setup is not None
        self.scores.append(tuple(self.tricks))
        self.logs.append(DealLog(self.setup, tuple(self.actions)))
        if events is not None:
            events.append(DealScored(self.deal_index, tuple(self.tricks)))
        self.deal_index += 1
        self.dealer = 1 - self.dealer
        self.to_act = None
        if self.is_over:
            if events is not None:
                events.append(GameOver(self.outcome(), (0, 1)))
        elif self.shuffler is not None:
            self.resume_dealing(self.shuffler)

    def start_deal(self, setup: DealSetup) -> list[Event]:
        if not self.awaiting_deal or setup.dealer != self.dealer:
            raise DealError(f"deal {self.deal_index}: not seat {setup.dealer}'s deal now")
        check_hands(
            setup.hands,
            deal=self.deal_index,
            num_seats=2,
            hand_size=HAND_SIZE,
            deck_mask=DECK.mask,
            deck_name="8",
        )
        self.setup = setup
        self.hands = [sum(1 << c for c in hand) for hand in setup.hands]
        self.trick, self.played, self.actions, self.tricks = [], [], [], [0, 0]
        self.plays = []
        self.to_act = 1 - self.dealer
        return [DealStarted(self.deal_index, self.dealer, setup.hands)]

    def resume_dealing(self, shuffler: Shuffler) -> list[Event]:
        self.shuffler = shuffler
        if not self.awaiting_deal:
            return []
        cards = shuffler.shuffled(DECK.cards, self.deal_index)
        hands = (tuple(cards[:HAND_SIZE]), tuple(cards[HAND_SIZE:]))
        return self.start_deal(DealSetup(self.dealer, hands))

    def clone(self) -> DuelState:
        other = DuelState.__new__(DuelState)
        other.__dict__.update(self.__dict__)
        other.hands, other.trick, other.played = self.hands[:], self.trick[:], self.played[:]
        other.plays = self.plays[:]
        other.actions, other.tricks = self.actions[:], self.tricks[:]
        other.scores, other.logs = self.scores[:], self.logs[:]
        return other

    def view(self, seat: Seat) -> DuelView:
        return DuelView(
            seat,
            self.deal_index,
            tuple(cards_in(self.hands[seat])),
            tuple(self.trick),
            tuple(self.played),
            self.to_act,
            self.legal_actions() if self.to_act == seat else (),
            (self.tricks[0], self.tricks[1]),
            self.to_act is not None,
            tuple(self.plays),
            self.dealer,
        )

    def outcome(self) -> tuple[float, ...]:
        return tuple(float(sum(s[seat] for s in self.scores)) for seat in (0, 1))

    def deal_logs(self) -> list[DealLog]:
        current = [] if self.setup is None or self.to_act is None else [self._current_log()]
        return [*self.logs, *current]

    def _current_log(self) -> DealLog:
        assert self.setup is not None
        return DealLog(self.setup, tuple(self.actions))

    def deal_scores(self) -> list[tuple[int, ...]]:
        return list(self.scores)


class DuelRules:
    name = "duel"
    num_seats = 2
    info = GameInfo(
        name="duel",
        num_seats=2,
        sides=seats_alone(2),
        utility=Utility(
            sense=1, scale=2.0, deal_min=0, deal_max=4, reward=DealReward.SHARE_OF_DEAL
        ),
        deck=DECK,
        has_tricks=True,
        max_decisions_per_deal=8,
    )

    def options_json(self) -> dict[str, Any]:
        return {}

    def new_state(self, seed: int | str | None = None, first_dealer: Seat = 0) -> DuelState:
        state = self.empty_state(first_dealer)
        state.resume_dealing(Shuffler(seed))
        return state

    def empty_state(self, first_dealer: Seat = 0) -> DuelState:
        if first_dealer not in (0, 1):
            raise DealError(f"duel: the first dealer must be seat 0 or 1, not {first_dealer}")
        return DuelState(self, first_dealer)

    def sample_state(self, view: DuelView, rng: random.Random) -> DuelState:
        """The other's cards are the ones neither seen in hand nor played."""
        unseen = [c for c in DECK.cards if c not in view.hand and c not in view.played]
        state = self.empty_state(view.dealer)
        state.deal_index = view.deal
        state.hands[view.seat] = sum(1 << c for c in view.hand)
        state.hands[1 - view.seat] = sum(1 << c for c in unseen)
        state.trick = list(view.trick)
        state.played = list(view.played)
        state.plays = list(view.plays)
        state.tricks = list(view.points)
        state.to_act = view.to_act
        state.setup = DealSetup(0, tuple(tuple(cards_in(h)) for h in state.hands))
        state.scores = [(0, 0)] * view.deal  # earlier deals do not matter to a search
        return state

    def parse_action(self, text: str) -> Action:
        return parse_card(text)

    def format_action(self, action: Action) -> str:
        return format_card(action)

    def setup_from_json(self, deal: dict[str, Any]) -> DealSetup:
        return setup_from_json(deal)

    def setup_to_json(self, setup: DealSetup) -> dict[str, Any]:
        return setup_to_json(setup)

    def results_json(self, state: DuelState) -> dict[str, Any]:
        totals = [int(t) for t in state.outcome()]
        out: dict[str, Any] = {"totals": totals, "finished": state.is_over}
        if state.is_over:
            best = max(totals)
            out["winner"] = [s for s in (0, 1) if totals[s] == best]
        else:
            out["to_act"] = state.to_act
        return out

    def deal_results_json(self, state: DuelState, deal: int) -> dict[str, Any]:
        return {"scores": list(state.scores[deal])}

    def score_sheet(self, state: DuelState) -> ScoreSheet:
        rows = tuple(
            (deal + 1, *(Score(points) for points in scores))
            for deal, scores in enumerate(state.scores)
        )
        columns = (
            Column(Term("col.number")),
            Column(SeatRef(0), numeric=True),
            Column(SeatRef(1), numeric=True),
        )
        table = SheetTable(Phrase("sheet.duel"), columns, rows)
        return ScoreSheet("duel", Phrase("sheet.duel"), (table,), state.is_over)


def make_rules(**options: Any) -> DuelRules:
    if options:
        raise OptionError(f"duel has no options: {', '.join(options)}")
    return DuelRules()
