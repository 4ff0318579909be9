"""A group of Tressette in progress: every deal from the first to the one that ends the group.

Hands are bitmasks; trick play is the shared kernel of ``koloda.core.tricks`` (a trick is
resolved when its fourth card falls, by four table look-ups), so the hot path
(``legal_actions``, ``apply_unchecked``, ``clone``) touches only ints and short lists.
Points are added the moment they are earned (T-15) through ``_score``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from koloda.core.cards import CardSet, format_card, format_suit
from koloda.core.engine import Action, DealLog, DealSetup, Seat
from koloda.core.errors import DealError
from koloda.core.events import DealScored, DealStarted, Event, GameOver, TrickTaken
from koloda.core.tricks import TrickGameState
from koloda.games.tressette.declarations import Declaration, declarations_of
from koloda.games.tressette.events import Declared, GameWon, PointsScored
from koloda.games.tressette.scoring import (
    ALL_TRICKS_BONUS,
    COUNTING_MASK,
    DOUBLE_BELOW,
    GAME_POINTS,
    GAMES_PER_GROUP,
    NINE_TRICKS_BONUS,
    POWER_PLAIN,
    POWER_SPECIAL,
)

if TYPE_CHECKING:
    from koloda.core.dealing import Shuffler
    from koloda.games.tressette.rules import TressetteRules
    from koloda.games.tressette.view import TressetteView

PHASE_AWAIT_DEAL, PHASE_PLAY, PHASE_OVER = range(3)
PHASE_NAMES = ("between_deals", "play", "over")

NUM_SEATS = 4
NUM_TRICKS = 10


class WonGame(NamedTuple):
    """One game of the group: who won it, what it is worth (T-16), the deal it was won in."""

    winner: int
    value: int
    deal: int

    def to_json(self) -> dict[str, int]:
        return {"winner": self.winner, "value": self.value, "deal": self.deal}


class DealSummary(NamedTuple):
    """One line of the score sheet: a complete deal."""

    deal: int
    dealer: Seat
    declarations: tuple[tuple[Declaration, ...], ...]
    """Per seat."""
    tricks: tuple[int, ...]
    """Tricks taken per seat."""
    declared: tuple[int, int]
    """Declaration points per side."""
    card_points: tuple[int, int]
    """T-12 points per side."""
    bonuses: tuple[int, int]
    """T-13 and T-14 points per side."""
    scores: tuple[int, int]
    """All the points the deal gave, per side."""
    games: tuple[WonGame, ...]
    """The games won during this deal."""
    points_after: tuple[int, int]
    """Each side's points toward the game in progress after the deal."""


_BITS = tuple(1 << card for card in range(64))
"""T-6: the highest trump heart (``hearts_special``), else the highest card of the led suit."""


