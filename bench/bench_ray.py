"""A duplicate match in one process, in a process pool and on Ray: deals per second and
whether the results agree. ``python bench/bench_ray.py [DEALS] [ADDRESS] [BOTS]`` (``pip install
'.[scale]'``; without ADDRESS Ray starts a cluster on this machine, and its start-up is
timed apart).
"""

from __future__ import annotations

import os
import sys
import time

from koloda import load_game
from koloda.bots.tournament import MatchResult, duplicate_match

GAME = "spades"


def timed(label: str, run: object) -> tuple[MatchResult, float]:
    started = time.perf_counter()
    result = run()  # type: ignore[operator]
    seconds = time.perf_counter() - started
    print(f"{label:<34} {seconds:7.1f} s  {result.deals / seconds:6.2f} deals/s", flush=True)
    return result, seconds


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    address = sys.argv[2] if len(sys.argv) > 2 else "local"
    bots = (sys.argv[3] if len(sys.argv) > 3 else "pimc:4,heuristic").split(",")
    rules = load_game(GAME, engine="native")
    print(f"{GAME}: {' vs '.join(bots)}, {deals} duplicate deals, {os.cpu_count()} cores")
    alone, base = timed("one process", lambda: duplicate_match(rules, bots, deals, seed="b"))
    pool, pooled = timed(
        "2 processes (--workers 2)",
        lambda: duplicate_match(rules, bots, deals, seed="b", workers=2),
    )
    import ray

    started = time.perf_counter()
    ray.init(address=None if address == "local" else address, include_dashboard=False)
    cpus = ray.cluster_resources().get("CPU", 0)  # type: ignore[no-untyped-call]
    print(f"ray.init ({address}, {cpus:g} CPUs)    {time.perf_counter() - started:7.1f} s")
    on_ray, rayed = timed(
        "Ray (--ray)", lambda: duplicate_match(rules, bots, deals, seed="b", ray=address)
    )
    same = alone.per_deal == pool.per_deal == on_ray.per_deal
    print(f"speed-up: workers {base / pooled:.2f}x, Ray {base / rayed:.2f}x; same results: {same}")


if __name__ == "__main__":
    main()
