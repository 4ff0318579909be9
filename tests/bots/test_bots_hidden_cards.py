"""No bot reads hidden cards: a bot facing a state whose hidden hands are different (any
other full state with the same view) behaves identically."""

from __future__ import annotations

import random

import pytest

from koloda.bots import make_bot
from koloda.core.registry import load_game

GAMES = ("king", "spades", "hundred_one", "tressette")


def _positions(game: str, count: int) -> list[object]:
    """Seeded mid-deal states at several depths."""
    rules = load_game(game)
    states = []
    rng = random.Random(game)
    for index in range(count):
        state = rules.new_state(seed=f"hidden/{index}")
        for _ in range(rng.randrange(2, 14)):
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
        if state.to_act is not None and state.deal_index == 0:
            states.append(state)
    return states


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    "bot_name",
    ["heuristic", "easy", "ismcts:16", "pimc:2", "pimc-native:30", "ismcts-native:40", "hard:40"],
)
def test_swapped_hidden_hands_change_nothing(game: str, bot_name: str) -> None:
    rules = load_game(game)
    bot = make_bot(bot_name, rules)
    checked = 0
    for state in _positions(game, 6):
        seat = state.to_act  # type: ignore[attr-defined]
        view = state.view(seat)  # type: ignore[attr-defined]
        other = rules.sample_state(view, random.Random(99))  # the hidden cards redealt
        assert other.view(seat) == view
        hidden_differs = any(
            other.view(s) != state.view(s)  # type: ignore[attr-defined]
            for s in range(rules.num_seats)
            if s != seat
        )
        first = bot.choose(view, random.Random(7))
        second = bot.choose(other.view(seat), random.Random(7))
        assert first == second
        checked += hidden_differs
    assert checked, "no position had hidden cards to swap"
