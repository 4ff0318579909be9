"""Spades' first game with a teacher: one hand for two partnerships, dealt from a fixed seed,
without double nil and the nil exchange (no blind bid, no cards to pass): the learner bids,
leads the first trick (any suit but spades), follows suit, trumps when void and sees spades
broken. The teacher's
words are ``learn.spades.*`` of the game's words (``words/learn``); ``koloda.learn`` plays the
lesson (``GamePlugin.lesson`` names this module)."""

from __future__ import annotations

from typing import Any

from koloda.core.cards import SPADES, SUIT_MASK
from koloda.core.engine import Action, AnyRules, Seat
from koloda.core.events import TrickTaken
from koloda.core.presentation import CardRef, Phrase, SeatRef, SuitRef

SEED = "koloda-lesson-12"
DEALER = 3
"""The dealer, who bids first; the learner (seat 0, on his left) bids next and leads."""
SEAT = 0
BOT = "easy"
OPTIONS: dict[str, Any] = {"double_nil": False, "nil_exchange": False}
FIRST_GAME: dict[str, Any] = {}

REFUSALS = {
    "S-4": "learn.spades.bid_first",
    "S-12": "learn.spades.must_follow",
    "S-10": "learn.spades.no_spade_first",
    "S-11": "learn.spades.not_broken",
}
"""The teacher's words for the rules the engine cites when it refuses a card."""


def teach(rules: AnyRules, point: Any, learner: Seat) -> list[Phrase]:
    """The teacher's words at a point of the hand (``koloda.learn.Point``)."""
    state = point.state
    partner = SeatRef((learner + 2) % rules.num_seats)
    if point.kind == "start":
        return [Phrase("learn.spades.welcome", {"seat": partner}), Phrase("learn.spades.goal")]
    if point.kind == "end":
        side = learner % 2
        tricks = state.tricks[learner] + state.tricks[(learner + 2) % rules.num_seats]
        points = state.deal_scores()[-1][side]
        return [
            Phrase("learn.spades.end", {"count": int(tricks), "points": points}),
            Phrase("learn.spades.next"),
        ]
    if point.kind == "move":
        return _after_move(point, learner)
    return _at_turn(state, learner, point.moves)


def _broken(state: Any, learner: Seat) -> bool:
    return bool(state.view(learner).to_json().get("spades_broken"))


def _after_move(point: Any, learner: Seat) -> list[Phrase]:
    said = []
    before = point.before
    if before is not None and _broken(point.state, learner) and not _broken(before, learner):
        said.append(Phrase("learn.spades.broken"))
    taken = [e for e in point.events if isinstance(e, TrickTaken)]
    if taken and sum(int(hand).bit_count() for hand in point.state.hands) == 48:
        said.append(Phrase("learn.spades.trick_rule", {"seat": SeatRef(taken[0].seat)}))
    return said


def _at_turn(state: Any, learner: Seat, moves: int) -> list[Phrase]:
    if state.phase_name == "bid":
        return [Phrase("learn.spades.bid")]
    if state.phase_name != "play":
        return []
    if not state.trick_count:
        first = sum(int(hand).bit_count() for hand in state.hands) == 52
        return [Phrase("learn.spades.first_lead" if first else "learn.spades.lead")]
    lead = state.lead_suit
    if state.hands[learner] & SUIT_MASK[lead]:
        if lead == SPADES:
            return [Phrase("learn.spades.follow_trumps")]
        return [Phrase("learn.spades.follow", {"suit": SuitRef(lead)})]
    return [Phrase("learn.spades.void", {"suit": SuitRef(lead)})]


def refuse(rules: AnyRules, state: Any, action: Action, reason: str) -> Phrase | None:
    """Why a card is not allowed, in the teacher's words, from the rule the engine cites."""
    for rule, key in REFUSALS.items():
        if f"{rule})" in reason or f"{rule}," in reason:
            params: dict[str, Any] = {"card": CardRef(action)}
            if state.trick_count:
                params["suit"] = SuitRef(state.lead_suit)
            return Phrase(key, params)
    return None
