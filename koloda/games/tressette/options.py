"""Tressette's rule options (docs/rules/tressette.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

CardPoints = Literal["per_trick", "pooled"]
LongRun = Literal["seven", "ten"]


@dataclass(frozen=True, kw_only=True)
class TressetteOptions:
    """The agreed rules of one group of Tressette."""

    hearts_special: bool = True
    """T-6, T-7: hearts beat other suits (except ♥6 ♥5 ♥4) and a hearts Баба scores 5.
    False makes hearts an ordinary suit in every respect."""

    card_points: CardPoints = "per_trick"
    """T-12: a point for every 3 counting cards in one trick (``per_trick``), or over all of a
    side's tricks of the deal, counted at its end (``pooled``)."""

    long_run: LongRun = "seven"
    """T-9: the flat 16 is for a run of seven from the 3 (3 2 A K Q J 7) or longer
    (``seven``), or only for the whole suit (``ten``)."""

    @property
    def num_seats(self) -> int:
        return 4
