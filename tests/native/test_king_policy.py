"""King's native rollout policy (``native/src/games/king/policy.rs``) against the Python
heuristic it ports: the same card, decision by decision, in every contract of both the
four- and the three-player game under each option set of the differential tests."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from native_options import OPTION_SETS

from koloda import load_game
from koloda.games.king.actions import ALL_CONTRACTS
from koloda.games.king.heuristic import choose
from koloda.games.king.native import NativeKingState
from koloda.games.king.rules import KingRules
from koloda.games.king.state import PHASE_PLAY

DECISIONS_PER_SET = 3_000
"""Card plays compared per option set (60,000 over the twenty sets)."""
RANDOM_SHARE = 0.25
"""How often a card is played at random instead of the heuristic's, to reach positions the
heuristic would not."""


def _compare(
    options: dict[str, Any], seed: int, limit: int, contracts: Counter[tuple[int, int]]
) -> int:
    """Plays a seeded game (random orders and trumps, mostly the heuristic's cards) until
    ``limit`` card plays are compared or the game ends; the number compared."""
    rules = load_game("king", engine="native", **options)
    assert isinstance(rules, KingRules)
    state = rules.new_state(seed=seed)
    assert isinstance(state, NativeKingState)
    rng = random.Random(seed)
    unused = random.Random(0)
    compared = 0
    while not state.is_over and compared < limit:
        legal = state.legal_actions()
        if state.phase != PHASE_PLAY:
            state.apply_unchecked(legal[rng.randrange(len(legal))])
            continue
        view = state.view(state.to_act_seat)
        expected = choose(rules, view, unused)
        native = state.policy_action()
        assert native == expected, (options, seed, view.contract, view.hand, view.plays)
        assert view.contract is not None
        contracts[rules.num_seats, view.contract] += 1
        compared += 1
        if rng.random() < RANDOM_SHARE:
            state.apply_unchecked(legal[rng.randrange(len(legal))])
        else:
            state.apply_unchecked(native)
    return compared


def test_native_policy_plays_the_python_heuristics_card() -> None:
    contracts: Counter[tuple[int, int]] = Counter()
    compared = 0
    for index, options in enumerate(OPTION_SETS["king"]):
        done = 0
        seed = 1000 * index
        while done < DECISIONS_PER_SET:
            done += _compare(options, seed, DECISIONS_PER_SET - done, contracts)
            seed += 1
        compared += done
    assert compared == DECISIONS_PER_SET * len(OPTION_SETS["king"])
    for seats in (3, 4):
        for contract in ALL_CONTRACTS:
            assert contracts[seats, contract] > 0, (seats, contract)


def test_the_policy_needs_the_card_play() -> None:
    rules = load_game("king", engine="native", variant="order")
    state = rules.new_state(seed=1)
    assert state.phase != PHASE_PLAY  # the orderer chooses the game first
    with pytest.raises(ValueError, match="card play"):
        state.policy_action()
