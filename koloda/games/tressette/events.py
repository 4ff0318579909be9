"""Tressette's own events (all public): declarations, points scored, games won."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from koloda.core.events import Event
from koloda.core.presentation import (
    CardsRef,
    Param,
    Phrase,
    Phrases,
    RankRef,
    SeatRef,
    SideRef,
    SuitRef,
    Term,
)
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

    def phrase(self) -> Phrase:
        shown = Phrases(tuple(declaration_phrase(d) for d in self.declarations))
        return Phrase("event.declared", {"seat": SeatRef(self.seat), "declarations": shown})


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

    def phrase(self) -> Phrase:
        return Phrase(
            "event.points_scored",
            {
                "side": SideRef(self.side),
                "points": self.points,
                "reason": Term(f"reason.{self.reason}"),
                "ours": self.game_points[0],
                "theirs": self.game_points[1],
            },
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

    def phrase(self) -> Phrase:
        params: dict[str, Param] = {
            "side": SideRef(self.side),
            "number": self.game + 1,
            "value": self.value,
            "carry": self.carry,
        }
        return Phrase("event.game_won_carry" if self.carry else "event.game_won", params)


def declaration_phrase(declaration: Declaration) -> Phrase:
    """A declaration for people (T-7..T-11): a triple, a Baba or a long run, with its points."""
    first = declaration.cards[0]
    if declaration.kind == "triple":
        key = "declaration.four" if len(declaration.cards) == 4 else "declaration.three"
        return Phrase(key, {"rank": RankRef(first & 15), "points": declaration.points})
    if declaration.kind == "long_run":
        return Phrase(
            "declaration.long_run",
            {
                "suit": SuitRef(first >> 4),
                "length": len(declaration.cards),
                "points": declaration.points,
            },
        )
    return Phrase(
        "declaration.baba",
        {
            "suit": SuitRef(first >> 4),
            "extra": CardsRef(declaration.cards[3:]),
            "points": declaration.points,
        },
    )
