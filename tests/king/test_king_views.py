"""Views show a seat only what it may know; sample_state never contradicts a view."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import random_state

from koloda import load_game
from koloda.games.king.actions import ORDER_BASE
from koloda.games.king.state import PHASE_AWAIT_DEAL, PHASE_PLAY, KingState

VARIANTS = ["classic", "order", "three"]


def advance(
    variant: str, seed: int, steps: int, options: dict[str, object] | None = None
) -> KingState:
    rules = load_game("king", variant=variant, **(options or {}))  # type: ignore[arg-type]
    state: KingState = random_state(rules, seed, steps, first_dealer=seed % rules.num_seats)
    return state


@pytest.mark.python_engine  # the replay probe rewinds a state's phase by hand
@settings(max_examples=150, deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 700),
    observer=st.integers(0, 3),
    sample_seed=st.integers(0, 2**32),
    forced=st.booleans(),
)
def test_sample_state_never_contradicts_the_view(
    variant: str, seed: int, steps: int, observer: int, sample_seed: int, forced: bool
) -> None:
    state = advance(variant, seed, steps, {"king_forced_on_heart_lead": forced})
    seat = observer % state.rules.num_seats
    view = state.view(seat)
    sampled = state.rules.sample_state(view, random.Random(sample_seed))
    # the sampled state looks exactly the same from that seat
    assert sampled.view(seat) == view
    # and its current deal is a legal history: it replays from the deal's start, checked
    if sampled.to_act is not None:
        log = sampled.deal_logs()[-1]
        probe = sampled.clone()
        probe.phase, probe.shuffler = PHASE_AWAIT_DEAL, None
        if log.actions and log.actions[0] >= ORDER_BASE and sampled.rules.options.is_ordered:
            row = sampled.rules.row_of((log.setup.dealer + 1) % sampled.rules.num_seats)
            contract = log.actions[0] - ORDER_BASE
            probe.rows = tuple(
                tuple(c + (i == row and k == contract) for k, c in enumerate(r))
                for i, r in enumerate(probe.rows)
            )
        probe.start_deal(log.setup)
        for action in log.actions:
            probe.apply(action)
        assert probe.hands == sampled.hands and probe.to_act == sampled.to_act
        # a sampled state can be played on
        sampled.apply(sampled.legal_actions()[0])


def test_sample_state_varies_the_hidden_cards_only() -> None:
    state = advance("classic", 3, 6)
    view = state.view(1)
    rng = random.Random(0)
    others = set()
    for _ in range(30):
        sampled = state.rules.sample_state(view, rng)
        assert sampled.hands[1] == state.hands[1]
        others.add(tuple(sampled.hands))
    assert len(others) > 1


def test_samples_respect_revealed_voids() -> None:
    for seed in range(40):
        state = advance("classic", seed, 20)
        if state.phase != PHASE_PLAY:
            continue
        view = state.view(0)
        n = state.rules.num_seats
        voids: dict[int, set[int]] = {s: set() for s in range(n)}
        for index, (who, card) in enumerate(view.plays):
            lead = view.plays[index - index % n][1] >> 4
            if card >> 4 != lead:
                voids[who].add(lead)
        for k in range(5):
            sampled = state.rules.sample_state(view, random.Random(k))
            for who, suits in voids.items():
                for suit in suits:
                    assert not any(
                        sampled.hands[who] >> c & 1 for c in range(suit * 16, suit * 16 + 16)
                    )


def test_views_hold_no_hidden_card() -> None:
    for variant in VARIANTS:
        for seed in range(30):
            state = advance(variant, seed, seed * 13)
            if state.is_over:
                continue
            for seat in range(state.rules.num_seats):
                view = state.view(seat)
                played = {c for _, c in view.plays}
                own = set(state.dealt[seat]) if state.dealt else set()
                visible = set(view.hand) | set(view.dealt)
                assert visible <= own
                text = repr(view.to_json()) + repr(view)
                for other in range(state.rules.num_seats):
                    if other == seat:
                        continue
                    hidden = {c for c in range(64) if state.hands[other] >> c & 1} - played
                    for card in hidden:
                        code = state.rules.format_action(card)
                        assert f"'{code}'" not in repr(view.to_json()), (seat, code)
                    assert not hidden & set(view.hand)
                _ = text
