"""The lesson runner: the learner's moves so far in, the deal replayed from the lesson's seed,
and out what the learner may know — his own view, the teacher's words, the others' moves
with their reasons, a suggestion for his turn, or why the card he tried is not allowed.

Nothing is kept between two calls: the same moves always give the same answer, so a
reload loses nothing and two servers answer alike."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, cast

from koloda.bots import make_bot
from koloda.core.engine import Action, AnyRules, AnyState, Seat
from koloda.core.errors import OptionError
from koloda.core.events import Event
from koloda.core.explain import explain_card
from koloda.core.presentation import CardRef, Phrase, SeatRef, phrase_to_json
from koloda.core.registry import game_plugin, load_rules
from koloda.learn.lesson import Lesson, Point, lesson_of

SaidKind = Literal["teacher", "event", "why"]
RULE_ID = re.compile(r"\b[A-Z]{1,3}-\d+[a-z]?\b")
PUBLIC_REASONS = ("ahead", "take", "trump", "under", "discard", "partner_ahead")
"""The hint's reasons a bot's card may be explained by: those read from the trick on the
table alone (a lead's reason would tell of the rest of its hand)."""


@dataclass(frozen=True, slots=True)
class Said:
    """One line of the lesson: the teacher's words, an event as the learner sees it, or why
    a bot played its card; ``after`` is how many of the learner's moves came before it."""

    kind: SaidKind
    phrase: Phrase
    after: int


@dataclass(slots=True)
class Transcript:
    """The lesson up to the learner's moves: everything he may see of it."""

    game: str
    rules: AnyRules
    lesson: Lesson
    state: AnyState
    said: list[Said] = field(default_factory=list)
    moves: list[Action] = field(default_factory=list)
    """The learner's moves that were allowed (a refused one is left out)."""
    refused: Action | None = None
    refusal: Phrase | None = None
    rules_cited: tuple[str, ...] = ()
    """The rule IDs the engine cited for the refused move (``K-5``)."""
    suggestion: Action | None = None
    suggestion_reason: Phrase | None = None

    @property
    def seat(self) -> Seat:
        return self.lesson.seat

    @property
    def finished(self) -> bool:
        """The lesson's deal is over."""
        return deal_over(self.state)

    @property
    def legal(self) -> tuple[Action, ...]:
        if self.finished or self.state.to_act != self.seat:
            return ()
        return tuple(self.state.legal_actions())


def deal_over(state: AnyState) -> bool:
    return bool(state.is_over or state.awaiting_deal or state.deal_index > 0)


class Teacher:
    """Says each of the lesson's lines once, in order."""

    def __init__(self, transcript: Transcript) -> None:
        self.transcript = transcript
        self.heard: set[str] = set()

    def add(self, kind: SaidKind, phrase: Phrase) -> None:
        if kind == "teacher":
            said = repr(phrase_to_json(phrase))
            if said in self.heard:
                return
            self.heard.add(said)
        self.transcript.said.append(Said(kind, phrase, len(self.transcript.moves)))

    def at(self, point: Point) -> None:
        t = self.transcript
        point = replace(point, moves=len(t.moves))
        for phrase in t.lesson.teach(t.rules, point, t.seat):
            self.add("teacher", phrase)

    def events(self, events: Sequence[Event]) -> None:
        for event in events:
            seen = event.for_seat(self.transcript.seat)
            phrase = seen.phrase()
            if phrase is not None and phrase.key:
                self.add("event", phrase)


def bot_reason(rules: AnyRules, state: AnyState, seat: Seat, action: Action) -> Phrase | None:
    """Why a bot played its card, from what everyone sees (the hint's reason), or None."""
    phrase = explain_card(rules, state, seat, action)
    if phrase is None or not phrase.key.startswith("hint."):
        return None
    reason = phrase.key.removeprefix("hint.")
    if reason not in PUBLIC_REASONS:
        return None
    return Phrase("learn.bot." + reason, {**phrase.params, "seat": SeatRef(seat)})


def refusal_of(rules: AnyRules, t: Transcript, action: Action) -> tuple[Phrase, tuple[str, ...]]:
    """Why the learner may not make ``action`` now: the lesson's words for the engine's
    reason, else a general line; and the rule IDs the engine cited."""
    reason: str = getattr(t.state, "illegal_reason")(action) or ""  # noqa: B009 (both engines)
    cited = tuple(RULE_ID.findall(reason))
    phrase = t.lesson.refuse(rules, t.state, action, reason)
    if phrase is None:
        if rules.info.is_card_action(action):
            phrase = Phrase("learn.not_allowed_card", {"card": CardRef(action)})
        else:
            phrase = Phrase("learn.not_allowed")
    return phrase, cited


def run_lesson(game: str, moves: Sequence[str]) -> Transcript:
    """The lesson of ``game`` after the learner's ``moves`` (in the game's notation). A move
    that is not allowed stops the replay there with the reason; a move that is no move of the
    game, or one made after the deal's end, is an OptionError."""
    lesson = lesson_of(game)
    rules = load_rules(game, dict(lesson.options))
    actions = [_parse(rules, text) for text in moves]
    state = lesson_deal(rules, lesson)
    t = Transcript(game=game, rules=rules, lesson=lesson, state=state)
    teacher = Teacher(t)
    bots = {s: make_bot(lesson.bot, rules) for s in range(rules.num_seats) if s != lesson.seat}
    rng = random.Random(f"{lesson.seed}/bots")
    teacher.at(Point("start", state))
    pending = list(actions)
    while not deal_over(state):
        seat = state.to_act
        if seat is None:
            break
        if seat == lesson.seat:
            teacher.at(Point("turn", state))
            if not pending:
                _suggest(t, rules)
                return t
            action = pending.pop(0)
            if not state.is_legal(action):
                if pending:
                    raise OptionError(
                        f"move {len(t.moves) + 1} is not allowed; nothing after it is"
                    )
                t.refused = action
                t.refusal, t.rules_cited = refusal_of(rules, t, action)
                _suggest(t, rules)
                return t
            why = None
        else:
            action = bots[seat].choose(state.view(seat), rng)
            why = bot_reason(rules, state, seat, action)
        before = state.clone()
        events = state.apply(action)
        if deal_over(state):  # the game dealt on: the lesson ends with this deal
            state = t.state = without_next_deal(before)
            events = state.apply(action)
        if seat == lesson.seat:
            t.moves.append(action)
        teacher.events(events[:1])
        if why is not None:
            teacher.add("why", why)
        teacher.events(events[1:])
        teacher.at(Point("move", state, seat, action, tuple(events), before))
    if pending:
        raise OptionError(f"the lesson's deal is over after {len(t.moves)} of your moves")
    teacher.at(Point("end", state))
    return t


def lesson_deal(rules: AnyRules, lesson: Lesson) -> AnyState:
    """The lesson's deal, dealt from its seed."""
    state: AnyState = rules.new_state(seed=lesson.seed, first_dealer=lesson.dealer)
    return state


def without_next_deal(state: AnyState) -> AnyState:
    """A copy of ``state`` that deals no further deal when its deal ends, so that the deal's
    end is what the learner sees."""
    copy: Any = state.clone()
    copy.shuffler = None
    return cast(AnyState, copy)


def _parse(rules: AnyRules, text: str) -> Action:
    try:
        action: Action = rules.parse_action(text)
    except (ValueError, KeyError, OptionError) as error:
        raise OptionError(f"{text!r} is no move of this game ({error})") from None
    return action


def _suggest(t: Transcript, rules: AnyRules) -> None:
    """What the teacher proposes for the learner's turn: the game's heuristic (a decent club
    player's choice, always the same here) and the hint's reason for it."""
    policy = game_plugin(t.game).heuristic_policy()
    rng = random.Random(f"{t.lesson.seed}/suggest/{len(t.moves)}")
    action = policy(rules, t.state.view(t.seat), rng)
    t.suggestion = action
    t.suggestion_reason = explain_card(rules, t.state, t.seat, action)
