"""What the native states of the whole-deck trick games (King, Spades, Tressette) share on
the Python side: the protocol's deal bookkeeping around the Rust core.

``NativeDealing`` is listed after the game's Rust core class (``class NativeKingState(
KingCore, NativeDealing)``), so the core's own attributes come first (among them
``illegal_reason``, Rust's reasons); each game supplies only ``_deal_hands`` (dealing given
hands and the events that says), ``_events`` (its events as objects) and its phase constants.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from koloda.core.dealing import Shuffler
from koloda.core.engine import DealLog, DealSetup, Seat
from koloda.core.errors import DealError
from koloda.core.events import Event


class NativeDealing:
    """The deal bookkeeping of a native whole-deck state (see the module's text)."""

    PHASE_NAMES: ClassVar[tuple[str, ...]]
    DEALER_RULE: ClassVar[str]
    AWAIT_PHASE: ClassVar[int]
    OVER_PHASE: ClassVar[int]
    rules: Any
    shuffler: Shuffler | None

    if TYPE_CHECKING:  # the Rust core's members and the game's own dealing, as read here

        @property
        def phase(self) -> int: ...

        @property
        def deal_number(self) -> int: ...

        @property
        def dealer(self) -> int: ...

        @property
        def dealt(self) -> Sequence[Sequence[int]]: ...

        @property
        def in_deal(self) -> bool: ...

        @property
        def sheet(self) -> Sequence[Any]: ...

        def _current_actions(self) -> list[int]: ...

        def _completed(self, start: int) -> list[tuple[int, Any, list[int]]]: ...

        def _deal_hands(
            self, hands: tuple[tuple[int, ...], ...], events: list[Event] | None
        ) -> None: ...

        def _apply_events(self, action: int) -> tuple[list[tuple[Any, ...]], bool]: ...

    def _events(self, raw: list[tuple[Any, ...]]) -> list[Event]:
        """The event objects of the native engine's tuples (each game's own)."""
        raise NotImplementedError

    def apply(self, action: int) -> list[Event]:
        """Apply a decision after checking it; an illegal one raises IllegalActionError
        with the reason the native rules give and the legal actions, and changes nothing."""
        raw, due = self._apply_events(action)
        events = self._events(raw)
        if due and self.shuffler is not None:
            self._deal_next(self.shuffler, events)
        return events

    @property
    def awaiting_deal(self) -> bool:
        return self.phase == self.AWAIT_PHASE

    @property
    def deal_index(self) -> int:
        return self.deal_number

    @property
    def next_dealer(self) -> Seat:
        return self.dealer

    @property
    def phase_name(self) -> str:
        return self.PHASE_NAMES[self.phase]

    @property
    def completed(self) -> list[DealLog]:
        """The finished deals' logs."""
        return [
            DealLog(DealSetup(dealer, tuple(tuple(h) for h in dealt)), tuple(actions))
            for dealer, dealt, actions in self._completed(0)
        ]

    def _deal_from_shuffler(self) -> None:
        """Called by the native ``apply_unchecked`` when a deal ends and a shuffler deals."""
        if self.shuffler is not None:
            self._deal_next(self.shuffler, None)

    def _deal_next(self, shuffler: Shuffler, events: list[Event] | None) -> None:
        self._deal_hands(self.rules.deal_hands(shuffler, self.deal_number), events)

    def start_deal(self, setup: DealSetup) -> list[Event]:
        """Start the next deal from given cards; a deal out of turn, by the wrong dealer or
        with a broken deck is a DealError."""
        if self.phase != self.AWAIT_PHASE:
            over = self.phase == self.OVER_PHASE
            raise DealError(
                f"deal {self.deal_number}: "
                + ("the game is over" if over else "cannot start a deal while one is being played")
            )
        if setup.dealer != self.dealer:
            raise DealError(
                f"deal {self.deal_number}: dealer must be seat {self.dealer}, "
                f"not {setup.dealer} ({self.DEALER_RULE})"
            )
        self.rules.check_hands(setup.hands, self.deal_number)
        events: list[Event] = []
        self._deal_hands(setup.hands, events)
        return events

    def resume_dealing(self, shuffler: Shuffler) -> list[Event]:
        """Deal further deals from ``shuffler`` (a resumed saved game); deals now if due."""
        self.shuffler = shuffler
        events: list[Event] = []
        if self.phase == self.AWAIT_PHASE:
            self._deal_next(shuffler, events)
        return events

    def current_log(self) -> DealLog:
        dealt = tuple(tuple(hand) for hand in self.dealt)
        return DealLog(DealSetup(self.dealer, dealt), tuple(self._current_actions()))

    def deal_logs(self) -> list[DealLog]:
        logs = self.completed
        if self.in_deal:
            logs.append(self.current_log())
        return logs

    def deal_scores(self) -> list[tuple[int, ...]]:
        return [line.scores for line in self.sheet]
