"""Spades options: every rule option of docs/rules/spades.md, plus a deal limit for bot play."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from koloda.core.errors import OptionError


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
    """S-17: the total that wins the game."""

    max_deals: int = 0
    """Not in the rules (an added option): end the game after this many deals, the higher
    total winning (both sides on a tie); 0 means no limit. Random bots rarely reach the
    target, so simulations and benchmarks use it to bound a game."""

    def __post_init__(self) -> None:
        if self.target < 1:
            raise OptionError(f"spades: option target must be positive, not {self.target}")
        if self.max_deals < 0:
            raise OptionError(f"spades: option max_deals must be 0 or more, not {self.max_deals}")
