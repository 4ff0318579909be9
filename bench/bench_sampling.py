"""How fast ``rules.sample_state`` fills a view's hidden cards: ``python bench/bench_sampling.py``.

Search bots call it hundreds of times a move. Positions are views taken mid-deal from seeded
random games of every game; the same views are sampled in every run, so runs compare.
"""

from __future__ import annotations

import copy
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
            if state.is_over:
                break
            seat = state.to_act
            if seat is None:
                break
            if rng.random() < 0.15:
                views.append(state.view(seat))
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    return rules, views[:count]


def run(calls: int) -> dict[str, tuple[float, float]]:
    """Per case: µs per call sampling each view many times (as a search does), and µs per
    call when every call brings a view object not seen before."""
    results = {}
    for game, options in CASES:
        rules, views = positions(game, options, 100)
        figures = []
        for fresh in (False, True):
            best = float("inf")
            for _ in range(3):  # the best of three runs: these machines are shared and noisy
                rng = random.Random(1)
                batch = [
                    copy.copy(views[i % len(views)]) if fresh else views[i % len(views)]
                    for i in range(calls)
                ]
                start = time.perf_counter()
                for view in batch:
                    rules.sample_state(view, rng)
                best = min(best, time.perf_counter() - start)
            figures.append(best / calls * 1e6)
        name = game + "".join(f" {k}={v}" for k, v in options.items())
        results[name] = (figures[0], figures[1])
        print(f"{name:32} {figures[0]:8.1f} µs per sample_state, {figures[1]:8.1f} µs on new views")
    return results


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
