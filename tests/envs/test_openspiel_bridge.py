"""The OpenSpiel bridge: every game loads by name, passes OpenSpiel's random simulation test
and is played by OpenSpiel's own ISMCTS bot through the bridge."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from envs_variants import IDS, VARIANTS  # noqa: E402

import koloda.envs.openspiel  # noqa: E402, F401  (registers the games)
from koloda import available_games  # noqa: E402


def load(game: str, deals: int = 1, **options: Any) -> Any:
    params = {"deals": deals, "options": json.dumps(options)}
    return pyspiel.load_game(f"python_koloda_{game}", params)


def test_every_game_loads_by_name() -> None:
    for game in available_games():
        loaded = pyspiel.load_game(f"python_koloda_{game}")
        assert loaded.get_type().short_name == f"python_koloda_{game}"
        state = loaded.new_initial_state()
        assert state.is_chance_node()


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=IDS)
def test_random_sim_test(game: str, options: dict[str, Any]) -> None:
    pyspiel.random_sim_test(load(game, **options), num_sims=1, serialize=False, verbose=False)


def deal(state: Any, rng: np.random.RandomState) -> None:
    """Play chance's nodes (the deck card by card) until a seat is to act."""
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randint(len(outcomes))][0])


def test_tensors_and_strings_of_every_seat() -> None:
    game = load("spades")
    state = game.new_initial_state()
    deal(state, np.random.RandomState(17))
    for seat in range(game.num_players()):
        tensor = np.asarray(state.information_state_tensor(seat))
        assert tensor.shape == (game.information_state_tensor_size(),)
        observation = np.asarray(state.observation_tensor(seat))
        assert np.array_equal(tensor[: len(observation)], observation)  # then the recall
        assert state.information_state_string(seat) != state.information_state_string(
            (seat + 1) % 4
        )
        assert json.loads(state.observation_string(seat))["seat"] == seat


def play_with_ismcts(game: Any, simulations: int, seed: int = 0) -> Any:
    """Every seat an OpenSpiel ISMCTS bot with random rollouts; the finished state."""
    from open_spiel.python.algorithms import ismcts, mcts

    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    return state


@pytest.mark.parametrize("game", ["king", "spades", "hundred_one", "tressette"])
def test_ismcts_plays_a_deal(game: str) -> None:
    state = play_with_ismcts(load(game), simulations=4)
    assert sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "options"),
    [("king", {}), ("spades", {"max_deals": 2}), ("hundred_one", {}), ("tressette", {})],
)
def test_ismcts_plays_a_whole_game(game: str, options: dict[str, Any]) -> None:
    state = play_with_ismcts(load(game, deals=0, **options), simulations=3)
    assert state.inner.is_over
    assert sum(state.returns()) == pytest.approx(0.0)
