"""Spades options: every rule option of docs/rules/spades.md, plus a deal limit for bot play."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from koloda.core.errors import OptionError

MAX_TARGET = 1000
"""The highest target a game may set: a game to a larger one might never end in practice."""
MAX_DEALS = 1000


@dataclass(frozen=True, kw_only=True)
class SpadesOptions:
    """The agreed rules of one game of Spades."""

    double_nil: bool = True
    """S-6: a player may bid double nil before looking at his cards (the ``look`` decision)."""

    nil_exchange: bool = True
    """S-7, S-9: a nil bidder and his partner exchange three cards."""

    bags_penalty: bool = False
    """S-13: every 10 accumulated overtricks cost 100."""

    both_nil_failure: Literal["lose_score", "minus_200"] = "lose_score"
    """S-15: what a side loses when both partners bid nil and either fails."""

    spades_broken_by: Literal["discard", "any_spade"] = "discard"
    """S-11: only a spade discarded on another suit breaks spades, or any spade played."""

    target: int = 500
    """S-17: the total that wins the game (1 to 1000, so that every game ends)."""

    max_deals: int = 0
    """Not in the rules (an added option): end the game after this many deals, the higher
    total winning (both sides on a tie); 0 means no limit, at most 1000. Random bots rarely
    reach the target, so simulations and benchmarks use it to bound a game."""

    def __post_init__(self) -> None:
        if not 1 <= self.target <= MAX_TARGET:
            raise OptionError(f"spades: option target must be 1..{MAX_TARGET}, not {self.target}")
        if not 0 <= self.max_deals <= MAX_DEALS:
            raise OptionError(
                f"spades: option max_deals must be 0..{MAX_DEALS} (0: no limit), "
                f"not {self.max_deals}"
            )
