"""King's options: the variant (K-0) and every rule option of docs/rules/king.md."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from koloda.core.errors import OptionError
from koloda.games.king.actions import NEGATIVE_CONTRACTS, contract_key

Variant = Literal["classic", "order", "three"]


@dataclass(frozen=True, kw_only=True)
class KingOptions:
    """The agreed rules of one game of King."""

    variant: Variant = "classic"
    """K-0: ``classic`` (four players), ``order`` (47.а) or ``three`` (47.б, three players)."""

    negative_order: tuple[str, ...] = tuple(contract_key(c) for c in NEGATIVE_CONTRACTS)
    """K-11: the order of the seven negative deals in the classic game."""

    king_forced_on_heart_lead: bool = False
    """K-9: when true, a heart led by another player also forces K♥ out."""

    stop_when_decided: bool = True
    """K-12: end a deal as soon as all its penalty cards are taken."""

    positive_orders_per_player: int = 8
    """K-24: how many positive games each row of the order table holds."""

    order_scope: Literal["per_player", "shared"] = "per_player"
    """K-24: one order table per player, or a single table shared by all."""

    three_player_balance: Literal["king24", "proportional"] = "king24"
    """K-27: K♥ counts 24 (zero-sum), or losers pay winners in proportion."""

    def __post_init__(self) -> None:
        keys = [contract_key(c) for c in NEGATIVE_CONTRACTS]
        if sorted(self.negative_order) != sorted(keys):
            raise OptionError(
                "king: option negative_order must list each of "
                f"{', '.join(keys)} exactly once, not {list(self.negative_order)}"
            )
        if not 1 <= self.positive_orders_per_player <= 16:
            raise OptionError(
                "king: option positive_orders_per_player must be between 1 and 16, "
                f"not {self.positive_orders_per_player}"
            )

    @property
    def num_seats(self) -> int:
        return 3 if self.variant == "three" else 4

    @property
    def is_ordered(self) -> bool:
        """Whether players order the games (47.а and 47.б) rather than follow a program."""
        return self.variant != "classic"
