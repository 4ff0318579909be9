"""Why a card: one line for a hint ("takes the trick over Q♥", "stays under the A♠").

The line is read from what the seat itself sees — its own hand, the trick on the table and the
deal's trick order (trumps are public once named) — so a hint never says more than the player
could know. Games that do not play in tricks get no line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, cast

from koloda.core.cards import SUIT_MASK, Card, cards_in
from koloda.core.engine import Action, AnyRules, AnyState, Seat
from koloda.core.presentation import CardRef, Phrase, SeatRef, SuitRef


class TrickPlay(Protocol):
    """What a hint reads of a trick game's state, on either engine (``TrickGameState`` and
    the native trick games' states)."""

    PLAY_PHASE: int
    phase: int
    to_act_seat: int
    trick_count: int
    lead_suit: int

    @property
    def power(self) -> tuple[int, ...]: ...

    @property
    def hands(self) -> Sequence[int]: ...

    @property
    def history(self) -> Sequence[int]: ...


def explain_card(rules: AnyRules, game: AnyState, seat: Seat, action: Action) -> Phrase | None:
    """The reason to play card ``action`` now for ``seat``, or None (not a card, or no trick)."""
    if getattr(game, "power", None) is None or not rules.info.is_card_action(action):
        return None
    state = cast(TrickPlay, game)
    if state.phase != state.PLAY_PHASE or state.to_act_seat != seat:
        return None
    card: Card = action
    suit = card >> 4
    power = state.power
    count = state.trick_count
    if not count:
        return _lead(state.hands[seat], card, power)
    plays = [(p >> 6, p & 63) for p in state.history[-count:]]
    base = state.lead_suit << 8
    best_seat, best_card = max(plays, key=lambda play: power[base | play[1]])
    last = count == rules.num_seats - 1
    if power[base | card] > power[base | best_card]:
        if suit != state.lead_suit:
            return Phrase("hint.trump", {"card": CardRef(best_card)})
        key = "hint.take" if last else "hint.ahead"
        return Phrase(key, {"card": CardRef(best_card)})
    partner = best_seat != seat and rules.info.same_side(best_seat, seat)
    if partner:
        return Phrase("hint.partner_ahead", {"seat": SeatRef(best_seat)})
    if suit == state.lead_suit:
        return Phrase("hint.under", {"card": CardRef(best_card)})
    return Phrase("hint.discard", {"suit": SuitRef(state.lead_suit)})


def _lead(hand: int, card: Card, power: tuple[int, ...]) -> Phrase:
    """A lead: the highest, lowest or only card of its suit in the hand."""
    suit = card >> 4
    same = cards_in(hand & SUIT_MASK[suit])
    strength = sorted(same, key=lambda c: power[suit << 8 | c])
    if len(strength) == 1:
        return Phrase("hint.lead_only", {"suit": SuitRef(suit)})
    if card == strength[-1]:
        return Phrase("hint.lead_high", {"suit": SuitRef(suit)})
    if card == strength[0]:
        return Phrase("hint.lead_low", {"suit": SuitRef(suit)})
    return Phrase("hint.lead_middle", {"suit": SuitRef(suit)})
