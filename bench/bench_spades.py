"""Spades random playouts against OpenSpiel's spades, both from Python, in the same run.

Random bids almost never reach 500, so our games are bounded by the added ``max_deals``
option; OpenSpiel's spades game is one hand. Decisions per second are what is compared.
"""

from __future__ import annotations

import sys
from typing import Any

from common import koloda_playouts, openspiel_playouts, report


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
    return rows


if __name__ == "__main__":
    run(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
