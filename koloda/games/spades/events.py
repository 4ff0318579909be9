"""Spades events: bids, the blind decision and the exchange, each redacted per seat."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from koloda.core.cards import Card, format_card
from koloda.core.events import ContractChosen, DealStarted, Event
from koloda.core.presentation import CardsRef, Phrase, SeatRef


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

    def phrase(self) -> Phrase:
        return Phrase("event.hand_picked_up", {"seat": SeatRef(self.seat)})


@dataclass(frozen=True, slots=True)
class BidMade(ContractChosen):
    """A bid; ``contract`` is ``nil``, ``double_nil`` or the number of tricks."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "bid", "seat": self.seat, "bid": self.contract}

    def phrase(self) -> Phrase:
        seat = SeatRef(self.seat)
        if self.contract in ("nil", "double_nil"):
            return Phrase(f"event.bid_{self.contract}", {"seat": seat})
        return Phrase("event.bid", {"seat": seat, "tricks": int(self.contract)})


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

    def phrase(self) -> Phrase:
        return Phrase(
            "event.cards_discarded", {"seat": SeatRef(self.seat), "cards": CardsRef(self.cards)}
        )


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

    def phrase(self) -> Phrase:
        return Phrase(
            "event.cards_exchanged",
            {
                "seat": SeatRef(self.partner),
                "nil_seat": SeatRef(self.nil_seat),
                "given": CardsRef(self.given),
                "discarded": CardsRef(self.discarded),
            },
        )


@dataclass(frozen=True, slots=True)
class DiscardsReturned(Event):
    """S-7/S-8: the partner bid nil too, so the discards go back to the first nil bidder."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "discards_returned", "seat": self.seat}

    def phrase(self) -> Phrase:
        return Phrase("event.discards_returned", {"seat": SeatRef(self.seat)})


@dataclass(frozen=True, slots=True)
class SpadesBroken(Event):
    """S-11: spades may be led from now on."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "spades_broken", "seat": self.seat}

    def phrase(self) -> Phrase:
        return Phrase("event.spades_broken", {"seat": SeatRef(self.seat)})
