"""101 random playouts against OpenSpiel's crazy_eights, both from Python, in the same run.

OpenSpiel's parameters: ``players=4`` (its other parameters at their defaults:
max_draw_cards=5, max_turns=100, reshuffle=False, use_special_cards=False). Its draws are
chance nodes, applied but not counted; Koloda's draws, deals and reshuffles happen inside
``apply`` and are counted only through the decisions that cause them.
"""

from __future__ import annotations

import sys
from typing import Any

from common import koloda_playouts, openspiel_playouts, report


def run(seconds: float) -> list[dict[str, Any]]:
    print("101 vs OpenSpiel crazy_eights (players=4)")
    reference = openspiel_playouts("crazy_eights", seconds, players=4)
    rows = []
    for players in (4, 2, 6):
        rows.append(report(koloda_playouts("hundred_one", seconds, players=players), reference))
    rows.append(report(koloda_playouts("hundred_one", seconds, checked=True), reference))
    return rows


if __name__ == "__main__":
    run(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
