"""How much of the gap between ``heuristic`` and ``cheater`` a bot that does not see the
cards can close in 101, decision by decision (``koloda/bots/information.py``).

The first deal of ``--games`` games played by the heuristic at every seat; at each
decision with a choice, the native PIMC on the real hands (``--truth`` deals, its stock
reshuffled) values every action; ``hard`` (``--hard`` iterations of its ISMCTS) and the
heuristic are scored against it, and so is the one-step Bayesian over ``--deals`` deals
drawn from the seat's view by ``hard``'s belief model (among ``--weighed`` candidates),
each valued by the same PIMC on that deal (``--per-deal`` deals), with the expected value
of perfect information (EVPI) on those deals. Points are the seat's points less the
others' mean (the reward × 40).

``python bench/information_hundred_one.py [--games 40] [--deals 30] [--workers 2] [--json]``
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from rich.progress import Progress

from koloda import load_game
from koloda._native import hundred_one_belief_weight
from koloda.bots.base import make_bot
from koloda.bots.information import Tally, measure_game
from koloda.core.engine import Action
from koloda.games.hundred_one.actions import DRAW, PASS, is_suit_action
from koloda.games.hundred_one.native import NativeHundredOneRules
from koloda.games.hundred_one.native_search import NativeHundredOnePIMC

POINTS = 40.0
"""101's reward scale: a reward × 40 is points against the others' mean."""


def kind_of(legal: tuple[Action, ...]) -> str:
    if any(is_suit_action(a) for a in legal):
        return "name a suit"
    if PASS in legal:
        return "play the drawn card or pass"
    if DRAW in legal:
        return "play or draw"
    return "choose a card"


def posterior(rules: Any, candidates: int, epsilon: float) -> Any:
    """Deals drawn in proportion to the belief model's weights (``hard``'s: the others'
    play under the heuristic, ``epsilon`` any legal move) among ``candidates`` of the view;
    None: the view's samples as they come."""
    if candidates == 0:
        return None
    native = NativeHundredOneRules(rules.options)

    def sample(view: Any, rng: random.Random, count: int) -> list[Any]:
        deals = [native.sample_state(view, rng) for _ in range(candidates)]
        weights = [
            hundred_one_belief_weight(deal, view.seat, epsilon, rng.getrandbits(64))
            for deal in deals
        ]
        return rng.choices(deals, weights=weights, k=count)

    return sample


def one_game(arguments: tuple[str, int, int, int, int, int]) -> dict[str, Tally]:
    seed, hard, truth, per_deal, deals, candidates = arguments
    rules = load_game("hundred_one")
    return measure_game(
        rules,
        seed,
        reference=make_bot("heuristic", rules),
        bots={"hard": make_bot(f"hard:{hard}", rules)},
        truth=NativeHundredOnePIMC(rules, samples=truth),
        per_deal=NativeHundredOnePIMC(rules, samples=per_deal),
        deals=deals,
        kind_of=kind_of,
        sample_deals=posterior(rules, candidates, 0.1),
    )


def summary(tallies: dict[str, Tally]) -> dict[str, Any]:
    """Points a decision by kind, and the shares of the heuristic's regret removed."""
    total = Tally()
    for tally in tallies.values():
        total.add(tally)
    rows: dict[str, Any] = {}
    for kind, tally in [*sorted(tallies.items()), ("all", total)]:
        n = max(tally.decisions, 1)
        rows[kind] = {
            "decisions": tally.decisions,
            "regret heuristic": round(POINTS * tally.regret["reference"] / n, 2),
            "regret hard": round(POINTS * tally.regret["hard"] / n, 2),
            "regret one-step Bayesian": round(POINTS * tally.bayes_regret / n, 2),
            "EVPI": round(POINTS * tally.evpi / n, 2),
        }
    heuristic = total.regret["reference"]
    shares = {
        "hard": 1 - total.regret["hard"] / heuristic,
        "one-step Bayesian": 1 - total.bayes_regret / heuristic,
        "ceiling (1 - EVPI / heuristic's regret)": 1 - total.evpi / heuristic,
    }
    return {
        "per decision": rows,
        "share of the gap closed": {k: round(v, 3) for k, v in shares.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--deals", type=int, default=30, help="deals of the view a decision")
    parser.add_argument("--hard", type=int, default=30000, help="hard's ISMCTS iterations")
    parser.add_argument("--truth", type=int, default=3000, help="PIMC deals on the real hands")
    parser.add_argument("--per-deal", type=int, default=1000, help="PIMC deals per view deal")
    parser.add_argument(
        "--weighed",
        type=int,
        default=2000,
        help="candidates weighed by the belief model for the view's deals (0: unweighed)",
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", default="information")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    jobs = [
        (
            f"{options.seed}-{g}",
            options.hard,
            options.truth,
            options.per_deal,
            options.deals,
            options.weighed,
        )
        for g in range(options.games)
    ]
    tallies: dict[str, Tally] = defaultdict(Tally)
    with ProcessPoolExecutor(options.workers) as pool, Progress(transient=True) as progress:
        task = progress.add_task("games", total=len(jobs))
        for result in pool.map(one_game, jobs):
            for kind, tally in result.items():
                tallies[kind].add(tally)
            progress.advance(task)
    figures = summary(dict(tallies))
    if options.json:
        print(json.dumps(figures))
        return
    print(f"101: points a decision against the real-hands PIMC, {options.games} deals")
    header = ("kind", "decisions", "heuristic", "hard", "Bayes", "EVPI")
    print("  ".join(f"{h:>28}" if i == 0 else f"{h:>10}" for i, h in enumerate(header)))
    for kind, row in figures["per decision"].items():
        cells = [f"{kind:>28}", *(f"{v:>10}" for v in row.values())]
        print("  ".join(cells))
    for name, share in figures["share of the gap closed"].items():
        print(f"share of the heuristic's regret removed by {name}: {share:.0%}")


if __name__ == "__main__":
    main()
