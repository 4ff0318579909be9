"""Perft-style counts: the number of play sequences from fixed positions, by the engine's
move generator and by the naive reference reading of the rules, must agree."""

from __future__ import annotations

import pytest
from test_king_invariants import naive_legal

from koloda import load_game
from koloda.games.king.state import PHASE_PLAY, KingState


def perft(state: KingState, depth: int, naive: bool) -> int:
    if depth == 0 or state.phase != PHASE_PLAY:
        return 1
    moves = sorted(naive_legal(state)) if naive else list(state.legal_actions())
    total = 0
    for move in moves:
        child = state.clone()
        child.apply_unchecked(move)
        total += perft(child, depth - 1, naive)
    return total


@pytest.mark.parametrize(
    ("options", "deal", "seed"),
    [({}, 0, 1), ({}, 5, 2), ({}, 6, 3), ({"variant": "three"}, 0, 4), ({}, 9, 5)],
)
def test_perft_matches_the_reference(options: dict[str, object], deal: int, seed: int) -> None:
    # rule: K-5 K-8 K-9 K-17 K-18
    rules = load_game("king", **options)  # type: ignore[arg-type]
    state = rules.new_state(seed=seed)
    while state.deal_index < deal or state.phase != PHASE_PLAY:
        state.apply(state.legal_actions()[-1])
    counts = [perft(state, depth, naive=False) for depth in (1, 2, 3, 4, 5)]
    assert counts == [perft(state, depth, naive=True) for depth in (1, 2, 3, 4, 5)]
    assert counts[4] > counts[3] > counts[0] >= 1
