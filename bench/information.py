"""How much of the gap between ``heuristic`` and ``cheater`` a bot that does not see the
cards can close, decision by decision (``koloda/bots/information.py``).

Games played by the heuristic at every seat (in 101 the first deal of each, in the trick
games whole games); at each decision measured, the cheater's search on the real hands values
every action: in 101 the native PIMC (``--truth`` deals, the stock reshuffled), in the
trick games the native PIMC of the card play on the real deal (solved exactly once
few cards are left, a heuristic playout before; the other decisions are not measured).
``hard`` (``--hard``: its budget) and the heuristic are scored against it, and so is the
one-step Bayesian over ``--deals`` deals drawn from the seat's view (in 101 by ``hard``'s
belief model, ``--epsilon`` any move, among ``--weighed`` candidates), each valued by the
same search on that deal (in 101 ``--per-deal`` deals), with the expected value of perfect
information (EVPI) on those deals. Points are the game's points a deal (a reward × its
utility scale): in 101 the seat's less the others' mean.

``python bench/information.py [GAME] [--games 40] [--deals 30] [--workers 2] [--json]``
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
from koloda.bots.base import make_bot
from koloda.bots.information import Tally, measure_game
from koloda.bots.search.beliefs import likely_deals
from koloda.bots.search.cheater import CheaterBot
from koloda.core.engine import Action
from koloda.core.info import GameInfo
from koloda.games.hundred_one.actions import DRAW, PASS, is_suit_action
from koloda.games.hundred_one.beliefs import HundredOneBeliefs
from koloda.games.hundred_one.native_search import NativeHundredOnePIMC


def kind_of_hundred_one(legal: tuple[Action, ...]) -> str:
    if any(is_suit_action(a) for a in legal):
        return "name a suit"
    if PASS in legal:
        return "play the drawn card or pass"
    if DRAW in legal:
        return "play or draw"
    return "choose a card"


def card_play(legal: tuple[Action, ...]) -> str | None:
    return "card play" if GameInfo.is_card_action(legal[0]) else None


def posterior(rules: Any, candidates: int, epsilon: float) -> Any:
    """Deals drawn in proportion to the belief model's weights (``hard``'s: the others'
    play under the heuristic, ``epsilon`` any legal move) among ``candidates`` of the view;
    None: the view's samples as they come."""
    if candidates == 0:
        return None
    model = HundredOneBeliefs(rules, epsilon)

    def sample(view: Any, rng: random.Random, count: int) -> list[Any]:
        return likely_deals(rules, view, model, candidates, count, rng)

    return sample


def one_game(arguments: tuple[str, str, Any]) -> dict[str, Tally]:
    game, seed, options = arguments
    rules = load_game(game)
    common: dict[str, Any] = {
        "reference": make_bot("heuristic", rules),
        "bots": {"hard": make_bot(f"hard:{options.hard}", rules)},
        "deals": options.deals,
    }
    if game == "hundred_one":
        return measure_game(
            rules,
            seed,
            truth=NativeHundredOnePIMC(rules, samples=options.truth),
            per_deal=NativeHundredOnePIMC(rules, samples=options.per_deal),
            kind_of=kind_of_hundred_one,
            sample_deals=posterior(rules, options.weighed, options.epsilon),
            **common,
        )
    real = CheaterBot(rules).cards  # the cheater's card play: one deal, the real one
    return measure_game(
        rules, seed, truth=real, per_deal=real, kind_of=card_play, first_deal_only=False, **common
    )


def shares(total: Tally) -> dict[str, float]:
    """The shares of the heuristic's regret that hard, the one-step Bayesian and a bot
    that takes back all but the EVPI remove."""
    heuristic = total.regret["reference"]
    return {
        "hard": 1 - total.regret["hard"] / heuristic,
        "one-step Bayesian": 1 - total.bayes_regret / heuristic,
        "ceiling (1 - EVPI / heuristic's regret)": 1 - total.evpi / heuristic,
    }


