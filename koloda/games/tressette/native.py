"""Tressette on the native engine: ``load_game("tressette", engine="native")`` makes
``NativeTressetteRules``, whose states run the rules in Rust (tricks with the trump hearts,
declarations, games of 21 and the group of three). Over ``koloda.core.native_state``, this
module says only what is Tressette's own: its position, events and view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from koloda._native import TressetteCore
from koloda.core.engine import Seat
from koloda.core.native_state import (
    COMMON_EVENTS,
    EventMakers,
    NativeAnalysis,
    NativeDealing,
    NativeRules,
    attributes,
    trick_fields,
)
from koloda.games.tressette.declarations import Declaration
from koloda.games.tressette.events import Declared, GameWon, PointsScored
from koloda.games.tressette.rules import TressetteRules
from koloda.games.tressette.scoring import POWER_PLAIN, POWER_SPECIAL
from koloda.games.tressette.state import (
    NUM_SEATS,
    PHASE_NAMES,
    PHASE_PLAY,
    DealSummary,
    TressetteState,
    WonGame,
)
from koloda.games.tressette.view import TressetteView
from koloda.games.tressette.view import sample_state as sample_python_state


def _declarations(raw: Sequence[Sequence[dict[str, Any]]]) -> tuple[tuple[Declaration, ...], ...]:
    return tuple(tuple(Declaration(**fields) for fields in found) for found in raw)


def _games(raw: Sequence[dict[str, int]]) -> tuple[WonGame, ...]:
    return tuple(WonGame(**fields) for fields in raw)


def _shown(declarations: Sequence[Sequence[Declaration]]) -> tuple[tuple[dict[str, Any], ...], ...]:
    return tuple(tuple(d._asdict() for d in found) for found in declarations)


def _line_fields(line: DealSummary) -> dict[str, Any]:
    """A sheet line as the native engine gives it: its fields, the nested ones as dicts."""
    return line._asdict() | {
        "declarations": _shown(line.declarations),
        "games": tuple(game._asdict() for game in line.games),
    }


_AS_THEY_ARE = (
    "phase to_act is_over deal_number dealer leader hands taken points deal_points deal_declared"
    " deal_bonus totals settled_points settled_games"
)


def position(source: TressetteState) -> dict[str, Any]:
    """A Python-engine state's position as the native engine takes it (``_load``) and gives
    it (``_position``): the seats as None where Python keeps -1, the dealt hands during a
    deal only."""
    in_deal = source.phase == PHASE_PLAY
    return {
        **attributes(source, _AS_THEY_ARE),
        "dealt": source.dealt if in_deal else (),
        "declarations": _shown(source.declarations),
        "card_play": trick_fields(source),
        "games": tuple(game._asdict() for game in source.games),
        "sheet": tuple(_line_fields(line) for line in source.sheet),
    }


class NativeTressetteState(TressetteCore, NativeDealing):
    """A group of Tressette whose rules run in Rust. Create it through
    ``NativeTressetteRules``."""

    rules: NativeTressetteRules

    PHASE_NAMES = PHASE_NAMES
    DEALER_RULE = "T-4"
    PLAY_PHASE = PHASE_PLAY
    EVENTS: ClassVar[EventMakers] = {
        **COMMON_EVENTS,
        "declared": "_declared",
        "points": PointsScored,
        "won": GameWon,
    }
    VIEW = TressetteView
    SUMMARY = DealSummary

    @property
    def power(self) -> tuple[int, ...]:
        """The trick power table, as the Python engine keeps it (for hints)."""
        return POWER_SPECIAL if self.rules.options.hearts_special else POWER_PLAIN

    @property
    def plays(self) -> list[int]:
        """The cards played in this deal, in order."""
        return [play & 63 for play in self.history]

    @property
    def games(self) -> list[WonGame]:
        return list(_games(self._games()))

    @property
    def declarations(self) -> tuple[tuple[Declaration, ...], ...]:
        """Every seat's declarations of this deal (T-7..T-11)."""
        return _declarations(self._declarations())

    def _declared(self, seat: Seat) -> Declared:
        return Declared(seat, self.declarations[seat])

    def _summaries(self, lines: Sequence[Any]) -> Sequence[Any]:
        """The lines' nested declarations and games as the Python engine's objects."""
        return super()._summaries(
            [
                line
                | {
                    "declarations": _declarations(line["declarations"]),
                    "games": _games(line["games"]),
                }
                for line in lines
            ]
        )

    def _view_extra(self, fields: dict[str, Any]) -> dict[str, Any]:
        in_deal = fields["phase"] == PHASE_PLAY
        return {
            "declarations": self.declarations if in_deal else ((),) * NUM_SEATS,
            "games": tuple(self.games),
        }

    def _repr_fields(self) -> str:
        return f"points={self.points}, games={len(self.games)}"


class NativeTressetteRules(NativeRules, NativeAnalysis, TressetteRules):
    """Tressette with its options fixed, on the native engine."""

    STATE = NativeTressetteState
    POSITION = position
    SAMPLE = sample_python_state
