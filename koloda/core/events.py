"""Immutable events returned by ``apply``: what happened, for logs, screens and adapters.

Every event can say what one seat may see of it (``for_seat``), so an adapter never has to
decide what is hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from koloda.core.cards import Card, format_card, format_suit


@dataclass(frozen=True, slots=True)
class Event:
    """Base class: a public event that every seat sees whole."""

    def for_seat(self, seat: int) -> Event:
        return self

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def sentence(self, names: Sequence[str]) -> str | None:
        """The event told in a sentence for a table log (``names``: the seats' names), or
        None to leave it to the screen's own wording."""
        return None


@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    deal: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...] = field(repr=False)
    """Each seat's cards; ``for_seat`` keeps only that seat's own."""

    def for_seat(self, seat: int) -> DealStarted:
        return replace(self, hands=tuple(h if s == seat else () for s, h in enumerate(self.hands)))

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "deal_started",
            "deal": self.deal,
            "dealer": self.dealer,
            "hands": [[format_card(c) for c in h] for h in self.hands],
        }


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: Card

    def to_json(self) -> dict[str, Any]:
        return {"type": "card_played", "seat": self.seat, "card": format_card(self.card)}


@dataclass(frozen=True, slots=True)
class TrickTaken(Event):
    seat: int
    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "trick_taken",
            "seat": self.seat,
            "cards": [format_card(c) for c in self.cards],
        }


@dataclass(frozen=True, slots=True)
class ContractChosen(Event):
    seat: int
    contract: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "contract_chosen", "seat": self.seat, "contract": self.contract}


@dataclass(frozen=True, slots=True)
class TrumpNamed(Event):
    seat: int
    suit: int
    by_last: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "trump_named",
            "seat": self.seat,
            "suit": format_suit(self.suit),
            "by_last": self.by_last,
        }


@dataclass(frozen=True, slots=True)
class DealScored(Event):
    deal: int
    scores: tuple[int, ...]
    ended_early: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "deal_scored",
            "deal": self.deal,
            "scores": list(self.scores),
            "ended_early": self.ended_early,
        }


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    totals: tuple[float, ...]
    winners: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "game_over", "totals": list(self.totals), "winners": list(self.winners)}