class TressetteState(TrickGameState):
    """The full state of one group of Tressette. Create it through ``TressetteRules``."""

    rules: TressetteRules
    pooled: bool
    is_over: bool
    leader: int
    """The leader of the deal (T-4)."""
    dealt: tuple[tuple[int, ...], ...]
    taken: list[CardSet]
    declarations: tuple[tuple[Declaration, ...], ...]
    points: list[int]
    deal_points: list[int]
    deal_declared: list[int]
    deal_bonus: list[int]
    games: list[WonGame]
    totals: list[int]
    settled_points: tuple[int, int]
    settled_games: int
    completed: list[tuple[Seat, tuple[tuple[int, ...], ...], tuple[int, ...]]]
    """Each finished deal: its dealer, its hands and its plays (``seat << 6 | card``)."""
    sheet: list[DealSummary]

    PHASE_NAMES = PHASE_NAMES
    PLAY_PHASE = PHASE_PLAY
    DEALER_RULE = "T-4"

    def __init__(
        self, rules: TressetteRules, first_dealer: Seat, shuffler: Shuffler | None
    ) -> None:
        if not 0 <= first_dealer < NUM_SEATS:
            raise DealError(f"first dealer {first_dealer} is not a seat 0..{NUM_SEATS - 1}")
        self.rules = rules
        self.num_seats = NUM_SEATS
        self.power = POWER_SPECIAL if rules.options.hearts_special else POWER_PLAIN
        self.pooled = rules.options.card_points == "pooled"
        self.shuffler = shuffler
        self.first_dealer = first_dealer
        self.phase = PHASE_AWAIT_DEAL
        self.is_over = False
        self.deal_number = 0
        self.dealer = first_dealer
        self.leader = (first_dealer + 1) % NUM_SEATS
        self.to_act_seat = -1
        self._new_tricks([0] * NUM_SEATS, -1)
        self.dealt = ()
        self.taken = [0] * NUM_SEATS
        self.declarations = ((),) * NUM_SEATS
        self.points = [0, 0]
        self.deal_points = [0, 0]
        self.deal_declared = [0, 0]
        self.deal_bonus = [0, 0]
        self.games = []
        self.totals = [0, 0]
        self.settled_points = (0, 0)
        self.settled_games = 0
        self.completed = []
        self.sheet = []

    # ----- protocol properties -------------------------------------------------------------

    @property
    def plays(self) -> list[int]:
        """The cards played in this deal, in order (``seated_plays`` adds the seats)."""
        return [p & 63 for p in self.history]

    # ----- legal actions -------------------------------------------------------------------

    legal_actions = TrickGameState.legal_cards
    """The legal cards (T-5), lowest code first, as an immutable (shared) tuple."""

    def is_legal(self, action: Action) -> bool:
        return 0 <= action < 64 and bool(self.legal_card_mask() >> action & 1)

    def illegal_reason(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or None when it is legal."""
        if self.phase == PHASE_OVER:
            return "the group is over"
        if self.phase == PHASE_AWAIT_DEAL:
            return "no decision is due between deals"
        if self.is_legal(action):
            return None
        if not 0 <= action < 64:
            return "a card must be played now"
        seat = self.to_act_seat
        if not self.hands[seat] >> action & 1:
            return f"{format_card(action)} is not in the hand of seat {seat}"
        return f"must follow suit {format_suit(self.lead_suit)} (T-5)"

    # ----- applying actions ----------------------------------------------------------------

    def _trick_taken(self, winner: Seat, mask: CardSet, events: list[Event] | None) -> None:
        self.taken[winner] |= mask  # T-5: each player keeps his own tricks
        if events is not None:
            events.append(TrickTaken(winner, self.last_trick()))
        if not self.pooled and (mask & COUNTING_MASK).bit_count() >= 3:
            self._score(winner & 1, 1, True, "cards", events)  # T-12 per trick
        if self.tricks_played == NUM_TRICKS:
            self._finish_deal(events)

    def _score(
        self, side: int, points: int, from_play: bool, reason: str, events: list[Event] | None
    ) -> None:
        """Add points the moment they are earned (T-15); a side reaching 21 wins a game."""
        self.deal_points[side] += points
        total = self.points[side] + points
        won = total >= GAME_POINTS and len(self.games) < GAMES_PER_GROUP
        if events is not None:
            after = [self.points[0], self.points[1]]
            after[side] = total
            events.append(PointsScored(side, points, reason, (after[0], after[1])))
        if not won:
            self.points[side] = total
            return
        value = GAME_POINTS * (2 if self.points[1 - side] < DOUBLE_BELOW else 1)  # T-16
        self.games.append(WonGame(side, value, self.deal_number))
        self.totals[side] += value
        carry = total - GAME_POINTS if from_play else 0  # T-17
        self.points[side] = carry
        self.points[1 - side] = 0
        if events is not None:
            events.append(GameWon(side, value, self.deal_number, len(self.games) - 1, carry))

    # ----- deals ---------------------------------------------------------------------------

    def _start(self, setup: DealSetup, events: list[Event]) -> None:
        """Start the next deal from the given hands (each in dealt order)."""
        self.rules.check_hands(setup.hands, self.deal_number)
        self._deal(setup.hands, events)

    def _deal(self, hands: tuple[tuple[int, ...], ...], events: list[Event] | None) -> None:
        options = self.rules.options
        self.dealt = hands
        bits = _BITS.__getitem__
        masks = [
            sum(map(bits, hands[0])),
            sum(map(bits, hands[1])),
            sum(map(bits, hands[2])),
            sum(map(bits, hands[3])),
        ]
        leader = self.leader = (self.dealer + 1) & 3  # T-4
        self._new_tricks(masks, leader)
        self.taken = [0, 0, 0, 0]
        self.deal_points = [0, 0]
        self.deal_bonus = [0, 0]
        self.to_act_seat = leader
        self.phase = PHASE_PLAY
        hearts_special = options.hearts_special
        long_run = options.long_run
        declarations = self.declarations = (
            declarations_of(0, masks[0], hearts_special, long_run),
            declarations_of(1, masks[1], hearts_special, long_run),
            declarations_of(2, masks[2], hearts_special, long_run),
            declarations_of(3, masks[3], hearts_special, long_run),
        )
        if events is not None:
            events.append(DealStarted(self.deal_number, self.dealer, hands))
        declared = [0, 0]
        for offset in range(NUM_SEATS):  # T-15: each seat's declarations, from the leader
            seat = (leader + offset) & 3
            found = declarations[seat]
            if not found:
                continue
            points = 0
            for declaration in found:
                points += declaration.points
            declared[seat & 1] += points
            if events is not None:
                events.append(Declared(seat, found))
            self._score(seat & 1, points, False, "declarations", events)
        self.deal_declared = declared

    def _finish_deal(self, events: list[Event] | None) -> None:
        first_side = self.leader & 1
        taken = self.taken
        if self.pooled:  # T-12 pooled, the leader's side first
            for side in (first_side, 1 - first_side):
                points = ((taken[side] | taken[side + 2]) & COUNTING_MASK).bit_count() // 3
                if points:
                    self._score(side, points, True, "cards", events)
        tricks = self.tricks
        for seat in range(NUM_SEATS):
            if tricks[seat] >= 9:  # T-13
                self.deal_bonus[seat & 1] += NINE_TRICKS_BONUS
                self._score(seat & 1, NINE_TRICKS_BONUS, True, "nine_tricks", events)
        for side in (first_side, 1 - first_side):
            if tricks[side] + tricks[side + 2] == NUM_TRICKS:  # T-14
                self.deal_bonus[side] += ALL_TRICKS_BONUS
                self._score(side, ALL_TRICKS_BONUS, True, "all_tricks", events)
        scores = (self.deal_points[0], self.deal_points[1])
        declared = self.deal_declared
        bonus = self.deal_bonus
        self.completed.append((self.dealer, self.dealt, tuple(self.history)))
        self.sheet.append(
            DealSummary(
                self.deal_number,
                self.dealer,
                self.declarations,
                (tricks[0], tricks[1], tricks[2], tricks[3]),
                (declared[0], declared[1]),
                (scores[0] - declared[0] - bonus[0], scores[1] - declared[1] - bonus[1]),
                (bonus[0], bonus[1]),
                scores,
                tuple(self.games[self.settled_games :]),
                (self.points[0], self.points[1]),
            )
        )
        if events is not None:
            events.append(DealScored(self.deal_number, scores))
        self.settled_points = (self.points[0], self.points[1])
        self.settled_games = len(self.games)
        self.dealer = (self.dealer + 1) & 3  # T-4: the deal passes to the left
        self.leader = (self.dealer + 1) & 3
        self.deal_number += 1
        self.to_act_seat = -1
        if len(self.games) >= GAMES_PER_GROUP:  # T-17, T-18: the group ends with its deal
            self.phase = PHASE_OVER
            self.is_over = True
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

    def current_log(self) -> DealLog:
        return DealLog(DealSetup(self.dealer, self.dealt), tuple(p & 63 for p in self.history))

    def _finished_logs(self) -> list[DealLog]:
        return [
            DealLog(DealSetup(dealer, dealt), tuple(p & 63 for p in history))
            for dealer, dealt, history in self.completed
        ]

    def outcome(self) -> tuple[float, ...]:
        """Each player's half of his side's games (T-18)."""
        totals = self.totals
        return (totals[0] / 2, totals[1] / 2, totals[0] / 2, totals[1] / 2)

    def view(self, seat: Seat) -> TressetteView:
        from koloda.games.tressette.view import view_of

        return view_of(self, seat)

    def __repr__(self) -> str:
        return (
            f"TressetteState(deal={self.deal_number}, phase={self.phase_name}, "
            f"to_act={self.to_act}, points={self.points}, games={len(self.games)})"
        )
