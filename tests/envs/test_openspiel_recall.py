"""The OpenSpiel bridge deals the real deck card by card, so a hand does not tell the deal;
its information state recalls everything a seat has seen; its games and states pickle."""

from __future__ import annotations

import json
import pickle
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import koloda.envs.openspiel  # noqa: E402  (registers the games)


def load(game: str, deals: int = 1, **options: Any) -> Any:
    return pyspiel.load_game(
        f"python_koloda_{game}", {"deals": deals, "options": json.dumps(options)}
    )


def dealt(game: Any, order: list[int]) -> tuple[Any, float]:
    """A state after chance has placed the deck in ``order``, and the order's probability."""
    state = game.new_initial_state()
    probability = 1.0
    for card in order:
        assert state.is_chance_node()
        outcomes = dict(state.chance_outcomes())
        probability *= outcomes[card]
        state.apply_action(card)
    assert not state.is_chance_node()
    return state, probability


def test_two_different_deals_give_a_seat_the_same_hand_with_positive_probability() -> None:
    game = load("king")
    deck = list(koloda.envs.openspiel.GAMES["king"]().rules.info.deck.cards)
    first, p_first = dealt(game, deck)
    hands = [first.inner.view(s).to_json()["hand"] for s in range(4)]
    # swap a card of seat 1 with one of seat 2: another deal, the same hand for seat 0
    swapped = list(deck)
    one = swapped.index(next(c for c in deck if first.inner.view(1).hand.count(c)))
    two = swapped.index(next(c for c in deck if first.inner.view(2).hand.count(c)))
    swapped[one], swapped[two] = swapped[two], swapped[one]
    second, p_second = dealt(game, swapped)
    assert second.inner.view(0).to_json()["hand"] == hands[0]
    assert second.inner.view(1).to_json()["hand"] != hands[1]
    assert p_first > 0 and p_second > 0 and p_first == pytest.approx(p_second)
    assert first.information_state_string(0) == second.information_state_string(0)
    assert first.information_state_string(1) != second.information_state_string(1)
    assert first.information_state_tensor(0) == second.information_state_tensor(0)


def play(state: Any, rng: np.random.RandomState, decisions: int) -> None:
    for _ in range(decisions):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))


def test_the_information_state_recalls_what_the_observation_forgets() -> None:
    """Two plays of King's first trick in another order by the same seats end in the same
    view (the trick is collected), but not in the same information state."""
    game = load("king")
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    play(state, rng, 32)  # the deck
    while state.inner.phase_name != "play":  # type: ignore[attr-defined]
        play(state, rng, 1)
    states = [state.clone(), state.clone()]
    for index, chosen in enumerate(states):
        for _ in range(4):
            legal = chosen.legal_actions()
            chosen.apply_action(legal[index * (len(legal) - 1)])
    seat = states[0].current_player()
    if states[0].observation_string(seat) == states[1].observation_string(seat):
        assert states[0].information_state_string(seat) != states[1].information_state_string(seat)
    recall = states[0].information_state_string(seat).splitlines()
    assert recall[0] == "deal 0" and json.loads(recall[1])["seat"] == seat
    moves = [line for line in recall if not line.startswith(("deal", "{"))]
    assert len(moves) == len(states[0].inner.deal_logs()[0].actions)


def test_games_and_states_pickle() -> None:
    game = load("spades", deals=1, double_nil=False)
    state = game.new_initial_state()
    play(state, np.random.RandomState(5), 70)
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history()
    assert str(again) == str(state)
    for seat in range(4):
        assert again.information_state_string(seat) == state.information_state_string(seat)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    sampled = state.resample_from_infostate(state.current_player(), np.random.rand)
    with pytest.raises(TypeError, match="resampled"):
        pickle.dumps(sampled)
