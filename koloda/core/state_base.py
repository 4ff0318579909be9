"""What every game's state shares: the protocol's bookkeeping properties.

A game's state keeps ``phase`` (0 means between deals), ``to_act_seat`` (-1 for nobody),
``deal_number`` and ``dealer`` in its own slots, and names its phases in ``PHASE_NAMES``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from koloda.core.dealing import Shuffler
from koloda.core.engine import Action, DealLog, DealSetup, Seat
from koloda.core.errors import DealError, IllegalActionError
from koloda.core.events import Event

PHASE_BETWEEN_DEALS = 0


class DealtGameState:
    __slots__ = ()

    PHASE_NAMES: ClassVar[tuple[str, ...]]
    DEALER_RULE: ClassVar[str]
    """The rule that says who deals, cited when a deal names another dealer."""
    rules: Any
    shuffler: Shuffler | None
    phase: int
    to_act_seat: int
    deal_number: int
    dealer: int
    sheet: Sequence[Any]
    """The score sheet: one line (with its ``scores``) per finished deal."""

    @property
    def to_act(self) -> Seat | None:
        """The seat whose decision comes next, or None between deals and when over."""
        return None if self.to_act_seat < 0 else self.to_act_seat

    @property
    def awaiting_deal(self) -> bool:
        return self.phase == PHASE_BETWEEN_DEALS

    @property
    def deal_index(self) -> int:
        return self.deal_number

    @property
    def next_dealer(self) -> Seat:
        return self.dealer

    @property
    def in_deal(self) -> bool:
        """A deal is being played: every phase but "between deals" (first) and "over" (last)."""
        return 0 < self.phase < len(self.PHASE_NAMES) - 1

    @property
    def phase_name(self) -> str:
        return self.PHASE_NAMES[self.phase]

    def legal_actions(self) -> Sequence[Action]:
        raise NotImplementedError

    def current_log(self) -> DealLog:
        """The deal in progress: its setup and the decisions so far."""
        raise NotImplementedError

    def _finished_logs(self) -> list[DealLog]:
        """Every finished deal's setup and decisions, in order."""
        raise NotImplementedError

    def deal_logs(self) -> list[DealLog]:
        logs = self._finished_logs()
        if self.in_deal:
            logs.append(self.current_log())
        return logs

    def deal_scores(self) -> list[tuple[int, ...]]:
        return [line.scores for line in self.sheet]

    def illegal_reason(self, action: Action) -> str | None:
        """Why ``action`` is illegal now (citing the rule), or None when it is legal."""
        raise NotImplementedError

    def _step(self, action: Action, events: list[Event] | None) -> None:
        """Apply a legal action, recording its events when ``events`` is a list."""
        raise NotImplementedError

    def apply(self, action: Action) -> list[Event]:
        """Apply a decision after checking it; an illegal one raises IllegalActionError
        with the reason and the legal actions, and changes nothing."""
        reason = self.illegal_reason(action)
        if reason is not None:
            rules = self.rules
            raise IllegalActionError(
                rules.format_action(action),
                reason,
                [rules.format_action(a) for a in self.legal_actions()],
            )
        events: list[Event] = []
        self._step(action, events)
        return events

    def _deal_next(self, shuffler: Shuffler, events: list[Event] | None) -> None:
        """Deal the next deal (``deal_number``) from ``shuffler``."""
        raise NotImplementedError

    def _start(self, setup: DealSetup, events: list[Event]) -> None:
        """Check the cards of ``setup`` against the deck and deal them."""
        raise NotImplementedError

    def start_deal(self, setup: DealSetup) -> list[Event]:
        """Start the next deal from given cards (records, tests, duplicate tournaments);
        a deal out of turn, by the wrong dealer or with a broken deck is a DealError."""
        if self.phase != PHASE_BETWEEN_DEALS:
            over = self.phase == len(self.PHASE_NAMES) - 1
            raise DealError(
                f"deal {self.deal_number}: "
                + ("the game is over" if over else "cannot start a deal while one is being played")
            )
        if setup.dealer != self.dealer:
            raise DealError(
                f"deal {self.deal_number}: dealer must be seat {self.dealer}, "
                f"not {setup.dealer} ({self.DEALER_RULE})"
            )
        events: list[Event] = []
        self._start(setup, events)
        return events

    def resume_dealing(self, shuffler: Shuffler) -> list[Event]:
        """Deal further deals from ``shuffler`` (a resumed saved game); deals now if due."""
        self.shuffler = shuffler  # type: ignore[misc]  # a slot of every subclass
        events: list[Event] = []
        if self.phase == PHASE_BETWEEN_DEALS:
            self._deal_next(shuffler, events)
        return events


class WholeDeckState(DealtGameState):
    """A trick game's state: every deal hands out the whole deck (``WholeDeckRules``)."""

    __slots__ = ()

    completed: Sequence[Any]

    def _deal(self, hands: tuple[tuple[int, ...], ...], events: list[Event] | None) -> None:
        """Give out ``hands`` (in seat order) and start the deal."""
        raise NotImplementedError

    def _deal_next(self, shuffler: Shuffler, events: list[Event] | None) -> None:
        self._deal(self.rules.deal_hands(shuffler, self.deal_number), events)

    def _finished_logs(self) -> list[DealLog]:
        return list(self.completed)
