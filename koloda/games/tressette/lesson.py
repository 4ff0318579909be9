"""Tressette's first game with a teacher: one deal for two partnerships, dealt from a fixed
seed: the learner leads, follows suit by the order 3 2 A K Q J 7 6 5 4, and sees the high
hearts take tricks led in other suits. The teacher's words are ``learn.tressette.*`` of the
game's words (``words/learn``); ``koloda.learn`` plays the lesson (``GamePlugin.lesson``
names this module)."""

from __future__ import annotations

from typing import Any

from koloda.core.cards import SUIT_MASK
from koloda.core.engine import Action, AnyRules, Seat
from koloda.core.events import TrickTaken
from koloda.core.presentation import CardRef, Phrase, SeatRef, SuitRef

SEED = "koloda-lesson-12"
DEALER = 3
"""The dealer; the learner (seat 0, on his left) leads the first trick."""
SEAT = 0
BOT = "easy"
OPTIONS: dict[str, Any] = {}
FIRST_GAME: dict[str, Any] = {}

REFUSALS = {"T-5": "learn.tressette.must_follow"}
"""The teacher's words for the rules the engine cites when it refuses a card."""


def teach(rules: AnyRules, point: Any, learner: Seat) -> list[Phrase]:
    """The teacher's words at a point of the deal (``koloda.learn.Point``)."""
    state = point.state
    if point.kind == "start":
        partner = SeatRef((learner + 2) % rules.num_seats)
        said = [
            Phrase("learn.tressette.welcome", {"seat": partner}),
            Phrase("learn.tressette.order"),
        ]
        declared = state.view(learner).to_json().get("declarations") or []
        if any(declared):
            said.append(Phrase("learn.tressette.declarations"))
        return said
    if point.kind == "end":
        points = state.deal_scores()[-1][learner % 2]
        return [Phrase("learn.tressette.end", {"points": points}), Phrase("learn.tressette.next")]
    if point.kind == "move":
        taken = [e for e in point.events if isinstance(e, TrickTaken)]
        if taken and sum(int(hand).bit_count() for hand in state.hands) == 36:
            return [Phrase("learn.tressette.trick_rule", {"seat": SeatRef(taken[0].seat)})]
        return []
    if state.phase_name != "play":
        return []
    if not state.trick_count:
        first = sum(int(hand).bit_count() for hand in state.hands) == 40
        return [Phrase("learn.tressette.first_lead" if first else "learn.tressette.lead")]
    lead = state.lead_suit
    if state.hands[learner] & SUIT_MASK[lead]:
        return [Phrase("learn.tressette.follow", {"suit": SuitRef(lead)})]
    return [Phrase("learn.tressette.void", {"suit": SuitRef(lead)})]


def refuse(rules: AnyRules, state: Any, action: Action, reason: str) -> Phrase | None:
    """Why a card is not allowed, in the teacher's words, from the rule the engine cites."""
    for rule, key in REFUSALS.items():
        if f"{rule})" in reason or f"{rule}," in reason:
            params: dict[str, Any] = {"card": CardRef(action)}
            if state.trick_count:
                params["suit"] = SuitRef(state.lead_suit)
            return Phrase(key, params)
    return None
