"""Tressette's own events (all public): declarations, points scored, games won."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from koloda.core.events import Event
from koloda.games.tressette.declarations import Declaration


@dataclass(frozen=True, slots=True)
class Declared(Event):
    """T-7..T-11, T-19: a seat's declarations at the start of the deal, shown to everyone."""

    seat: int
    declarations: tuple[Declaration, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "declared",
            "seat": self.seat,
            "declarations": [d.to_json() for d in self.declarations],
        }

    def sentence(self, names: Sequence[str]) -> str:
        shown = ", ".join(d.describe() for d in self.declarations)
        return f"{names[self.seat]} declares {shown}"


@dataclass(frozen=True, slots=True)
class PointsScored(Event):
    """Points for a side toward the current game (T-15): ``reason`` says what for."""

    side: int
    points: int
    reason: str
    """``declarations``, ``cards`` (T-12), ``nine_tricks`` (T-13) or ``all_tricks`` (T-14)."""
    game_points: tuple[int, int]
    """Both sides' points toward the game in progress afterwards."""

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "points_scored",
            "side": self.side,
            "points": self.points,
            "reason": self.reason,
            "game_points": list(self.game_points),
        }

    def sentence(self, names: Sequence[str]) -> str:
        reason = self.reason.replace("_", " ")
        return (
            f"{_side(names, self.side)} score {self.points} for {reason} "
            f"(game {self.game_points[0]}–{self.game_points[1]})"
        )


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """T-15, T-16: a side reached 21; ``carry`` is what it starts the next game with (T-17)."""

    side: int
    value: int
    deal: int
    game: int
    carry: int

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "game_won",
            "side": self.side,
            "value": self.value,
            "deal": self.deal,
            "game": self.game,
            "carry": self.carry,
        }

    def sentence(self, names: Sequence[str]) -> str:
        carry = f", carrying {self.carry} into the next" if self.carry else ""
        return f"{_side(names, self.side)} win game {self.game + 1}, worth {self.value}{carry}"


def _side(names: Sequence[str], side: int) -> str:
    """A side by its two players' names (seats ``side`` and ``side + 2``)."""
    return " and ".join(names[s] for s in range(side, len(names), 2))
