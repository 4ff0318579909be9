"""101 on the native engine: ``load_game("hundred_one", engine="native")`` makes
``NativeHundredOneRules``, whose states run the rules in Rust (matching, queens, sixes,
sevens and aces, reshuffles of the pile, seeded deals and views). Over
``koloda.core.native_state``, this module says only what is 101's own: its position, events
and view."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from koloda._native import HundredOneCore
from koloda.core.dealing import Shuffler
from koloda.core.engine import Action, DealLog, DealSetup
from koloda.core.events import DealStarted, Event
from koloda.core.native_state import (
    COMMON_EVENTS,
    EventMakers,
    NativeRules,
    NativeState,
    attributes,
    fields_of,
    or_none,
)
from koloda.games.hundred_one.events import (
    CardDrawn,
    NothingToDraw,
    Passed,
    Restocked,
    StarterTurned,
    SuitNamed,
    TurnSkipped,
)
from koloda.games.hundred_one.rules import HundredOneRules
from koloda.games.hundred_one.state import (
    PHASE_NAMES,
    DealSummary,
    HundredOneSetup,
    HundredOneState,
    _deal_log,
    _decisions,
    restock_mismatch,
    restock_missing,
    restocks_unused,
)
from koloda.games.hundred_one.view import HundredOneView
from koloda.games.hundred_one.view import sample_state as sample_python_state

_RESTOCK_ERRORS: dict[str, Callable[..., Exception]] = {
    "mismatch": restock_mismatch,
    "missing": restock_missing,
    "unused": restocks_unused,
}
"""The Python engine's error of a record's restock that does not fit, by its native kind."""


def _setup_fields(setup: HundredOneSetup) -> dict[str, Any]:
    """A hand's setup as the native engine takes it (its dealer apart)."""
    return {
        "hands": setup.hands,
        "starter": setup.starter,
        "stock": setup.stock,
        "restocks": setup.restocks,
    }


def _hand_source(
    setup: HundredOneSetup | None, dealt_cards: Sequence[int] | None
) -> dict[str, Any]:
    """Where a Python state's hand came from as the native engine keeps it: the shuffled
    deck it was dealt from, else the setup it was given (the Python state keeps the setup
    it builds of a deck too)."""
    if dealt_cards is not None:
        return {"dealt_cards": tuple(dealt_cards), "setup": None}
    if setup is None:
        return {"dealt_cards": None, "setup": None}
    return {"dealt_cards": None, "setup": _setup_fields(setup)}


_AS_THEY_ARE = (
    "phase to_act first_dealer dealer deal_number hands stock pile follow epoch log restocks"
    " restocks_used totals"
)


def position(source: HundredOneState) -> dict[str, Any]:
    """A Python-engine state's position as the native engine takes it (``_load``) and gives
    it (``_position``)."""
    return {
        **attributes(source, _AS_THEY_ARE),
        "top": or_none(source.top),
        "suit": or_none(source.suit),
        "drawn": or_none(source.drawn),
        "starter": or_none(source.starter),
        **_hand_source(source.setup, source.dealt_cards),
        "sheet": tuple(fields_of(line) for line in source.sheet),
    }


def records(source: HundredOneState) -> list[dict[str, Any]]:
    """A Python-engine state's finished hands as the native engine keeps their records."""
    return [
        {"dealer": dealer, **_hand_source(setup, cards), "restocks": restocks, "log": log}
        for setup, cards, dealer, restocks, log in source.completed
    ]


class NativeHundredOneState(HundredOneCore, NativeState):
    """A game of 101 whose rules run in Rust. Create it through ``NativeHundredOneRules``."""

    rules: NativeHundredOneRules

    PHASE_NAMES = PHASE_NAMES
    DEALER_RULE = "H-3"
    EVENTS: ClassVar[EventMakers] = {
        **COMMON_EVENTS,
        "drawn": CardDrawn,
        "skipped": TurnSkipped,
        "suit": SuitNamed,
        "passed": Passed,
        "nothing": NothingToDraw,
        "restocked": Restocked,
        "deal": "_deal_started",
        "starter": StarterTurned,
    }
    VIEW = HundredOneView
    SUMMARY = DealSummary

    def _summaries(self, lines: Sequence[Any]) -> tuple[DealSummary, ...]:
        return tuple(DealSummary(**line) for line in lines)

    def _deal_started(self) -> DealStarted:
        return DealStarted(self.deal_number, self.dealer, self.deal_setup().hands)

    # ----- the protocol beyond the hot path ------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply a decision after checking it; an illegal one raises IllegalActionError
        with the reason the native rules give and the legal actions, and changes nothing."""
        return self._events(self._apply_events(action))

    def _step(self, action: Action, events: list[Event] | None = None) -> None:
        raw = self._apply_events(action)
        if events is not None:
            events.extend(self._events(raw))

    def _raise_restock_error(self, error: dict[str, Any]) -> None:
        """Raises the error of a record's restock that does not fit (as the Python engine)."""
        raise _RESTOCK_ERRORS[error.pop("kind")](**error)

    def _deal(self, setup: HundredOneSetup, events: list[Event] | None) -> None:
        raw = self._deal_setup(_setup_fields(setup))
        if events is not None:
            events.extend(self._events(raw))

    def _start(self, setup: DealSetup, events: list[Event]) -> None:
        """Checks the given hand's cards (as the Python engine) and deals them."""
        self._deal(self.rules.check_setup(setup, self.deal_number), events)

    def _deal_next(self, shuffler: Shuffler, events: list[Event] | None) -> None:
        """Deals the next hand from the state's shuffler (natively when it is the seeded
        core one)."""
        raw = self._deal_shuffled()
        if events is not None:
            events.extend(self._events(raw))

    def _setup_of(self, record: dict[str, Any]) -> HundredOneSetup:
        """The setup of a hand's record (built from the shuffled deck when self-dealt)."""
        dealer, cards, setup = record["dealer"], record["dealt_cards"], record["setup"]
        if cards is not None:
            return self.rules.setup_from_cards(cards, dealer)
        assert setup is not None, "no hand has been dealt"
        return HundredOneSetup(dealer, **setup)

    def _hand_log(self, record: dict[str, Any]) -> DealLog:
        return _deal_log(self._setup_of(record), record["log"], record["restocks"])

    def deal_setup(self) -> HundredOneSetup:
        """The setup of the current hand (built from the shuffled deck when self-dealt)."""
        return self._setup_of(self._current_record())

    def actions(self) -> tuple[Action, ...]:
        """The decisions of the current hand so far."""
        return _decisions(self.log)

    def current_log(self) -> DealLog:
        return self._hand_log(self._current_record())

    def _finished_logs(self) -> list[DealLog]:
        return [self._hand_log(record) for record in self._completed(0)]

    def card_count(self) -> int:
        """Cards in hands, stock and discard pile (36 during a hand)."""
        return sum(h.bit_count() for h in self.hands) + len(self.stock) + len(self.pile)


class NativeHundredOneRules(NativeRules, HundredOneRules):
    """101 with its options fixed, on the native engine."""

    STATE = NativeHundredOneState
    POSITION = position
    SAMPLE = sample_python_state

    def from_python(self, source: HundredOneState) -> NativeHundredOneState:
        """A native state in the position of a Python-engine state, with its records."""
        state: NativeHundredOneState = self.empty_state(source.first_dealer)
        state._load(position(source), records(source))
        state.shuffler = source.shuffler
        return state
