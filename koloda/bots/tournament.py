"""Duplicate matches between bots: every deal is played again with the seats rotated, so
each bot gets every hand, and the luck of the cards cancels out.

A *deal* is one hand of the game from a seeded setup. In King's classic game the contract
depends on the deal's place in the program, so match deal ``i`` is deal ``i mod 15`` of a
seeded game (the deals before it are played out by a fixed rule: first legal action); every
contract comes up equally often. In the order variants, and in the other games, it is the
first deal of a seeded game, with the first dealer rotating.

Scores are a deal's points for a bot's seats, oriented so that higher is better (101's
penalties count negative; in partnership games a side's points, each bot partnering itself).
"""

from __future__ import annotations

import io
import logging
import math
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from koloda.bots.base import AnyBot, decide, make_bot
from koloda.core.engine import AnyRules, GameState
from koloda.core.errors import OptionError
from koloda.core.files import write_atomic
from koloda.extras import require_extra


@dataclass
class MatchResult:
    game: str
    options: dict[str, Any]
    names: list[str]
    deals: int
    seed: str
    per_deal: dict[str, list[float]] = field(default_factory=dict)
    """Each bot's mean score per seat in each duplicate deal (over its rotations)."""
    wins: dict[str, float] = field(default_factory=dict)
    plays: int = 0

    def summary(self) -> dict[str, Any]:
        bots: dict[str, Any] = {}
        for name in self.names:
            values = self.per_deal[name]
            mean, low, high = mean_interval(values)
            bots[name] = {
                "mean": round(mean, 4),
                "ci95": [round(low, 4), round(high, 4)],
                "win_rate": round(self.wins[name] / self.plays, 4) if self.plays else 0.0,
                "deals": len(values),
            }
        result: dict[str, Any] = {
            "game": self.game,
            "options": self.options,
            "deals": self.deals,
            "seed": self.seed,
            "bots": bots,
            "p_value": None,
        }
        if len(self.names) >= 2:
            first, second = self.names[0], self.names[1]
            a, b = self.per_deal[first], self.per_deal[second]
            result["p_value"] = p_stronger(a, b)
            result["comparison"] = f"{first} stronger than {second}"
            mean, low, high = mean_interval([x - y for x, y in zip(a, b, strict=True)])
            result["difference"] = {
                "mean": round(mean, 4),
                "ci95": [round(low, 4), round(high, 4)],
            }
        return result


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% confidence interval (Student's t)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    require_extra("plots", "tournament statistics")
    from scipy import stats

    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = float(stats.t.ppf(0.975, n - 1)) * math.sqrt(variance / n)
    return mean, mean - half, mean + half


def p_stronger(first: Sequence[float], second: Sequence[float]) -> float:
    """One-sided paired t-test p-value for "first scores more than second" per deal."""
    require_extra("plots", "tournament statistics")
    from scipy import stats

    diffs = [a - b for a, b in zip(first, second, strict=True)]
    if len(diffs) < 2:
        return 1.0
    if all(d == diffs[0] for d in diffs):
        return 0.0 if diffs[0] > 0 else 1.0
    p = float(stats.ttest_1samp(diffs, 0.0, alternative="greater").pvalue)
    return 1.0 if math.isnan(p) else p


def seatings(num_seats: int, count: int, partnership: bool) -> list[list[int]]:
    """For each rotation, which bot (index) sits in each seat."""
    if partnership and count != 2:
        raise OptionError("partnership games take exactly two bots (each partners itself)")
    rotations = count if num_seats % count == 0 else num_seats
    return [[(s + r) % count for s in range(num_seats)] for r in range(rotations)]


def deal_state(rules: AnyRules, seed: str, index: int) -> tuple[GameState[Any], int]:
    """The seeded state at the start of match deal ``index``, and its deal number."""
    state = rules.new_state(seed=f"{seed}/{index}", first_dealer=index % rules.num_seats)
    program = rules.info.program_length
    target = index % program if program else 0
    while state.deal_index < target and not state.is_over:
        state.apply_unchecked(state.legal_actions()[0])
    return state, state.deal_index


def play_deal(
    rules: AnyRules, bots: Sequence[AnyBot], state: GameState[Any], deal: int, rng: random.Random
) -> tuple[float, ...]:
    """Play the current deal of ``state`` to its end with one bot per seat."""
    while state.deal_index == deal and not state.is_over:
        seat = state.to_act
        assert seat is not None
        state.apply(decide(bots[seat], state, rng))
    return rules.info.seat_points(state.deal_scores()[deal])


def duplicate_match(
    rules: AnyRules,
    names: Sequence[str],
    deals: int,
    seed: str = "0",
    on_deal: Callable[[int, MatchResult], None] | None = None,
    bots: Sequence[AnyBot] | None = None,
    workers: int = 1,
    ray: str | None = None,
) -> MatchResult:
    """Play ``deals`` duplicate deals between the named bots, in ``workers`` processes or
    over a Ray cluster (``ray``: its address, or ``"local"`` for a cluster of this machine's
    cores). Every deal is seeded on its own, so the result does not depend on either when
    the bots' budgets are counts rather than times."""
    if len(names) < 2:
        raise OptionError("a match needs at least two bots")
    if workers < 1:
        raise OptionError("workers must be at least 1")
    keys = _unique(list(names))
    players = list(bots) if bots is not None else [make_bot(n, rules) for n in names]
    partnership = rules.info.is_partnership
    rotations = seatings(rules.num_seats, len(keys), partnership)
    result = MatchResult(rules.name, rules.options_json(), keys, deals, seed, {k: [] for k in keys})
    result.wins = dict.fromkeys(keys, 0.0)
    if ray is not None:
        _collect(
            result, _ray_outcomes(ray, rules, list(names), bots, rotations, seed, deals), on_deal
        )
        return result
    if workers == 1 or deals == 1:
        outcomes: Iterable[_DealOutcome] = (
            _duplicate_deal(rules, players, rotations, seed, index) for index in range(deals)
        )
        _collect(result, outcomes, on_deal)
        return result
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(
        max_workers=workers, initializer=_start_worker, initargs=(rules, list(names), bots)
    ) as pool:
        chunk = max(1, min(8, deals // (4 * workers)))
        outcomes = pool.map(
            _worker_deal,
            [(rotations, seed, index) for index in range(deals)],
            chunksize=chunk,
        )
        _collect(result, outcomes, on_deal)
    return result


_DealOutcome = tuple[list[float], list[float], int]
"""Each bot's mean score per seat in one duplicate deal, its wins, and the plays."""


def _duplicate_deal(
    rules: AnyRules, players: Sequence[AnyBot], rotations: list[list[int]], seed: str, index: int
) -> _DealOutcome:
    """Deal ``index`` played once per rotation of the seats."""
    count = len(players)
    sums = [0.0] * count
    seats = [0] * count
    wins = [0.0] * count
    for r, seating in enumerate(rotations):
        state, deal = deal_state(rules, seed, index)
        rng = random.Random(f"{seed}/{index}/{r}")
        scores = play_deal(rules, [players[b] for b in seating], state, deal, rng)
        play_sum = [0.0] * count
        play_count = [0] * count
        for seat, b in enumerate(seating):
            play_sum[b] += scores[seat]
            play_count[b] += 1
        means = [play_sum[b] / play_count[b] for b in range(count)]
        top = max(means)
        winners = [b for b in range(count) if means[b] == top]
        for b in winners:
            wins[b] += 1.0 / len(winners)
        for b in range(count):
            sums[b] += play_sum[b]
            seats[b] += play_count[b]
    return [sums[b] / seats[b] for b in range(count)], wins, len(rotations)


def _collect(
    result: MatchResult,
    outcomes: Iterable[_DealOutcome],
    on_deal: Callable[[int, MatchResult], None] | None,
) -> None:
    for index, (means, wins, plays) in enumerate(outcomes):
        for b, key in enumerate(result.names):
            result.per_deal[key].append(means[b])
            result.wins[key] += wins[b]
        result.plays += plays
        if on_deal is not None:
            on_deal(index, result)


_WORKER: dict[str, Any] = {}


def _start_worker(rules: AnyRules, names: list[str], bots: Sequence[AnyBot] | None) -> None:
    _WORKER["rules"] = rules
    _WORKER["players"] = list(bots) if bots is not None else [make_bot(n, rules) for n in names]


def _worker_deal(job: tuple[list[list[int]], str, int]) -> _DealOutcome:
    rotations, seed, index = job
    return _duplicate_deal(_WORKER["rules"], _WORKER["players"], rotations, seed, index)


def _ray_outcomes(
    address: str,
    rules: AnyRules,
    names: list[str],
    bots: Sequence[AnyBot] | None,
    rotations: list[list[int]],
    seed: str,
    deals: int,
) -> Iterator[_DealOutcome]:
    """The deals played as Ray tasks of a few deals each, yielded in deal order.

    ``address`` is a cluster's (``ray://host:10001``, ``host:6379``, ``auto``) or
    ``local``: a cluster of this machine's cores, started here unless Ray already runs in
    this process. The rules and the bots travel to the workers once, as one object."""
    require_extra("scale", "the tournament on Ray")
    import ray

    if not ray.is_initialized():
        ray.init(
            address=None if address == "local" else address,
            include_dashboard=False,
            logging_level=logging.ERROR,
            configure_logging=False,
        )
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call]
    setup = ray.put((rules, names, list(bots) if bots is not None else None))
    remote = ray.remote(_ray_deals)
    chunk = max(1, min(8, deals // (4 * cpus)))
    futures = [
        remote.remote(setup, rotations, seed, list(range(start, min(start + chunk, deals))))
        for start in range(0, deals, chunk)
    ]
    for future in futures:
        yield from ray.get(future)


def _ray_deals(
    setup: tuple[AnyRules, list[str], list[AnyBot] | None],
    rotations: list[list[int]],
    seed: str,
    indices: list[int],
) -> list[_DealOutcome]:
    """A Ray task: the duplicate deals ``indices``."""
    rules, names, bots = setup
    players = bots if bots is not None else [make_bot(n, rules) for n in names]
    return [_duplicate_deal(rules, players, rotations, seed, index) for index in indices]


def _unique(names: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return out


def plot_running_means(result: MatchResult, path: str) -> None:
    """A picture of each bot's running mean per deal with its 95% interval, written whole
    (``WriteError`` when it cannot be; an older picture there is kept)."""
    require_extra("plots", "the tournament plot")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(8, 4.5))
    settled: list[float] = []  # the y range once the first few deals have passed
    for name in result.names:
        values = result.per_deal[name]
        xs, means, lows, highs = [], [], [], []
        for k in range(1, len(values) + 1):
            mean, low, high = mean_interval(values[:k])
            xs.append(k)
            means.append(mean)
            lows.append(low)
            highs.append(high)
        skip = min(5, len(values) - 1)
        settled += lows[skip:] + highs[skip:]
        axes.plot(xs, means, label=name)
        axes.fill_between(xs, lows, highs, alpha=0.2)
    if settled:
        margin = 0.1 * (max(settled) - min(settled) or 1.0)
        axes.set_ylim(min(settled) - margin, max(settled) + margin)
    axes.set_xlabel("duplicate deals")
    axes.set_ylabel("mean score per deal (higher is better)")
    axes.set_title(f"{result.game}: duplicate match")
    axes.legend()
    figure.tight_layout()
    image = io.BytesIO()
    figure.savefig(image, format=Path(path).suffix.lstrip(".").lower() or "png")
    plt.close(figure)
    write_atomic(path, image.getvalue())
