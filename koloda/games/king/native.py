"""King on the native engine: ``load_game("king", engine="native")`` makes
``NativeKingRules``, whose states run the rules in Rust (the orders, the trump call, tricks,
the early end of a decided deal, scoring and views). Over ``koloda.core.native_state``, this
module says only what is King's own: its position, events and view."""

from __future__ import annotations

from typing import Any, ClassVar

from koloda._native import KingCore
from koloda.core.events import ContractChosen, TrumpNamed
from koloda.core.native_state import (
    COMMON_EVENTS,
    EventMakers,
    NativeAnalysis,
    NativeDealing,
    NativeRules,
    attributes,
    fields_of,
    or_none,
    trick_fields,
)
from koloda.games.king.actions import (
    POSITIVE,
    contract_key,
)
from koloda.games.king.rules import KingRules
from koloda.games.king.state import (
    _NO_TRUMP,
    _TRUMP_POWER,
    PHASE_NAMES,
    PHASE_PLAY,
    DealSummary,
    KingState,
)
from koloda.games.king.view import KingView
from koloda.games.king.view import sample_state as sample_python_state

_MASK64 = (1 << 64) - 1
_AS_THEY_ARE = (
    "phase to_act deal_number dealer by_last hands pre_actions taken last_tricks taken_all totals"
    " rows"
)


def position(source: KingState) -> dict[str, Any]:
    """A Python-engine state's position as the native engine takes it (``_load``) and gives
    it (``_position``): the trick constraints as 64-bit masks (Python keeps complements as
    negative ints), the dealt hands during a deal only."""
    return {
        **attributes(source, _AS_THEY_ARE),
        "contract": or_none(source.contract),
        "trump": or_none(source.trump),
        "caller": or_none(source.caller),
        "dealt": source.dealt if source.in_deal else (),
        "card_play": trick_fields(source),
        "lead_first": tuple(mask & _MASK64 for mask in source.lead_first),
        "follow_first": source.follow_first & _MASK64,
        "discard_first": source.discard_first & _MASK64,
        "sheet": tuple(fields_of(line) for line in source.sheet),
    }


class NativeKingState(KingCore, NativeDealing):
    """A game of King whose rules run in Rust. Create it through ``NativeKingRules``."""

    rules: NativeKingRules

    PHASE_NAMES = PHASE_NAMES
    DEALER_RULE = "K-6, K-21"
    PLAY_PHASE = PHASE_PLAY
    EVENTS: ClassVar[EventMakers] = {
        **COMMON_EVENTS,
        "contract": lambda seat, contract: ContractChosen(seat, contract_key(contract)),
        "trump": TrumpNamed,
    }
    VIEW = KingView
    SUMMARY = DealSummary

    @property
    def power(self) -> tuple[int, ...]:
        """The deal's trick power table, as the Python engine keeps it (for hints)."""
        return _TRUMP_POWER[self.trump] if self.contract == POSITIVE else _NO_TRUMP

    def _view_extra(self, fields: dict[str, Any]) -> dict[str, Any]:
        return {"variant": self.rules.options.variant}


class NativeKingRules(NativeRules, NativeAnalysis, KingRules):
    """King with its options fixed, on the native engine."""

    STATE = NativeKingState
    POSITION = position
    SAMPLE = sample_python_state
