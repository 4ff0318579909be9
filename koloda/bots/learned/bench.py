"""The table of ``learned`` against the other levels, in duplicate: what
docs/research/learned.md shows, reproduced.

    python -m koloda.bots.learned.bench GAME [GAME…] --against random:400,easy:1000,normal:400
    python -m koloda.bots.learned.bench king spades tressette --against hard:200:40

Each ``opponent:deals`` is a duplicate match (``koloda.bots.tournament``, seed ``--seed``):
the deals played once per rotation of the seats, ``learned`` first; a row gives the deals,
the mean difference per deal (learned minus the other, in the game's deal points from a
seat's side) with its 95% interval, and the one-sided p-value that ``learned`` is the
stronger. ``--workers`` plays the deals in that many processes; the figures do not depend on
it. ``hard`` thinks for 900 ms a move, so its moves depend on the machine's speed;
``hard:200`` (101: ``hard:5000``) is the same search with a count budget, the same moves on
any machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from koloda.bots.tournament import duplicate_match
from koloda.core.errors import OptionError
from koloda.core.registry import load_game

DEFAULT_AGAINST = "random:400,easy:1000,normal:400"


def parse_against(text: str) -> list[tuple[str, int]]:
    """``name:deals`` pairs, comma-separated."""
    out = []
    for item in text.split(","):
        name, sep, deals = item.strip().rpartition(":")
        if not sep or not name or not deals.isdigit() or int(deals) < 2:
            raise OptionError(f"{item!r} is not opponent:deals (deals at least 2)")
        out.append((name, int(deals)))
    return out


def row(game: str, opponent: str, deals: int, seed: str, workers: int) -> dict[str, Any]:
    """One duplicate match of ``learned`` against ``opponent``: its summary."""
    rules = load_game(game)
    started = time.perf_counter()
    result = duplicate_match(rules, ["learned", opponent], deals, seed=seed, workers=workers)
    summary = result.summary()
    summary["seconds"] = round(time.perf_counter() - started, 1)
    summary["opponent"] = opponent
    return summary


def format_row(summary: dict[str, Any]) -> str:
    """A Markdown table row: game, opponent, deals, difference, interval, p-value."""
    difference = summary["difference"]
    low, high = difference["ci95"]
    return (
        f"| {summary['game']} | {summary['opponent']} | {summary['deals']} | "
        f"{difference['mean']:+.3f} | [{low:+.3f}, {high:+.3f}] | {summary['p_value']:.2g} |"
    )


HEADER = (
    "| game | against | deals | learned − other per deal | 95% interval | p (learned stronger) |\n"
    "|---|---|---:|---:|---|---:|"
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m koloda.bots.learned.bench")
    parser.add_argument("games", nargs="+")
    parser.add_argument("--against", default=DEFAULT_AGAINST, help="opponent:deals,…")
    parser.add_argument("--seed", default="learned")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        against = parse_against(args.against)
        print(HEADER, flush=True)
        for game in args.games:
            for opponent, deals in against:
                summary = row(game, opponent, deals, args.seed, args.workers)
                print(format_row(summary), f"<!-- {summary['seconds']} s -->", flush=True)
    except OptionError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
