"""King's first game with a teacher: the first deal of the classic game (no tricks), dealt
from a fixed seed so that the learner, who leads, soon meets a suit he must follow and one he
has none of. The teacher's words are ``learn.king.*`` of the game's words (``words/learn``);
``koloda.learn`` plays the lesson (``GamePlugin.lesson`` names this module)."""

from __future__ import annotations

from typing import Any

from koloda.core.cards import SUIT_MASK
from koloda.core.engine import Action, AnyRules, Seat
from koloda.core.events import TrickTaken
from koloda.core.presentation import CardRef, Phrase, SeatRef, SuitRef

SEED = "koloda-lesson-14"
DEALER = 3
"""The dealer; the learner (seat 0, on his left) leads the first trick."""
SEAT = 0
BOT = "easy"
OPTIONS: dict[str, Any] = {}
FIRST_GAME: dict[str, Any] = {}
"""The learner's first real game: the classic game, as the lesson's deal."""

REFUSALS = {"K-5": "learn.king.must_follow", "K-8": "learn.king.no_heart_lead"}
"""The teacher's words for the rules the engine cites when it refuses a card."""


def teach(rules: AnyRules, point: Any, learner: Seat) -> list[Phrase]:
    """The teacher's words at a point of the deal (``koloda.learn.Point``)."""
    state = point.state
    if point.kind == "start":
        return [Phrase("learn.king.welcome"), Phrase("learn.king.no_tricks")]
    if point.kind == "end":
        taken = int(state.tricks[learner])
        return [
            Phrase("learn.king.end", {"count": taken, "points": -2 * taken}),
            Phrase("learn.king.next"),
        ]
    if point.kind == "move":
        return _after_move(point, learner)
    return _at_turn(state, learner)


def _after_move(point: Any, learner: Seat) -> list[Phrase]:
    taken = [e for e in point.events if isinstance(e, TrickTaken)]
    if not taken:
        return []
    said = []
    if sum(int(hand).bit_count() for hand in point.state.hands) == 28:  # the first trick
        said.append(Phrase("learn.king.trick_rule", {"seat": SeatRef(taken[0].seat)}))
    if taken[0].seat == learner:
        said.append(Phrase("learn.king.you_took"))
    return said


def _at_turn(state: Any, learner: Seat) -> list[Phrase]:
    if not state.trick_count:
        if sum(int(hand).bit_count() for hand in state.hands) == 32:
            return [Phrase("learn.king.first_lead")]
        return [Phrase("learn.king.lead_again")]
    lead = state.lead_suit
    if state.hands[learner] & SUIT_MASK[lead]:
        return [Phrase("learn.king.follow", {"suit": SuitRef(lead)})]
    return [Phrase("learn.king.void", {"suit": SuitRef(lead)})]


def refuse(rules: AnyRules, state: Any, action: Action, reason: str) -> Phrase | None:
    """Why a card is not allowed, in the teacher's words, from the rule the engine cites."""
    for rule, key in REFUSALS.items():
        if f"{rule})" in reason or f"{rule}," in reason:
            params: dict[str, Any] = {"card": CardRef(action)}
            if state.trick_count:
                params["suit"] = SuitRef(state.lead_suit)
            return Phrase(key, params)
    return None
