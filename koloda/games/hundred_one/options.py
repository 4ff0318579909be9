"""101's options: every rule option of docs/rules/hundred_one.md (H-1, H-2, H-5, H-10, H-15)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from koloda.core.errors import OptionError

DECK_SIZE = 36


@dataclass(frozen=True, kw_only=True)
class HundredOneOptions:
    """The agreed rules of one game of 101."""

    players: int = 4
    """H-1: the number of players, 2..6."""

    hand_size: int = 3
    """H-2: cards dealt to each player."""

    voluntary_draw: bool = False
    """H-10: when true, a player may draw instead of playing even when he holds a playable
    non-queen card."""

    draw_six: int = 1
    """H-5: how many cards a 6 makes the next player draw."""

    draw_seven: int = 2
    """H-5: how many cards a 7 makes the next player draw."""

    queen_in_hand: Literal["plus_40", "instead_40"] = "plus_40"
    """H-15: each queen left in hand costs 40 on top of its 3, or 40 instead of 3."""

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 6:
            raise OptionError(f"hundred_one: option players must be 2..6, not {self.players}")
        if self.hand_size < 1 or self.players * self.hand_size + 1 > DECK_SIZE:
            raise OptionError(
                f"hundred_one: option hand_size must be 1..{(DECK_SIZE - 1) // self.players} "
                f"for {self.players} players (the starter needs a card), not {self.hand_size}"
            )
        for name in ("draw_six", "draw_seven"):
            value = getattr(self, name)
            if not 0 <= value <= 4:
                raise OptionError(f"hundred_one: option {name} must be 0..4, not {value}")

    @property
    def num_seats(self) -> int:
        return self.players
