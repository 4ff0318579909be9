"""How fast ``rules.sample_state`` fills a view's hidden cards, in every game.

``python bench/bench_sampling.py [SECONDS]``; ``run(seconds)`` for ``bench_engines.py``.
Search bots sample the same view hundreds of times a move, so two figures per game: µs per
call sampling again views already sampled, and µs per call on a view object never seen before
(what a game reads from a view is read once per view object). The views are taken mid-deal
from seeded random games, the same in every run, so runs compare.
"""

from __future__ import annotations

import copy
import json
import random
import sys
import time
from typing import Any

from koloda import load_game

CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("king", {"variant": "classic"}),
    ("king", {"variant": "three"}),
    ("spades", {}),
    ("hundred_one", {}),
    ("hundred_one", {"players": 2}),
    ("tressette", {}),
)
VIEWS = 100


def positions(game: str, options: dict[str, Any], count: int) -> tuple[Any, list[Any]]:
    """``count`` views of the seat to act, taken at random decisions of seeded games."""
    rules = load_game(game, **options)
    rng = random.Random(f"{game}{options}")
    views: list[Any] = []
    index = 0
    while len(views) < count:
        state = rules.new_state(seed=f"sampling/{index}")
        index += 1
        for _ in range(400):
            seat = state.to_act
            if state.is_over or seat is None:
                break
            if rng.random() < 0.15:
                views.append(state.view(seat))
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    return rules, views[:count]


def micros_per_call(rules: Any, views: list[Any], fresh: bool, seconds: float) -> float:
    """The best of repeated rounds over every view (these machines are shared and noisy)."""
    best = float("inf")
    rng = random.Random(1)
    deadline = time.perf_counter() + seconds
    rounds = 0
    while rounds < 2 or time.perf_counter() < deadline:
        batch = [copy.copy(v) for v in views] if fresh else views
        start = time.perf_counter()
        for view in batch:
            rules.sample_state(view, rng)
        best = min(best, (time.perf_counter() - start) / len(batch))
        rounds += 1
    return best * 1e6


def run(seconds: float = 5.0) -> dict[str, Any]:
    share = seconds / (2 * len(CASES))
    result: dict[str, Any] = {}
    print("sample_state, µs per call (views sampled before / new view objects):")
    for game, options in CASES:
        rules, views = positions(game, options, VIEWS)
        again = micros_per_call(rules, views, False, share)
        fresh = micros_per_call(rules, views, True, share)
        name = game + "".join(f" {k}={v}" for k, v in options.items())
        result[name] = {"again_us": round(again, 1), "new_view_us": round(fresh, 1)}
        print(f"  {name:28} {again:8.1f} {fresh:8.1f}")
    return result


if __name__ == "__main__":
    print(json.dumps(run(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)))
