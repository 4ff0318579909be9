"""Random play for the tests: a seeded game advanced by uniformly random legal actions.

The one copy of "advance a random game" every test folder uses (the conformance suite,
each game's scenario tests, the sampling and record checks)."""

from __future__ import annotations

import random
from typing import Any

from koloda.core.engine import AnyRules


def advance(
    state: Any, rng: random.Random, steps: int | None = None, deals: int | None = None
) -> Any:
    """Apply random legal actions, checked, until no one is to act (the game is over, or a
    replayed record waits for its next deal), ``steps`` actions are taken or ``deals`` more
    deals have begun (each limit only when given). Returns ``state``."""
    last_deal = None if deals is None else state.deal_index + deals
    taken = 0
    while (
        state.to_act is not None
        and (steps is None or taken < steps)
        and (last_deal is None or state.deal_index < last_deal)
    ):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        taken += 1
    return state


def random_state(
    rules: AnyRules,
    seed: int,
    steps: int | None = None,
    first_dealer: int = 0,
    deals: int | None = None,
) -> Any:
    """A game dealt from ``seed`` and advanced by random actions drawn from
    ``random.Random(seed)`` (``advance``: to its end unless ``steps`` or ``deals`` stop it)."""
    state = rules.new_state(seed=seed, first_dealer=first_dealer)
    return advance(state, random.Random(seed), steps, deals)
