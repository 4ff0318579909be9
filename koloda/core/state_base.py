"""What every game's state shares: the protocol's bookkeeping properties.

A game's state keeps ``phase`` (0 means between deals), ``to_act_seat`` (-1 for nobody),
``deal_number`` and ``dealer`` in its own slots, and names its phases in ``PHASE_NAMES``.
"""

from __future__ import annotations

from typing import ClassVar

from koloda.core.engine import Seat

PHASE_BETWEEN_DEALS = 0


class DealtGameState:
    __slots__ = ()

    PHASE_NAMES: ClassVar[tuple[str, ...]]
    phase: int
    to_act_seat: int
    deal_number: int
    dealer: int

    @property
    def to_act(self) -> Seat | None:
        """The seat whose decision comes next, or None between deals and when over."""
        return None if self.to_act_seat < 0 else self.to_act_seat

    @property
    def awaiting_deal(self) -> bool:
        return self.phase == PHASE_BETWEEN_DEALS

    @property
    def deal_index(self) -> int:
        return self.deal_number

    @property
    def next_dealer(self) -> Seat:
        return self.dealer

    @property
    def phase_name(self) -> str:
        return self.PHASE_NAMES[self.phase]
