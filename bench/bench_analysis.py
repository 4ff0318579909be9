"""A whole game's analysis (``koloda analyse``, the card room's review) on one core.

For each game's standard table (the lobby's rated preset; Spades also with nil and the nil
exchange, the rules' defaults) one seeded whole game is played by ``normal`` bots (the
heuristic, as the card room seats them) and every decision of seat 0 is valued with the
default budget (``DEFAULT_SAMPLES`` sampled deals a decision). Reported: the CPU seconds of
the analysis (the process pinned to one core), the deals and decisions of the game, the
seat's decisions with a choice (the ones searched) and the milliseconds per decision.

``python bench/bench_analysis.py [--engine native|python] [TABLE...]``: ``native`` values the
decisions as the analysis does (its native search where the game has one), ``python`` by
the Python reference path alone; ``spades_random`` (by name only) is a game of ``random``
bots to the 100-deal limit; ``run(seconds)`` for ``bench_engines.py`` (the budget is
the analysis's own, ``seconds`` is not used).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from typing import Any

from koloda import load_game
from koloda.bots import make_bot
from koloda.bots.analysis import DEFAULT_SAMPLES, analyse
from koloda.records import parse_record, record_from_state

TABLES: dict[str, tuple[str, dict[str, Any]]] = {
    "king": ("king", {"variant": "classic"}),
    "king_order": ("king", {"variant": "order"}),
    "king_three": ("king", {"variant": "three"}),
    "spades": (
        "spades",
        {
            "double_nil": False,
            "nil_exchange": False,
            "bags_penalty": True,
            "spades_broken_by": "any_spade",
        },
    ),
    "spades_nil": ("spades", {}),
    "tressette": ("tressette", {}),
    "hundred_one": ("hundred_one", {}),
}
"""The tables measured: each game's presets in the lobby (``koloda/games/<game>/lobby.py``):
the rated ones, King for three, and Spades with nil and double nil (its defaults, with the
nil exchange)."""

RANDOM: dict[str, tuple[str, dict[str, Any]]] = {"spades_random": ("spades", {})}
"""Asked for by name only: Spades' defaults played by ``random`` bots, which rarely reach
500 and stop at ``koloda simulate``'s limit of 100 deals (many nils, so many exchanges)."""

DEAL_LIMIT = 100

SEAT = 0


def one_core() -> None:
    """Pin this process to one core (the first it may use), where the system allows it."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def seeded_game(
    game: str, options: dict[str, Any], seed: str, bot: str = "normal"
) -> dict[str, Any]:
    """The record of one whole game played by ``bot`` at every seat (at most
    ``DEAL_LIMIT`` deals)."""
    rules = load_game(game, **options)
    bots = [make_bot(bot, rules) for _ in range(rules.num_seats)]
    state = rules.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over and len(state.deal_scores()) < DEAL_LIMIT:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].choose(state.view(seat), rng))
    return record_from_state(rules, state)


def measure(table: str, engine: str = "native") -> dict[str, Any]:
    """The analysis of seat 0 in the table's seeded game: CPU seconds and counts."""
    game, options = TABLES[table] if table in TABLES else RANDOM[table]
    bot = "normal" if table in TABLES else "random"
    record = parse_record(seeded_game(game, options, f"bench-analysis {table}", bot))
    started = time.process_time()
    decisions = analyse(record.rules, record, SEAT, native=engine == "native")
    seconds = time.process_time() - started
    searched = sum(not d.forced for d in decisions)
    return {
        "table": table,
        "engine": engine,
        "seconds": round(seconds, 2),
        "deals": len(record.deals),
        "actions": sum(len(deal.get("actions", [])) for deal in record.deals),
        "decisions": len(decisions),
        "searched": searched,
        "ms_per_decision": round(1000 * seconds / max(searched, 1), 1),
    }


def show(row: dict[str, Any]) -> None:
    print(
        f"  {row['table']:<12} [{row['engine']}] {row['seconds']:>8.2f} s  "
        f"{row['deals']:>3} deals, {row['actions']:>5} actions, seat 0: "
        f"{row['decisions']:>4} decisions ({row['searched']} searched), "
        f"{row['ms_per_decision']:>8.1f} ms a searched decision"
    )


def run(seconds: float = 0.0, tables: list[str] | None = None, engine: str = "native") -> Any:
    """Every table's analysis on one core (``seconds`` unused: the budget is the analysis's)."""
    one_core()
    print(f"Whole-game analysis, {DEFAULT_SAMPLES} sampled deals a decision, one core")
    rows = []
    for table in tables or list(TABLES):
        row = measure(table, engine)
        show(row)
        rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", choices=("native", "python"), default="native")
    names = [*TABLES, *RANDOM]
    parser.add_argument("tables", nargs="*", metavar="TABLE", help=", ".join(names))
    arguments = parser.parse_args()
    unknown = sorted(set(arguments.tables) - set(names))
    if unknown:
        parser.error(f"unknown table(s) {', '.join(unknown)}; tables: {', '.join(names)}")
    print(json.dumps(run(0.0, arguments.tables or None, arguments.engine)))


if __name__ == "__main__":
    main()
