"""What the server measures of itself: the time from receiving a person's action to having
every seat's view on its way, and the part of it spent waiting for the store to commit the
action (``GET /api/stats``)."""

from __future__ import annotations

from array import array
from typing import Any

KEPT = 200_000
"""The latest samples kept for the percentiles."""


class Latencies:
    """Seconds per handled action; percentiles over the latest ``KEPT`` samples."""

    def __init__(self) -> None:
        self.samples = array("d")
        self.count = 0
        self._next = 0

    def record(self, seconds: float) -> None:
        self.count += 1
        if len(self.samples) < KEPT:
            self.samples.append(seconds)
        else:
            self.samples[self._next] = seconds
            self._next = (self._next + 1) % KEPT

    def summary(self) -> dict[str, Any]:
        """Count and percentiles in milliseconds (None before the first action)."""
        ordered = sorted(self.samples)

        def at(q: float) -> float | None:
            if not ordered:
                return None
            return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 3)

        return {
            "actions": self.count,
            "p50": at(0.50),
            "p90": at(0.90),
            "p99": at(0.99),
            "max": at(1.0),
        }
