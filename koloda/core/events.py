"""Immutable events returned by ``apply``: what happened, for logs, screens and adapters.

Every event can say what one seat may see of it (``for_seat``), so an adapter never has to
decide what is hidden, and what it says for people as data (``phrase``: a catalogue key and
typed parameters, worded by ``koloda.i18n`` in each language).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from koloda.core.cards import Card, format_card, format_suit
from koloda.core.presentation import Among, CardRef, PerPlayer, Phrase, SeatRef, SuitRef, Term


@dataclass(frozen=True, slots=True)
class Event:
    """Base class: a public event that every seat sees whole."""

    def for_seat(self, seat: int) -> Event:
        return self

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def phrase(self) -> Phrase:
        """What happened, for people: a catalogue key (``event.<key>``) and its parameters."""
        raise NotImplementedError

    @property
    def key(self) -> str:
        """The catalogue key of the event's sentence."""
        return self.phrase().key


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

    def phrase(self) -> Phrase:
        return Phrase("event.deal_started", {"number": self.deal + 1, "seat": SeatRef(self.dealer)})


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: Card

    def to_json(self) -> dict[str, Any]:
        return {"type": "card_played", "seat": self.seat, "card": format_card(self.card)}

    def phrase(self) -> Phrase:
        return Phrase("event.card_played", {"seat": SeatRef(self.seat), "card": CardRef(self.card)})


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

    def phrase(self) -> Phrase:
        return Phrase("event.trick_taken", {"seat": SeatRef(self.seat)})


@dataclass(frozen=True, slots=True)
class ContractChosen(Event):
    seat: int
    contract: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "contract_chosen", "seat": self.seat, "contract": self.contract}

    def phrase(self) -> Phrase:
        return Phrase(
            "event.contract_chosen",
            {"seat": SeatRef(self.seat), "contract": Term(f"contract.{self.contract}")},
        )


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

    def phrase(self) -> Phrase:
        key = "event.trump_named_by_last" if self.by_last else "event.trump_named"
        return Phrase(key, {"seat": SeatRef(self.seat), "suit": SuitRef(self.suit)})


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

    def phrase(self) -> Phrase:
        """``scores`` are per seat, or per side in the partnership games."""
        key = "event.deal_scored_early" if self.ended_early else "event.deal_scored"
        return Phrase(key, {"number": self.deal + 1, "scores": PerPlayer(self.scores)})


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    totals: tuple[float, ...]
    winners: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "game_over", "totals": list(self.totals), "winners": list(self.winners)}

    def phrase(self) -> Phrase:
        winners = Among(self.winners, len(self.totals))
        return Phrase("event.game_over", {"winners": winners, "count": len(self.winners)})
