"""Spades: our ``hard`` against OpenSpiel's ISMCTS bot playing our Spades through the
OpenSpiel bridge (``koloda.envs.openspiel``), in duplicate deals.

Every deal is played twice with the same cards: ``hard`` holds seats 0 and 2 and OpenSpiel's
ISMCTS (its Python ``ISMCTSBot`` with a random-rollout evaluator, as OpenSpiel ships it)
seats 1 and 3, then the other way round. ``hard`` reads its seat's view of the engine's
state; OpenSpiel's bot sees the OpenSpiel state and resamples hidden hands through the
bridge's ``resample_from_infostate``. Printed: each side's mean points a deal, the mean of
the paired difference with its 95% interval and the one-sided p-value that ``hard`` is
stronger.

    .venv/bin/python bench/match_openspiel.py [DEALS] [SIMULATIONS] [BOT]
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from rich.progress import Progress

import koloda.envs.openspiel  # noqa: F401  (registers the games)
from koloda.bots import make_bot
from koloda.bots.tournament import mean_interval, p_stronger


def play(
    game: Any, ours: Any, theirs: Any, our_side: int, deal: int
) -> tuple[list[int], float, float]:
    """One deal with ``ours`` on ``our_side``: the sides' points, and the seconds each side
    thought a move at most."""
    state = game.new_initial_state()
    dealing = random.Random(f"deal:{deal}")  # the deal's cards, both times
    while state.is_chance_node():  # the deck, card by card
        state.apply_action(dealing.choice(state.chance_outcomes())[0])
    rng = random.Random(deal)
    worst = [0.0, 0.0]
    while not state.is_terminal():
        seat = state.current_player()
        started = time.perf_counter()
        if seat % 2 == our_side:
            code = ours.choose(state.inner.view(seat), rng)
            action = game.actions.indices([code])[0]
            side = 0
        else:
            action = theirs.step(state)
            side = 1
        worst[side] = max(worst[side], time.perf_counter() - started)
        state.apply_action(action)
    points = [int(p) for p in state.inner.deal_scores()[0]]
    return points, worst[0], worst[1]


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    simulations = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    name = sys.argv[3] if len(sys.argv) > 3 else "hard"
    game = pyspiel.load_game("python_koloda_spades", {"deals": 1})
    ours = make_bot(name, game.rules)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    theirs = ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rng)
    mine: list[float] = []
    other: list[float] = []
    slowest = [0.0, 0.0]
    with Progress() as progress:
        task = progress.add_task(f"{name} vs OpenSpiel ISMCTS", total=deals * 2)
        for deal in range(deals):
            for our_side in (0, 1):
                points, ours_worst, theirs_worst = play(game, ours, theirs, our_side, deal)
                mine.append(points[our_side])
                other.append(points[1 - our_side])
                slowest = [max(slowest[0], ours_worst), max(slowest[1], theirs_worst)]
                progress.advance(task)
    diffs = [a - b for a, b in zip(mine, other, strict=True)]
    for label, values in ((name, mine), (f"OpenSpiel ISMCTS ({simulations})", other)):
        mean, low, high = mean_interval(values)
        print(f"{label:>28}: {mean:+8.2f} a deal  95% CI [{low:+.2f}, {high:+.2f}]")
    mean, low, high = mean_interval(diffs)
    print(f"{'difference':>28}: {mean:+8.2f} a deal  95% CI [{low:+.2f}, {high:+.2f}]")
    print(f"p-value ({name} stronger): {p_stronger(mine, other):.2g}; {deals} deals x 2 seatings")
    print(f"slowest move: {name} {slowest[0]:.2f} s, OpenSpiel ISMCTS {slowest[1]:.2f} s")


if __name__ == "__main__":
    main()
