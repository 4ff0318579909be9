"""101 random playouts against OpenSpiel's crazy_eights, both from Python, in the same run.

OpenSpiel's parameters: ``players=4`` (the others at their defaults: max_draw_cards=5,
max_turns=100, reshuffle=False, use_special_cards=False). Its draws are chance nodes,
applied but not counted; Koloda's draws, deals and reshuffles happen inside ``apply`` and
are counted only through the decisions that cause them. OpenSpiel is timed half before and
half after Koloda, to even out the load of a shared machine.
"""

from __future__ import annotations

import sys
from typing import Any

from common import Figure, koloda_playouts, openspiel_playouts, report

CASES: tuple[tuple[bool, dict[str, Any]], ...] = (
    (False, {"players": 4}),
    (False, {"players": 2}),
    (False, {"players": 6}),
    (True, {"players": 4}),
)


def run(seconds: float) -> list[dict[str, Any]]:
    print("101 vs OpenSpiel crazy_eights (players=4)")
    before = openspiel_playouts("crazy_eights", seconds / 2, players=4)
    ours = [
        koloda_playouts("hundred_one", seconds, checked=checked, **options)
        for checked, options in CASES
    ]
    after = openspiel_playouts("crazy_eights", seconds / 2, players=4)
    reference = None
    if before is not None and after is not None:
        reference = Figure(
            before.name + " players=4",
            before.decisions + after.decisions,
            before.seconds + after.seconds,
        )
    return [report(figure, reference) for figure in ours]


if __name__ == "__main__":
    run(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
