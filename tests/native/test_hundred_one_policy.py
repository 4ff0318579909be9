"""The native heuristic of 101 against the Python one (``heuristic.choose``), decision by
decision, on seeded games of 2, 3, 4 and 6 players and the main rule options."""

from __future__ import annotations

import random
from typing import Any

import pytest

from koloda import load_game
from koloda.games.hundred_one.heuristic import choose

OPTION_SETS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 6},
    {"players": 4, "voluntary_draw": True},
    {"players": 3, "queen_in_hand": "instead_40"},
    {"players": 2, "hand_size": 5, "draw_six": 2, "draw_seven": 1},
    {"players": 6, "hand_size": 4, "voluntary_draw": True, "queen_in_hand": "instead_40"},
]
DECISIONS = 3000
"""Decisions with a choice compared per option set."""


@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_native_heuristic_chooses_as_the_python_one(options: dict[str, Any]) -> None:
    # rule: H-4, H-5, H-6, H-8, H-9, H-10, H-14, H-15
    rules: Any = load_game("hundred_one", engine="native", **options)
    rng = random.Random(f"policy/{sorted(options.items())}")
    compared = 0
    game = 0
    while compared < DECISIONS:
        state = rules.new_state(seed=f"policy/{game}")
        game += 1
        noise = rng.choice((0.0, 0.2, 0.5))  # some random moves: positions the heuristic avoids
        while not state.is_over and compared < DECISIONS:
            legal = state.legal_actions()
            seat = state.to_act
            native = state.policy_action()
            if len(legal) > 1:
                expected = choose(rules, state.view(seat), rng)
                assert native == expected, (options, state.log, seat, legal)
                compared += 1
            else:
                assert native == legal[0]
            action = legal[rng.randrange(len(legal))] if rng.random() < noise else native
            state.apply_unchecked(action)
    assert compared == DECISIONS


def test_native_heuristic_refuses_a_position_without_a_mover() -> None:
    rules: Any = load_game("hundred_one", engine="native")
    with pytest.raises(ValueError, match="nobody"):
        rules.empty_state(0).policy_action()
