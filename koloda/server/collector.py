"""Python's cyclic garbage collector, kept off the path of the moves.

A server with a thousand tables holds close to a million objects that live as long as their
connections: each WebSocket's coroutines, frames, queues and headers. Left to itself, the
collector stopped the event loop for 50–130 ms every few hundred milliseconds at 1,000 tables
(its young generation counts allocations, not the dicts it starts tracking later, so it ran
rarely and found tens of thousands of young objects each time), and for 0.2–0.7 s at each
full collection; the moves that arrived meanwhile waited. With it switched off the same load
was served with a p99 of 16 ms.

So the server collects on a schedule of its own, from the event loop, between two handlers:
the two young generations every ``young_seconds`` (a few hundred objects each time), and
every ``freeze_seconds`` the old one, after which everything that survived is frozen
(``gc.freeze``): the next collections walk only what was made since.
A cycle among frozen objects that becomes garbage waits for the complete collection
(everything unfrozen and collected) every ``full_seconds``; that bounds the memory it holds.
The automatic collector stays on with a high threshold, in case the loop is ever held up.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger("koloda.server")

SAFETY_THRESHOLD = 100_000
"""The automatic collector's young threshold while the schedule runs."""


class Collector:
    """Collects the generations on a schedule and freezes the long-lived objects."""

    def __init__(
        self,
        young_seconds: float = 0.02,
        freeze_seconds: float = 1.0,
        full_seconds: float = 3600.0,
    ) -> None:
        self.young_seconds = young_seconds
        self.freeze_seconds = freeze_seconds
        self.full_seconds = full_seconds
        self.full_collections = 0
        self.longest_full_ms = 0.0
        self.longest_ms = 0.0
        """The longest scheduled collection short of a complete one."""
        self._thresholds = gc.get_threshold()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Freeze what exists now (the modules, the app) and collect from the loop."""
        gc.collect()
        gc.freeze()
        gc.set_threshold(SAFETY_THRESHOLD, *self._thresholds[1:])
        self._task = asyncio.create_task(self._run(), name="koloda-collector")

    async def _run(self) -> None:
        freeze = full = time.monotonic()
        while True:
            await asyncio.sleep(self.young_seconds)
            now = time.monotonic()
            if now - full >= self.full_seconds:
                full = freeze = now
                self.collect_everything()
                continue
            begun = time.perf_counter()
            if now - freeze >= self.freeze_seconds:
                freeze = now
                gc.collect(2)  # what was made since the last freeze
                gc.freeze()
            else:
                gc.collect(1)
            self.longest_ms = max(self.longest_ms, (time.perf_counter() - begun) * 1000)

    def collect_everything(self) -> None:
        """Unfreeze and collect every generation (the frozen cycles that became garbage)."""
        started = time.perf_counter()
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        took = (time.perf_counter() - started) * 1000
        self.full_collections += 1
        self.longest_full_ms = max(self.longest_full_ms, took)
        log.info("complete garbage collection: %.0f ms", took)

    def stats(self) -> dict[str, float | int]:
        return {
            "frozen_objects": gc.get_freeze_count(),
            "longest_collection_ms": round(self.longest_ms, 1),
            "complete_collections": self.full_collections,
            "longest_complete_ms": round(self.longest_full_ms, 1),
        }

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
            gc.set_threshold(*self._thresholds)
            gc.unfreeze()
