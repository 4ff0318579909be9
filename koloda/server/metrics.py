"""What the server measures of itself: the time from receiving a person's action to having
every seat's view on its way, and the part of it spent waiting for the store to commit the
action (``GET /api/stats``)."""

from __future__ import annotations

import time
from array import array
from typing import Any

KEPT = 200_000
"""The latest samples kept for the percentiles."""


class Latencies:
    """Seconds per handled action; percentiles over the latest ``KEPT`` samples, or over
    those of the last ``window`` seconds (a load test leaves out its warm-up)."""

    def __init__(self) -> None:
        self.samples = array("d")
        self.times = array("d")
        self.count = 0
        self._next = 0

    def record(self, seconds: float) -> None:
        now = time.monotonic()
        self.count += 1
        if len(self.samples) < KEPT:
            self.samples.append(seconds)
            self.times.append(now)
        else:
            self.samples[self._next] = seconds
            self.times[self._next] = now
            self._next = (self._next + 1) % KEPT

    def summary(self, window: float | None = None) -> dict[str, Any]:
        """Count and percentiles in milliseconds (None before the first action)."""
        if window is None:
            ordered = sorted(self.samples)
        else:
            start = time.monotonic() - window
            ordered = sorted(v for v, t in zip(self.samples, self.times, strict=True) if t >= start)

        def at(q: float) -> float | None:
            if not ordered:
                return None
            return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 3)

        return {
            "actions": self.count if window is None else len(ordered),
            "p50": at(0.50),
            "p90": at(0.90),
            "p99": at(0.99),
            "max": at(1.0),
        }
