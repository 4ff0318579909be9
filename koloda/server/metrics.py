"""What the server measures of itself: the time from receiving a person's action to having
every seat's view on its way, and the part of it spent waiting for the store to commit the
action (``GET /api/stats`` and ``GET /metrics``)."""

from __future__ import annotations

import time
from array import array
from bisect import bisect_left
from typing import Any

KEPT = 200_000
"""The latest samples kept for the percentiles."""

QUANTILES = (0.5, 0.9, 0.99, 1.0)
"""The percentiles reported: p50, p90, p99 and the maximum."""


class Latencies:
    """Seconds per handled action; percentiles over the latest ``KEPT`` samples, or over
    those of the last ``window`` seconds (a load test leaves out its warm-up).

    Recording is all a handled action pays; the percentiles are worked out when asked."""

    def __init__(self) -> None:
        self.samples = array("d")
        self.times = array("d")
        self.count = 0
        self._next = 0
        """Where the next sample goes once ``KEPT`` are kept: the oldest one (0 till then)."""

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

    def recent(self, window: float | None = None) -> array[float]:
        """The kept samples, or those of the last ``window`` seconds, oldest first. The
        samples are kept in the order they came, so the window's first one is found by
        bisection, not by a look at every sample."""
        kept = len(self.samples)
        head = self._next
        first = 0
        if window is not None and kept:
            start = time.monotonic() - window
            first = bisect_left(range(kept), start, key=lambda i: self.times[(head + i) % kept])
        begin = head + first  # where the window starts among the samples as they lie
        if begin >= kept:
            return self.samples[begin - kept : head]
        return self.samples[begin:] + self.samples[:head]

    def percentiles(self, window: float | None = None) -> tuple[int, dict[float, float | None]]:
        """How many samples, and each of ``QUANTILES`` in seconds (None before the first
        sample), over the kept samples or those of the last ``window`` seconds."""
        ordered = sorted(self.recent(window))

        def at(q: float) -> float | None:
            if not ordered:
                return None
            return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

        return len(ordered), {q: at(q) for q in QUANTILES}

    def summary(self, window: float | None = None) -> dict[str, Any]:
        """Count and percentiles in milliseconds (None before the first action)."""
        counted, values = self.percentiles(window)

        def ms(q: float) -> float | None:
            value = values[q]
            return None if value is None else round(value * 1000, 3)

        return {
            "actions": self.count if window is None else counted,
            "p50": ms(0.50),
            "p90": ms(0.90),
            "p99": ms(0.99),
            "max": ms(1.0),
        }
