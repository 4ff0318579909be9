"""Playing whole games with bots, for ``simulate``, tournaments and tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from koloda.bots.base import AnyBot, decide
from koloda.core.engine import AnyRules, AnyState
from koloda.core.events import Event


@dataclass
class GameResult:
    state: AnyState
    decisions: int
    outcome: tuple[float, ...]
    finished: bool = True
    """False when the game was stopped at the deal limit before it ended."""


def play_game(
    rules: AnyRules,
    bots: Sequence[AnyBot],
    seed: int | str | None,
    rng: random.Random,
    first_dealer: int = 0,
    on_events: Callable[[list[Event]], None] | None = None,
    deal_limit: int | None = None,
) -> GameResult:
    """Play one whole game, each seat's decisions by its bot from its own view.

    With ``deal_limit`` the game stops after that many complete deals even if unfinished
    (random Spades players, for one, may never reach 500).
    """
    if len(bots) != rules.num_seats:
        raise ValueError(f"{len(bots)} bots for {rules.num_seats} seats")
    state = rules.new_state(seed=seed, first_dealer=first_dealer)
    decisions = 0
    while not state.is_over:
        if deal_limit is not None and len(state.deal_scores()) >= deal_limit:
            return GameResult(state, decisions, state.outcome(), finished=False)
        seat = state.to_act
        assert seat is not None, "a self-dealing game always has a seat to act"
        action = decide(bots[seat], state, rng)
        events = state.apply(action)
        decisions += 1
        if on_events is not None:
            on_events(events)
    return GameResult(state, decisions, state.outcome())
