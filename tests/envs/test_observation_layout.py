"""The observation tensor's layout (koloda.envs.core): own hand, plays and the trick by
relative seat, public decisions, roles, and facts per relative seat."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")

from koloda import load_game  # noqa: E402
from koloda.core.cards import parse_card  # noqa: E402
from koloda.envs.core import ActionSpace, ObservationEncoder  # noqa: E402


def encoder_of(game: str, **options: Any) -> tuple[Any, ObservationEncoder]:
    rules = load_game(game, **options)
    return rules, ObservationEncoder(rules, ActionSpace(rules))


def test_hand_trick_and_roles_relative_to_the_observer() -> None:
    rules, encoder = encoder_of("tressette")
    state = rules.new_state(seed=4)
    leader = state.to_act
    card = state.legal_actions()[0]
    state.apply(card)
    seat = state.to_act
    tensor = encoder.encode(state.view(seat))
    hand = [parse_card(c) for c in state.view(seat).to_json()["hand"]]
    assert sorted(np.flatnonzero(tensor[:64])) == sorted(hand)
    n = encoder.num_seats
    behind = (leader - seat) % n  # the leader sits n - 1 places after the observer
    assert behind == n - 1
    assert tensor[encoder.off_trick + behind * 64 + card] == 1.0
    assert tensor[encoder.off_played + behind * 64 + card] == 1.0
    assert tensor[encoder.off_trick : encoder.off_other].sum() == 1.0
    assert tensor[encoder.off_roles + 0] == 1.0  # the observer is to act


def test_public_bids_by_relative_seat() -> None:
    rules, encoder = encoder_of("spades", double_nil=False)
    state = rules.new_state(seed=2)
    first = state.to_act
    bid = rules.parse_action("bid:3")
    state.apply(bid)
    seat = state.to_act
    tensor = encoder.encode(state.view(seat))
    index = encoder.actions.codes.index(bid)
    r = (first - seat) % 4
    assert tensor[encoder.off_decisions + r * encoder.decisions + index] == 1.0


def test_facts_per_seat_are_told_apart_by_relative_seat() -> None:
    rules, encoder = encoder_of("king")
    state = rules.new_state(seed=1)
    state.apply(state.legal_actions()[0])
    views = [state.view(s) for s in range(4)]
    tensors = [encoder.encode(v)[encoder.off_hashed :] for v in views]
    # the seat that played has one card fewer: each observer sees it at another place
    assert not np.array_equal(tensors[0], tensors[1])
