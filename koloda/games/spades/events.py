"""Spades events: bids, the blind decision and the exchange, each redacted per seat."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from koloda.core.cards import Card, format_card, pretty_card
from koloda.core.events import ContractChosen, DealStarted, Event


@dataclass(frozen=True, slots=True)
class BlindDealStarted(DealStarted):
    """S-6: with double nil on, nobody sees a card until he looks (``HandPickedUp``)."""

    def for_seat(self, seat: int) -> BlindDealStarted:
        return replace(self, hands=tuple(() for _ in self.hands))


@dataclass(frozen=True, slots=True)
class HandPickedUp(Event):
    """A player picks up his cards: by ``look`` or after bidding double nil blind."""

    seat: int
    cards: tuple[Card, ...]

    def for_seat(self, seat: int) -> HandPickedUp:
        return self if seat == self.seat else replace(self, cards=())

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "hand_picked_up",
            "seat": self.seat,
            "cards": [format_card(c) for c in self.cards],
        }

    def sentence(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} picks up the cards"


@dataclass(frozen=True, slots=True)
class BidMade(ContractChosen):
    """A bid; ``contract`` is ``nil``, ``double_nil`` or the number of tricks."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "bid", "seat": self.seat, "bid": self.contract}

    def sentence(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} bids {str(self.contract).replace('_', ' ')}"


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    """S-7: the nil bidder lays three cards face down; only he sees them."""

    seat: int
    cards: tuple[Card, ...]

    def for_seat(self, seat: int) -> CardsDiscarded:
        return self if seat == self.seat else replace(self, cards=())

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "cards_discarded",
            "seat": self.seat,
            "cards": [format_card(c) for c in self.cards],
        }

    def sentence(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} lays aside three cards{_shown(self.cards)}"


@dataclass(frozen=True, slots=True)
class CardsExchanged(Event):
    """S-7: the partner gives three cards and takes the discards; the two of them see both."""

    nil_seat: int
    partner: int
    discarded: tuple[Card, ...]
    given: tuple[Card, ...]

    def for_seat(self, seat: int) -> CardsExchanged:
        if seat in (self.nil_seat, self.partner):
            return self
        return replace(self, discarded=(), given=())

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "cards_exchanged",
            "nil_seat": self.nil_seat,
            "partner": self.partner,
            "discarded": [format_card(c) for c in self.discarded],
            "given": [format_card(c) for c in self.given],
        }

    def sentence(self, names: Sequence[str]) -> str:
        return (
            f"{names[self.partner]} gives {names[self.nil_seat]} three cards{_shown(self.given)}"
            f" and takes the three laid aside{_shown(self.discarded)}"
        )


@dataclass(frozen=True, slots=True)
class DiscardsReturned(Event):
    """S-7/S-8: the partner bid nil too, so the discards go back to the first nil bidder."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "discards_returned", "seat": self.seat}

    def sentence(self, names: Sequence[str]) -> str:
        return f"the cards laid aside go back to {names[self.seat]}"


@dataclass(frozen=True, slots=True)
class SpadesBroken(Event):
    """S-11: spades may be led from now on."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "spades_broken", "seat": self.seat}

    def sentence(self, names: Sequence[str]) -> str:
        return f"spades are broken by {names[self.seat]}"


def _shown(cards: tuple[Card, ...]) -> str:
    """`` (A♠ K♠ 2♥)`` when this seat may see the cards, else nothing."""
    return f" ({' '.join(pretty_card(c) for c in cards)})" if cards else ""
