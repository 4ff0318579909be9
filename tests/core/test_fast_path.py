"""The fast unchecked path and the checked path are the same state machine.

Seeded random games are played twice with the same choices, once through ``apply`` and once
through ``apply_unchecked``; after every deal and at the end the two states must agree on
every field (all ``__slots__`` of the class hierarchy but the shared ``rules`` and
``shuffler``), their deal logs, deal scores and outcome. The fields are found generically so
the test follows the states as they change. One leeway: a deal's ``DealSetup`` may be built
lazily from the dealt cards (101 builds it only when an event or a log needs it), so a setup
on one side may stand against ``None`` on the other; the deal logs, compared too, hold the
setups themselves.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from koloda import DealSetup, GameState, load_game

SHARED_SLOTS = frozenset({"rules", "shuffler"})

CASES: list[tuple[str, dict[str, Any]]] = [
    ("king", {"variant": "classic"}),
    ("king", {"variant": "order"}),
    ("king", {"variant": "three"}),
    ("spades", {}),
    ("spades", {"bags_penalty": True, "spades_broken_by": "any_spade", "double_nil": False}),
    ("spades", {"max_deals": 3}),  # random players seldom reach 500: games that end
    ("hundred_one", {"players": 2}),
    ("hundred_one", {"players": 4}),
    ("hundred_one", {"players": 6}),
    ("hundred_one", {"players": 4, "voluntary_draw": True}),
    ("tressette", {}),
]


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    game, options = case
    return "-".join([game, *(f"{k}={v}" for k, v in options.items())])


def state_slots(state: object) -> list[str]:
    """Every slot of the state's class hierarchy but the shared rules and shuffler."""
    names: set[str] = set()
    for klass in type(state).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.update((slots,) if isinstance(slots, str) else slots)
    return sorted(names - SHARED_SLOTS)


def fields(state: object) -> dict[str, Any]:
    missing = object()
    return {
        name: value
        for name in state_slots(state)
        if (value := getattr(state, name, missing)) is not missing
    }


def same(left: object, right: object) -> bool:
    """Equal, but for a lazily built setup against None, at any depth of tuples and lists."""
    if left == right:
        return True
    if (left is None and isinstance(right, DealSetup)) or (
        right is None and isinstance(left, DealSetup)
    ):
        return True
    if isinstance(left, list | tuple) and type(left) is type(right):
        assert isinstance(right, list | tuple)
        return len(left) == len(right) and all(map(same, left, right))
    return False


def assert_same(checked: GameState, fast: GameState, where: str) -> None:
    """The two states agree on every field and on everything the protocol reports."""
    left, right = fields(checked), fields(fast)
    assert left.keys() == right.keys(), f"{where}: set slots differ"
    differing = [name for name in left if not same(left[name], right[name])]
    assert not differing, f"{where}: " + "; ".join(
        f"{name}: checked {left[name]!r} != fast {right[name]!r}" for name in differing
    )
    assert checked.deal_logs() == fast.deal_logs(), f"{where}: deal logs"
    assert checked.deal_scores() == fast.deal_scores(), f"{where}: deal scores"
    assert checked.outcome() == fast.outcome(), f"{where}: outcome"
    assert (checked.is_over, checked.to_act) == (fast.is_over, fast.to_act), where


def play_twins(game: str, options: dict[str, Any], seed: int, max_deals: int) -> int:
    """Play one seeded random game both ways, comparing after every deal; its decisions."""
    rules = load_game(game, "python", **options)
    checked = rules.new_state(seed=seed)
    fast = rules.new_state(seed=seed)
    assert_same(checked, fast, f"seed {seed}, start")
    rng = random.Random(seed)
    decisions = 0
    while not checked.is_over and checked.deal_index < max_deals:
        legal = checked.legal_actions()
        action = legal[rng.randrange(len(legal))]
        deal = checked.deal_index
        checked.apply(action)
        fast.apply_unchecked(action)
        decisions += 1
        if checked.deal_index != deal:
            assert_same(checked, fast, f"seed {seed}, after deal {deal}")
    assert_same(checked, fast, f"seed {seed}, end after {decisions} decisions")
    return decisions


GAMES_PER_CASE = 300
DEALS_PER_GAME = 2
LONG_GAME = 30
"""Most games are cut after a few deals; every tenth is played on to its end or to this many
deals (random Spades players may never reach 500)."""


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_fast_path_equals_checked_path(case: tuple[str, dict[str, Any]]) -> None:
    game, options = case
    total = 0
    for seed in range(GAMES_PER_CASE):
        total += play_twins(game, options, seed, DEALS_PER_GAME if seed % 10 else LONG_GAME)
    assert total > GAMES_PER_CASE * 10


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_fast_path_equals_checked_path_many_games(case: tuple[str, dict[str, Any]]) -> None:
    game, options = case
    for seed in range(10_000, 13_000):
        play_twins(game, options, seed, LONG_GAME)


def test_slots_are_found() -> None:
    # the comparison is only as good as the fields it sees
    for game, options in CASES:
        state = load_game(game, "python", **options).new_state(seed=0)
        names = state_slots(state)
        assert {"phase", "to_act_seat", "deal_number", "dealer", "sheet"} <= set(names)
        assert len(fields(state)) == len(names), game
