"""A first game with a teacher (``koloda.learn``): the lesson's page and its one call.

The call keeps nothing: the page sends the learner's moves so far, the server plays the
lesson's deal again from its seed and answers only what the learner may see. A card that
is not allowed is a teaching answer (200, with the reason), not an error; a move that is no
move of the game is a 422 in one line."""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from koloda.core.errors import OptionError
from koloda.core.presentation import Phrase, phrase_to_json
from koloda.core.registry import available_games, game_plugin
from koloda.learn import Transcript, run_lesson
from koloda.server.protocol.http import Problem
from koloda.server.routes.pages import templates
from koloda.server.views import game_facts, seat_view_json

router = APIRouter(tags=["learn"])

MAX_MOVES = 200
"""More moves than any lesson's deal has for its learner."""


class LessonMoves(BaseModel):
    """The learner's moves so far, in the game's notation (``"7H"``); the last one may be a
    card that is not allowed, which the answer explains."""

    moves: list[str] = Field(default_factory=list, max_length=MAX_MOVES, examples=[["7H"]])


class SaidLine(BaseModel):
    """A line of the lesson: the teacher's words, an event, or why a bot played its card; a
    catalogue key and its parameters, worded by the page. ``after``: how many of the
    learner's moves came before it."""

    kind: Literal["teacher", "event", "why"]
    after: int
    key: str
    params: dict[str, Any]


class WordedPhrase(BaseModel):
    key: str
    params: dict[str, Any]


class LessonState(BaseModel):
    """The lesson after the learner's moves: his view alone (the others' cards stay hidden),
    what he may play, what was said, and a refused card's reason."""

    game: str
    seat: int
    num_seats: int
    facts: dict[str, Any]
    view: dict[str, Any]
    moves: list[str] = Field(description="the learner's moves that were allowed")
    legal: list[str]
    said: list[SaidLine]
    refused: str | None = Field(description="the card that is not allowed, if one was tried")
    refusal: WordedPhrase | None
    rules_cited: list[str] = Field(description="the rule IDs the engine cited for the refusal")
    suggestion: str | None = Field(description="the teacher's suggestion for the learner's turn")
    suggestion_reason: WordedPhrase | None
    finished: bool
    scores: list[int] | None = Field(description="each seat's points of the deal, once it is over")
    first_game: dict[str, Any] = Field(description="the options of the first real game offered")


def lesson_json(t: Transcript) -> dict[str, Any]:
    """The transcript as the page reads it."""
    rules = t.rules
    fmt = rules.format_action
    return {
        "game": t.game,
        "seat": t.seat,
        "num_seats": rules.num_seats,
        "facts": game_facts(rules),
        "view": seat_view_json(rules, t.state, t.seat),
        "moves": [fmt(a) for a in t.moves],
        "legal": [fmt(a) for a in t.legal],
        "said": [{"kind": s.kind, "after": s.after, **phrase_to_json(s.phrase)} for s in t.said],
        "refused": None if t.refused is None else fmt(t.refused),
        "refusal": worded(t.refusal),
        "rules_cited": list(t.rules_cited),
        "suggestion": None if t.suggestion is None else fmt(t.suggestion),
        "suggestion_reason": worded(t.suggestion_reason),
        "finished": t.finished,
        "scores": list(t.state.deal_scores()[-1]) if t.finished else None,
        "first_game": dict(t.lesson.first_game),
    }


def worded(phrase: Phrase | None) -> dict[str, Any] | None:
    return None if phrase is None else phrase_to_json(phrase)


def games_with_lessons() -> list[str]:
    return [g for g in available_games() if game_plugin(g).lesson is not None]


@router.post(
    "/api/learn/{game}",
    response_model=LessonState,
    responses={404: {"model": Problem}, 422: {"model": Problem}},
)
async def lesson_step(game: str, body: LessonMoves) -> LessonState:
    """The lesson of ``game`` after the learner's moves: played again from its seed."""
    if game not in games_with_lessons():
        raise HTTPException(
            404, f"no lesson for {game!r}; lessons: {', '.join(games_with_lessons())}"
        )
    try:
        transcript = await asyncio.to_thread(run_lesson, game, body.moves)
    except OptionError as error:
        raise HTTPException(422, str(error)) from None
    return LessonState.model_validate(lesson_json(transcript))


@router.get("/learn/{game}", response_class=HTMLResponse, include_in_schema=False)
async def lesson_page(request: Request, game: str) -> HTMLResponse:
    """The lesson's page (404 for a game with no lesson)."""
    if game not in games_with_lessons():
        return templates.TemplateResponse(request, "not_found.html", {}, status_code=404)
    return templates.TemplateResponse(request, "learn.html", {"game": game})


@router.get("/api/learn", tags=["learn"])
async def lessons() -> dict[str, list[str]]:
    """The games that have a first game with a teacher."""
    return {"games": games_with_lessons()}
