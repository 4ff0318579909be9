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
    tensors = [encoder.encode(v)[encoder.off_facts :] for v in views]
    # the seat that played has one card fewer: each observer sees it at another place
    assert not np.array_equal(tensors[0], tensors[1])


@pytest.mark.parametrize("game", ["king", "spades", "hundred_one", "tressette"])
def test_every_place_of_the_tensor_has_a_name_of_its_own(game: str) -> None:
    from koloda.envs import core

    rules, encoder = encoder_of(game)
    names = encoder.feature_names
    assert len(names) == encoder.size and len(set(names)) == len(names)
    assert names[0].startswith("hand:") and names[encoder.off_facts - 1].startswith("role:")
    core._LAYOUTS.clear()  # found again, the layout is the same
    assert ObservationEncoder(rules, ActionSpace(rules)).feature_names == names


def test_facts_are_placed_by_name_without_collisions() -> None:
    """King's facts: the phase, the contract, the trump, each seat's tricks by relative seat;
    a value the layout never met goes to its fact's ``<other>`` place, nowhere else."""
    rules, encoder = encoder_of("king")
    facts = encoder.facts
    assert {"phase=play", "phase=trump", "contract=no_tricks", "trump=H"} <= set(facts)
    assert {"tricks_won[0]", "tricks_won[3]", "totals[1]"} <= set(facts)
    state = rules.new_state(seed=3)
    while state.phase_name != "play":  # type: ignore[attr-defined]
        state.apply(state.legal_actions()[0])
    view = state.view(0)
    tensor = encoder.encode(view)
    data = view.to_json()
    on = {encoder.feature_names[i] for i in np.flatnonzero(tensor)}
    assert {f"contract={data['contract']}", "phase=play"} <= on
    assert not {name for name in on if "<other" in name}
    assert {f"hand:{card}" for card in data["hand"]} <= on
    out = np.zeros(encoder.size, dtype=np.float32)
    encoder._fact(out, "phase", "never-seen", lambda seat: None)
    assert out[encoder.off_facts + facts["phase=<other>"]] == 1.0 and out.sum() == 1.0
