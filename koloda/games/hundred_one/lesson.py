"""101's first game with a teacher: one hand for four, dealt from a fixed seed, in which the
learner (left of the dealer, so first to play) matches the top card, draws when nothing
matches and meets the cards that act on the next player. The teacher's words are
``learn.hundred_one.*`` of the game's words (``words/learn``); ``koloda.learn`` plays the
lesson (``GamePlugin.lesson`` names this module)."""

from __future__ import annotations

from typing import Any

from koloda.core.engine import Action, AnyRules, Seat
from koloda.core.events import CardPlayed
from koloda.core.presentation import CardRef, Phrase, SeatRef, SuitRef

SEED = "koloda-lesson-21"
DEALER = 3
"""The dealer; the learner (seat 0, on his left) plays first."""
SEAT = 0
BOT = "easy"
OPTIONS: dict[str, Any] = {}
FIRST_GAME: dict[str, Any] = {}

SIX, SEVEN, QUEEN, ACE = 4, 5, 10, 12
"""Ranks as a card's low four bits say them (2 is 0)."""
ACTING = {SIX: "six", SEVEN: "seven", ACE: "ace", QUEEN: "queen"}
"""The cards whose first play the teacher explains (``learn.hundred_one.<word>``)."""
REFUSALS = {
    "H-10": "learn.hundred_one.must_play",
    "H-8": "learn.hundred_one.after_draw",
    "H-6": "learn.hundred_one.named_suit",
    "H-4": "learn.hundred_one.no_match",
}
"""The teacher's words for the rules the engine cites when it refuses a move, the first
cited rule of this order that the reason names."""


def _rank(card: int) -> int:
    return card & 15


def teach(rules: AnyRules, point: Any, learner: Seat) -> list[Phrase]:
    """The teacher's words at a point of the hand (``koloda.learn.Point``)."""
    state = point.state
    if point.kind == "start":
        return [Phrase("learn.hundred_one.welcome"), Phrase("learn.hundred_one.goal")]
    if point.kind == "end":
        points = state.deal_scores()[-1][learner]
        out = next(s for s in range(rules.num_seats) if not state.hands[s])
        return [
            Phrase("learn.hundred_one.end", {"points": points, "seat": SeatRef(out)}),
            Phrase("learn.hundred_one.next"),
        ]
    if point.kind == "move":
        played = [e for e in point.events if isinstance(e, CardPlayed)]
        if played and _rank(played[0].card) in ACTING:
            return [Phrase("learn.hundred_one." + ACTING[_rank(played[0].card)])]
        return []
    return _at_turn(rules, state, point.moves)


def _at_turn(rules: AnyRules, state: Any, moves: int) -> list[Phrase]:
    phase = state.phase_name
    if phase == "name_suit":
        return [Phrase("learn.hundred_one.name_suit")]
    if phase == "after_draw":
        return [Phrase("learn.hundred_one.drawn", {"card": CardRef(state.drawn)})]
    legal = [a for a in state.legal_actions() if rules.info.is_card_action(a)]
    top = CardRef(state.top)
    named = _rank(state.top) == QUEEN and state.suit is not None and state.suit >= 0
    if not legal:
        if named:
            return [Phrase("learn.hundred_one.draw_named", {"suit": SuitRef(state.suit)})]
        return [Phrase("learn.hundred_one.draw", {"card": top})]
    if named:
        return [Phrase("learn.hundred_one.follow_named", {"suit": SuitRef(state.suit)})]
    return [Phrase("learn.hundred_one.match", {"card": top})] if not moves else []


def refuse(rules: AnyRules, state: Any, action: Action, reason: str) -> Phrase | None:
    """Why a move is not allowed, in the teacher's words, from the rule the engine cites."""
    if state.phase_name == "name_suit":
        return Phrase("learn.hundred_one.name_suit")
    for rule, key in REFUSALS.items():
        if f"{rule})" in reason or f"{rule}," in reason:
            params: dict[str, Any] = {"top": CardRef(state.top)}
            if rules.info.is_card_action(action):
                params["card"] = CardRef(action)
            if state.suit is not None and state.suit >= 0:
                params["suit"] = SuitRef(state.suit)
            return Phrase(key, params)
    return None
