"""Spades on the native engine: ``load_game("spades", engine="native")`` makes
``NativeSpadesRules``, whose states run the rules in Rust (bids, the exchange, tricks,
scoring and views). Over ``koloda.core.native_state``, this module says only what is
Spades's own: its position, events and view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from koloda._native import SpadesCore
from koloda.core.cards import Card
from koloda.core.events import DealStarted, Event
from koloda.core.native_state import (
    COMMON_EVENTS,
    EventMakers,
    NativeAnalysis,
    NativeDealing,
    NativeRules,
    attributes,
    trick_fields,
)
from koloda.games.spades.actions import (
    DISCARD_BASE,
    GIVE_BASE,
    NO_BID,
    TripleActions,
    bid_text,
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
from koloda.games.spades.rules import SpadesRules
from koloda.games.spades.scoring import SideScore
from koloda.games.spades.state import (
    PHASE_DISCARD,
    PHASE_NAMES,
    PHASE_PLAY,
    SPADES_POWER,
    DealSummary,
    SpadesState,
)
from koloda.games.spades.view import SpadesView
from koloda.games.spades.view import sample_state as sample_python_state

_AS_THEY_ARE = (
    "phase to_act deal_number dealer hands picked_up pending sent received broken totals bags"
    " winners"
)


def position(source: SpadesState) -> dict[str, Any]:
    """A Python-engine state's position as the native engine takes it (``_load``) and gives
    it (``_position``): bids not made as None, the dealt hands during a deal only."""
    return {
        **attributes(source, _AS_THEY_ARE),
        "dealt": source.dealt if source.in_deal else (),
        "bids": tuple(None if bid == NO_BID else bid for bid in source.bids),
        "auction": tuple(zip(source.pre_seats, source.pre_actions, strict=True)),
        "card_play": trick_fields(source),
        "sheet": tuple(_line_fields(line) for line in source.sheet),
    }


def _line_fields(line: DealSummary) -> dict[str, Any]:
    """A score-sheet line as the dict of its fields the native engine gives and loads."""
    return {**line._asdict(), "sides": tuple(side._asdict() for side in line.sides)}


class NativeSpadesState(SpadesCore, NativeDealing):
    """A game of Spades whose rules run in Rust. Create it through ``NativeSpadesRules``."""

    rules: NativeSpadesRules

    PHASE_NAMES = PHASE_NAMES
    DEALER_RULE = "S-3"
    PLAY_PHASE = PHASE_PLAY
    power = SPADES_POWER
    """The trick power table, as the Python engine keeps it (for hints)."""
    EVENTS: ClassVar[EventMakers] = {
        **COMMON_EVENTS,
        "broken": SpadesBroken,
        "bid": lambda seat, bid: BidMade(seat, bid_text(bid)),
        "picked_up": HandPickedUp,
        "discarded": CardsDiscarded,
        "exchanged": CardsExchanged,
        "returned": DiscardsReturned,
    }
    VIEW = SpadesView
    SUMMARY = DealSummary

    def _summaries(self, lines: Sequence[Any]) -> list[Any]:
        """The lines with their sides as ``SideScore``s (the core gives them as dicts)."""
        return [
            self.SUMMARY(**{**line, "sides": tuple(SideScore(**side) for side in line["sides"])})
            for line in lines
        ]

    def _many_legal_actions(self) -> TripleActions:
        """S-7: the 286 discards or gifts, as the Python engine gives them (lazily)."""
        base = DISCARD_BASE if self.phase == PHASE_DISCARD else GIVE_BASE
        return TripleActions(self.hands[self.to_act_seat], base)

    def _deal_started(self, hands: tuple[tuple[Card, ...], ...]) -> Event:
        """A deal starts blind with double nil on (S-6)."""
        started = BlindDealStarted if self.rules.options.double_nil else DealStarted
        return started(self.deal_number, self.dealer, hands)


class NativeSpadesRules(NativeRules, NativeAnalysis, SpadesRules):
    """Spades with its options fixed, on the native engine."""

    STATE = NativeSpadesState
    POSITION = position
    SAMPLE = sample_python_state
