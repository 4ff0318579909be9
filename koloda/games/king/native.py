"""King on the native engine (``koloda._native``, the Rust crate in ``native/``).

``load_game("king", engine="native", ...)`` makes a ``NativeKingRules``: the Python engine's
rules object (options, notation, records, score sheet, sampling) whose states are
``NativeKingState``. The state machine — orders, the trump call, legal cards, tricks, the
early end of a decided deal, scoring, the settlement and each seat's view — runs in Rust;
this module adds views as ``KingView``, events as objects, errors that cite the rule, deal
logs and the score sheet. The differential test (``tests/native``) proves both engines
equal decision by decision.
"""

from __future__ import annotations

import random
from dataclasses import asdict
from typing import Any, ClassVar

from koloda._native import KingCore, analysis_king, analysis_king_dealt, king_playouts
from koloda.core.cards import Card
from koloda.core.engine import Rules
from koloda.core.events import (
    ContractChosen,
    DealStarted,
    Event,
    TrumpNamed,
)
from koloda.core.native_state import (
    COMMON_EVENTS,
    EventMakers,
    NativeAnalysis,
    NativeDealing,
    NativeRules,
)
from koloda.core.options import build_options
from koloda.core.plugin import NativeSearch
from koloda.games.king.actions import (
    POSITIVE,
    contract_from_key,
    contract_key,
)
from koloda.games.king.options import KingOptions
from koloda.games.king.rules import KingRules
from koloda.games.king.state import (
    _NO_TRUMP,
    _TRUMP_POWER,
    PHASE_AWAIT_DEAL,
    PHASE_NAMES,
    PHASE_OVER,
    PHASE_PLAY,
    DealSummary,
    KingState,
)
from koloda.games.king.view import KingView
from koloda.games.king.view import sample_state as sample_python_state

KingOptionsTuple = tuple[int, tuple[int, ...], bool, bool, int, bool, bool]
_VARIANTS = {"classic": 0, "order": 1, "three": 2}
_MASK64 = (1 << 64) - 1


def options_tuple(options: KingOptions) -> KingOptionsTuple:
    """The options in the order the native engine takes them."""
    return (
        _VARIANTS[options.variant],
        tuple(contract_from_key(key) for key in options.negative_order),
        options.king_forced_on_heart_lead,
        options.stop_when_decided,
        options.positive_orders_per_player,
        options.order_scope == "shared",
        options.three_player_balance == "proportional",
    )


class NativeKingState(KingCore, NativeDealing):
    """A game of King whose rules run in Rust. Create it through ``NativeKingRules``."""

    rules: NativeKingRules

    PHASE_NAMES = PHASE_NAMES
    AWAIT_PHASE = PHASE_AWAIT_DEAL
    OVER_PHASE = PHASE_OVER
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

    @property
    def plays(self) -> list[int]:
        """Every card of this deal in play order, as ``seat << 6 | card``."""
        return self.history

    def _deal_hands(self, hands: tuple[tuple[Card, ...], ...], events: list[Event] | None) -> None:
        self._deal([list(hand) for hand in hands])
        if events is not None:
            events.append(DealStarted(self.deal_number, self.dealer, hands))

    def _view_extra(self, fields: dict[str, Any]) -> dict[str, Any]:
        return {
            "variant": self.rules.options.variant,
            "sheet": tuple(self.sheet),
        }


class NativeKingRules(NativeRules, NativeAnalysis, KingRules):
    """King with its options fixed, on the native engine."""

    STATE = NativeKingState
    PLAYOUTS = king_playouts
    ANALYSIS = (analysis_king, analysis_king_dealt)

    def options_tuple(self) -> KingOptionsTuple:
        return options_tuple(self.options)

    def sample_state(self, view: KingView, rng: random.Random) -> NativeKingState:  # type: ignore[override]
        """The Python engine's sampling (the same constraints, the same draws), loaded into
        a native state."""
        return self.from_python(sample_python_state(self, view, rng))

    def from_python(self, source: KingState) -> NativeKingState:
        """A native state in exactly the position of a Python-engine state."""
        state: NativeKingState = self.empty_state(source.first_dealer % self.num_seats)
        n = self.num_seats
        dealt = source.dealt if source.dealt else ((0,) * self.hand_size,) * n
        state._load(
            (
                source.phase,
                source.to_act_seat,
                source.deal_number,
                source.dealer,
                source.contract,
                source.trump,
                source.by_last,
                source.caller,
            ),
            (
                [list(hand) for hand in dealt],
                list(source.hands),
                list(source.pre_actions),
                list(source.taken),
                list(source.last_tricks),
                source.taken_all,
            ),
            (
                list(source.history),
                source.trick_count,
                source.lead_suit,
                source.trick_leader,
                list(source.tricks),
                source.tricks_played,
            ),
            (
                [mask & _MASK64 for mask in source.lead_first],
                source.follow_first & _MASK64,
                source.discard_first & _MASK64,
            ),
            list(source.totals),
            [list(row) for row in source.rows],
            [asdict(line) for line in source.sheet],
        )
        return state


def make_rules(**options: Any) -> NativeKingRules:
    """``load_game("king", engine="native", **options)``."""
    return NativeKingRules(build_options(KingOptions, "king", options))


def _conforms(rules: NativeKingRules) -> Rules[Any, KingView]:
    """Never called: lets the type checker prove the engine protocols are implemented (the
    record hooks take the Python engine's state type, which the native state mirrors)."""
    return rules


def search_parts(rules: Any) -> NativeSearch:
    """What the native searches need for King: these rules on the native engine, the Rust
    searches and the view's ``hidden_cards``."""
    from koloda._native import ismcts_king, pimc_king
    from koloda.games.king.view import hidden_cards

    native = rules if isinstance(rules, NativeKingRules) else NativeKingRules(rules.options)
    # every seat plays for itself there (max-n, no pruning): solved from 12 cards, 3 tricks;
    # the playouts look one card ahead (measured stronger against hard-python in King)
    return NativeSearch(
        native, ismcts_king, pimc_king, hidden_cards, exact_cards=12, lookahead=True
    )
