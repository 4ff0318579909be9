"""101's own events (the shared ones — deal started, card played, deal scored, game over —
come from koloda.core.events). A drawn card is shown only to the seat that drew it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from koloda.core.cards import format_card, format_suit
from koloda.core.events import Event
from koloda.core.presentation import CardRef, Phrase, SeatRef, SuitRef


@dataclass(frozen=True, slots=True)
class StarterTurned(Event):
    """H-2: the card turned up after the deal, the first card of the discard pile."""

    card: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "starter_turned", "card": format_card(self.card)}

    def phrase(self) -> Phrase:
        return Phrase("event.starter_turned", {"card": CardRef(self.card)})


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """A card went from the stock to ``seat``; ``card`` is -1 for everybody else."""

    seat: int
    card: int
    forced: bool

    def for_seat(self, seat: int) -> CardDrawn:
        return self if seat == self.seat else replace(self, card=-1)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "card_drawn", "seat": self.seat, "forced": self.forced}
        if self.card >= 0:
            out["card"] = format_card(self.card)
        return out

    def phrase(self) -> Phrase:
        key = "event.card_drawn_forced" if self.forced else "event.card_drawn"
        return Phrase(key, {"seat": SeatRef(self.seat), "card": CardRef(self.card)})


@dataclass(frozen=True, slots=True)
class NothingToDraw(Event):
    """H-11: no card left in the stock nor under the top of the discard pile."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "nothing_to_draw", "seat": self.seat}

    def phrase(self) -> Phrase:
        return Phrase("event.nothing_to_draw", {"seat": SeatRef(self.seat)})


@dataclass(frozen=True, slots=True)
class TurnSkipped(Event):
    """H-5, H-7: the seat loses its turn to a 6, 7 or ace."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "turn_skipped", "seat": self.seat}

    def phrase(self) -> Phrase:
        return Phrase("event.turn_skipped", {"seat": SeatRef(self.seat)})


@dataclass(frozen=True, slots=True)
class SuitNamed(Event):
    """H-6, H-7: after a queen the next card must be of this suit (or a queen)."""

    seat: int
    suit: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "suit_named", "seat": self.seat, "suit": format_suit(self.suit)}

    def phrase(self) -> Phrase:
        return Phrase("event.suit_named", {"seat": SeatRef(self.seat), "suit": SuitRef(self.suit)})


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """H-8: the seat keeps the card it drew and ends its turn."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "passed", "seat": self.seat}

    def phrase(self) -> Phrase:
        return Phrase("event.passed", {"seat": SeatRef(self.seat)})


@dataclass(frozen=True, slots=True)
class Restocked(Event):
    """H-11: the discard pile but its top card was shuffled into a new stock."""

    size: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "restocked", "size": self.size}

    def phrase(self) -> Phrase:
        return Phrase("event.restocked", {"size": self.size})
