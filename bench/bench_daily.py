"""The deal of the day at scale: 10,000 players' results added one at a time to the day's
fields (as the server does when a deal ends), then the whole ranking computed from the
fields and the players' per-deal points, with the server's own scoring code. Prints the
times (docs/hosting/daily.md quotes them)."""

from __future__ import annotations

import random
import sys
import time

from koloda.server.daily.scoring import Field, standings


def main(players: int = 10_000, deals: int = 9) -> None:
    rng = random.Random(1)
    field = Field.empty(deals)
    results = [[rng.randint(-8, 4) * 2 for _ in range(deals)] for _ in range(players)]
    started = time.perf_counter()
    for points in results:
        for deal, value in enumerate(points):
            field.add(deal, value)
    added = time.perf_counter() - started
    started = time.perf_counter()
    ranked = standings(field, ((str(i), f"p{i}", p) for i, p in enumerate(results)))
    ranking = time.perf_counter() - started
    started = time.perf_counter()
    field.deals[0].percent(results[0][0])
    one = time.perf_counter() - started
    print(
        f"{players} players x {deals} deals: adding every result {added * 1000:.1f} ms "
        f"({added / players * 1e6:.1f} us a player), the whole ranking {ranking * 1000:.0f} ms, "
        f"one percentage after a change {one * 1e6:.0f} us; leader {ranked[0].score:.1f} %"
    )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
