"""King random playouts against OpenSpiel's hearts, both from Python, in the same run."""

from __future__ import annotations

import sys
from typing import Any

from common import koloda_playouts, openspiel_playouts, report


def run(seconds: float) -> list[dict[str, Any]]:
    print("King vs OpenSpiel hearts")
    reference = openspiel_playouts("hearts", seconds)
    rows = []
    for variant in ("classic", "order", "three"):
        rows.append(report(koloda_playouts("king", seconds, variant=variant), reference))
    rows.append(report(koloda_playouts("king", seconds, checked=True), reference))
    return rows


if __name__ == "__main__":
    run(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
