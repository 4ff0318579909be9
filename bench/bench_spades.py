"""Spades random playouts against OpenSpiel's spades, both from Python, in the same run.

Two comparisons:
- whole games through the public API (``bench/common.py``): random bids almost never reach
  500, so our games are bounded by the added ``max_deals`` option; OpenSpiel's spades game
  is one hand, dealt by 52 chance actions. Our figure includes the seeded BLAKE2b shuffle
  of the core ``Shuffler`` (about 70 µs a deal).
- search-style playouts: clone the position after the bidding and play the hand out at
  random, as determinization bots do (``clone`` + ``legal_actions`` + ``apply_unchecked``
  against OpenSpiel's ``clone`` + ``legal_actions`` + ``apply_action``).
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from common import Figure, koloda_playouts, openspiel_playouts, report

from koloda import load_game
from koloda.core.dealing import Shuffler


def koloda_hand_playouts(seconds: float) -> Figure:
    rules = load_game("spades", double_nil=False, nil_exchange=False)
    state = rules.state_from_deal(rules.deal_hands(Shuffler(1), 0), dealer=0)  # type: ignore[attr-defined]
    for bid in (68, 68, 68, 68):  # bid:3 each
        state.apply(bid)
    rnd = random.Random(1).random
    decisions = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        playout = state.clone()
        while not playout.awaiting_deal:
            legal = playout.legal_actions()
            playout.apply_unchecked(legal[int(rnd() * len(legal))])
            decisions += 1
    return Figure("koloda spades hand playouts (clone)", decisions, time.perf_counter() - started)


def openspiel_hand_playouts(seconds: float) -> Figure | None:
    try:
        import pyspiel
    except ImportError:
        return None
    state = pyspiel.load_game("spades").new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    for _ in range(4):
        state.apply_action(55)  # bid 3 each
    rnd = random.Random(1).random
    decisions = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        playout = state.clone()
        while not playout.is_terminal():
            legal = playout.legal_actions()
            playout.apply_action(legal[int(rnd() * len(legal))])
            decisions += 1
    return Figure(
        "OpenSpiel spades hand playouts (clone)", decisions, time.perf_counter() - started
    )


def run(seconds: float) -> list[dict[str, Any]]:
    print("Spades vs OpenSpiel spades")
    reference = openspiel_playouts("spades", seconds)
    rows = []
    rows.append(report(koloda_playouts("spades", seconds, max_deals=10), reference))
    rows.append(
        report(
            koloda_playouts("spades", seconds, max_deals=10, double_nil=False, nil_exchange=False),
            reference,
        )
    )
    rows.append(report(koloda_playouts("spades", seconds, checked=True, max_deals=10), reference))
    rows.append(report(koloda_hand_playouts(seconds), openspiel_hand_playouts(seconds)))
    return rows


if __name__ == "__main__":
    run(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