def intervals(games: list[Tally], rounds: int = 2000) -> dict[str, list[float]]:
    """95% bootstrap intervals of the shares over the games, and of the ceiling less hard's
    share (the games resampled together)."""
    rng = random.Random(0)
    drawn: dict[str, list[float]] = defaultdict(list)
    for _ in range(rounds):
        total = Tally()
        for game in rng.choices(games, k=len(games)):
            total.add(game)
        if total.regret["reference"] <= 0:
            continue
        figures = shares(total)
        for name, value in figures.items():
            drawn[name].append(value)
        ceiling = figures["ceiling (1 - EVPI / heuristic's regret)"]
        drawn["ceiling less hard"].append(ceiling - figures["hard"])
    result = {}
    for name, values in drawn.items():
        values.sort()
        low, high = values[int(0.025 * len(values))], values[int(0.975 * len(values)) - 1]
        result[name] = [round(low, 3), round(high, 3)]
    return result


def summary(tallies: dict[str, Tally], games: list[Tally], points: float) -> dict[str, Any]:
    """Points a decision by kind (a reward × ``points``, the game's utility scale), and the
    shares of the heuristic's regret removed, with their intervals over the ``games``."""
    total = Tally()
    for tally in tallies.values():
        total.add(tally)
    rows: dict[str, Any] = {}
    for kind, tally in [*sorted(tallies.items()), ("all", total)]:
        n = max(tally.decisions, 1)
        rows[kind] = {
            "decisions": tally.decisions,
            "regret heuristic": round(points * tally.regret["reference"] / n, 2),
            "regret hard": round(points * tally.regret["hard"] / n, 2),
            "regret one-step Bayesian": round(points * tally.bayes_regret / n, 2),
            "EVPI": round(points * tally.evpi / n, 2),
        }
    return {
        "per decision": rows,
        "share of the gap closed": {k: round(v, 3) for k, v in shares(total).items()},
        "95% intervals": intervals(games),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="hundred_one")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--deals", type=int, default=30, help="deals of the view a decision")
    parser.add_argument(
        "--hard", default=None, help="hard's budget (101: 30000 iterations, else 1000 deals)"
    )
    parser.add_argument("--truth", type=int, default=3000, help="PIMC deals on the real hands")
    parser.add_argument("--per-deal", type=int, default=1000, help="PIMC deals per view deal")
    parser.add_argument(
        "--weighed",
        type=int,
        default=2000,
        help="candidates weighed by the belief model for the view's deals (0: unweighed)",
    )
    parser.add_argument(
        "--epsilon", type=float, default=0.1, help="the belief model's chance of any move"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", default="information")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    if options.hard is None:
        options.hard = "30000" if options.game == "hundred_one" else "1000"
    jobs = [(options.game, f"{options.seed}-{g}", options) for g in range(options.games)]
    tallies: dict[str, Tally] = defaultdict(Tally)
    games: list[Tally] = []
    with ProcessPoolExecutor(options.workers) as pool, Progress(transient=True) as progress:
        task = progress.add_task("games", total=len(jobs))
        for result in pool.map(one_game, jobs):
            games.append(Tally())
            for kind, tally in result.items():
                tallies[kind].add(tally)
                games[-1].add(tally)
            progress.advance(task)
    figures = summary(dict(tallies), games, load_game(options.game).info.utility.scale)
    if options.json:
        print(json.dumps(figures))
        return
    what = "deals" if options.game == "hundred_one" else "games"
    print(f"{options.game}: points a decision against the cheater's values, {options.games} {what}")
    header = ("kind", "decisions", "heuristic", "hard", "Bayes", "EVPI")
    print("  ".join(f"{h:>28}" if i == 0 else f"{h:>10}" for i, h in enumerate(header)))
    for kind, row in figures["per decision"].items():
        cells = [f"{kind:>28}", *(f"{v:>10}" for v in row.values())]
        print("  ".join(cells))
    ranges = figures["95% intervals"]
    for name, share in figures["share of the gap closed"].items():
        low, high = ranges.get(name, [share, share])
        interval = f"[{low:.0%}, {high:.0%}]"
        print(f"share of the heuristic's regret removed by {name}: {share:.0%} {interval}")
    if "ceiling less hard" in ranges:
        low, high = ranges["ceiling less hard"]
        print(f"ceiling less hard's share: 95% interval [{low:.0%}, {high:.0%}]")


if __name__ == "__main__":
    main()
