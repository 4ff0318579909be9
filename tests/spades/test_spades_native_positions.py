"""Spades positions given whole to the native engine (``_load``) and read back
(``_position``): a Python-engine state in the middle of a deal, and positions or options
that do not fit the table."""

from __future__ import annotations

import random
from typing import Any

import pytest
from plain_data import as_tuples

from koloda import load_game
from koloda.games.spades.native import NativeSpadesRules, position


def played(rules: Any, seed: int, decisions: int) -> Any:
    state = rules.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        state.apply(rng.choice(list(state.legal_actions())))
    return state


@pytest.mark.parametrize("decisions", [0, 3, 9, 30, 70, 140])
def test_a_python_state_is_loaded_whole_and_plays_on_alike(decisions: int) -> None:
    native: NativeSpadesRules = load_game("spades", engine="native")  # type: ignore[assignment]
    source = played(load_game("spades", engine="python"), decisions, decisions)
    source.shuffler = None  # both await the next deal when this one ends
    state = native.from_python(source)
    assert state._position() == as_tuples(position(source))
    assert state.current_log() == source.current_log()
    rng = random.Random(decisions)
    for _ in range(20):
        if not source.in_deal:
            break
        legal = list(source.legal_actions())
        assert list(state.legal_actions()) == legal
        action = rng.choice(legal)
        assert state.apply(action) == source.apply(action)
        assert state._position() == as_tuples(position(source))


def test_a_position_or_options_for_another_table_is_a_value_error() -> None:
    rules = load_game("spades", engine="native")
    state = played(rules, 4, 6)
    before = state._position()
    spoiled = [
        {**before, "dealer": 4},
        {**before, "hands": before["hands"][:3]},
        {**before, "dealt": before["dealt"][:3]},
        {**before, "to_act": None},
    ]
    for bad in spoiled:
        with pytest.raises(ValueError):
            state._load(bad)
        assert state._position() == before
    for target in (0, 1001):
        with pytest.raises(ValueError, match="target"):
            state._configure({**rules.native_options(), "target": target}, 0)
