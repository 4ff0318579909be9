"""No observation tensor depends on another seat's hidden cards: a state resampled from the
acting seat's view (``rules.sample_state``) gives that seat exactly the same tensor, and the
OpenSpiel information state too."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numpy")

from envs_variants import IDS, VARIANTS

from koloda import load_game
from koloda.envs.core import ActionSpace, ObservationEncoder

POSITIONS = 12
"""Positions per variant, spread over the first deals."""


def positions(rules: Any, seed: int) -> list[Any]:
    """States met in one random game, every few decisions."""
    state = rules.new_state(seed=seed)
    rng = random.Random(seed)
    found = []
    step = 0
    while not state.is_over and len(found) < POSITIONS:
        if step % 5 == 0:
            found.append(state.clone())
        state.apply(rng.choice(list(state.legal_actions())))
        step += 1
    return found


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=IDS)
def test_tensor_is_the_same_whatever_the_others_hold(game: str, options: dict[str, Any]) -> None:
    rules = load_game(game, **options)
    encoder = ObservationEncoder(rules, ActionSpace(rules))
    changed = 0
    for index, state in enumerate(positions(rules, seed=len(IDS) + index_of(game, options))):
        seat = state.to_act
        view = state.view(seat)
        tensor = encoder.encode(view)
        for sample_seed in range(3):
            sampled = rules.sample_state(view, random.Random(sample_seed * 100 + index))
            others = [s for s in range(rules.num_seats) if s != seat]
            if any(sampled.view(s).to_json() != state.view(s).to_json() for s in others):
                changed += 1  # the hidden cards did change
            assert np.array_equal(encoder.encode(sampled.view(seat)), tensor)
    assert changed > 0


def index_of(game: str, options: dict[str, Any]) -> int:
    return VARIANTS.index((game, options))


def test_openspiel_information_state_is_the_same_whatever_the_others_hold() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import koloda.envs.openspiel  # noqa: F401

    game = pyspiel.load_game("python_koloda_king")
    state = game.new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node():  # the deck, card by card
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    for action in (state.legal_actions()[0], None):
        if action is not None:
            state.apply_action(action)
        seat = state.current_player()
        sampled = state.resample_from_infostate(seat, lambda: 0.25)
        assert sampled.information_state_string(seat) == state.information_state_string(seat)
        assert sampled.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert sampled.inner.view((seat + 1) % 4).hand != state.inner.view((seat + 1) % 4).hand
