"""What a game's lesson is: the deal (options, seed, dealer), the learner's seat, the bots'
level, and the teacher — a function that says what is about to happen at each point of the
deal, and one that says in the learner's words why a card is not allowed."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from koloda.core.engine import Action, AnyRules, AnyState, Seat
from koloda.core.errors import OptionError
from koloda.core.events import Event
from koloda.core.presentation import Phrase
from koloda.core.registry import available_games, game_plugin

PointKind = Literal["start", "turn", "move", "end"]


@dataclass(frozen=True, slots=True)
class Point:
    """A point of the deal the teacher may speak at: its ``start`` (before anyone moves), the
    learner's ``turn`` (before he decides), just after a ``move`` (``seat`` made ``action``,
    ``events`` followed, ``before`` was the state it was made in) and the deal's ``end``."""

    kind: PointKind
    state: AnyState
    seat: Seat | None = None
    action: Action | None = None
    events: tuple[Event, ...] = ()
    before: AnyState | None = None
    moves: int = 0
    """How many moves the learner has made so far."""


Teach = Callable[[AnyRules, Point, Seat], Sequence[Phrase]]
"""``teach(rules, point, learner)``: the teacher's words at this point (each said once)."""
Refuse = Callable[[AnyRules, AnyState, Action, str], Phrase | None]
"""``refuse(rules, state, action, engine_reason)``: why the learner may not make ``action``
now, in the catalogue's words; None leaves it to the runner's general line."""


@dataclass(frozen=True, slots=True)
class Lesson:
    """A game's first game with a teacher: one seeded deal with fixed bots, so that it unfolds
    the same whenever the learner does as told."""

    seed: str
    """The deal's seed (``rules.new_state(seed, dealer)``)."""
    teach: Teach
    refuse: Refuse
    options: Mapping[str, Any] = field(default_factory=dict)
    """The game's options that differ from its defaults."""
    dealer: Seat = 3
    seat: Seat = 0
    """The learner's seat."""
    bot: str = "easy"
    """The level of the bots at the table (``koloda.bots.make_bot``)."""
    first_game: Mapping[str, Any] = field(default_factory=dict)
    """The options of the first real game the learner is offered at the end."""


def lesson_of(game: str) -> Lesson:
    """The lesson of ``game``: the module its plug-in names (``GamePlugin.lesson``) holds
    ``SEED``, ``teach`` and ``refuse`` and, optionally, ``OPTIONS``, ``DEALER``, ``SEAT``,
    ``BOT`` and ``FIRST_GAME``. OptionError for an unknown game or one with no lesson yet."""
    plugin = game_plugin(game)
    if plugin.lesson is None:
        have = ", ".join(g for g in available_games() if game_plugin(g).lesson is not None)
        raise OptionError(f"{game}: no lesson yet; lessons: {have or 'none'}")
    module = importlib.import_module(plugin.lesson)
    return Lesson(
        seed=module.SEED,
        teach=module.teach,
        refuse=module.refuse,
        options=getattr(module, "OPTIONS", {}),
        dealer=getattr(module, "DEALER", 0),
        seat=getattr(module, "SEAT", 0),
        bot=getattr(module, "BOT", "easy"),
        first_game=getattr(module, "FIRST_GAME", {}),
    )
