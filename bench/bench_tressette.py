"""Tressette random playouts against OpenSpiel's hearts, both from Python, in the same run."""

from __future__ import annotations

import sys
from typing import Any

from common import koloda_playouts, openspiel_playouts, report


def run(seconds: float) -> list[dict[str, Any]]:
    print("Tressette vs OpenSpiel hearts")
    reference = openspiel_playouts("hearts", seconds)
    rows = [
        report(koloda_playouts("tressette", seconds), reference),
        report(koloda_playouts("tressette", seconds, card_points="pooled"), reference),
        report(koloda_playouts("tressette", seconds, checked=True), reference),
    ]
    return rows


if __name__ == "__main__":
    run(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
