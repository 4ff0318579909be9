"""The server's garbage-collection schedule, and the events shared between the seats of one
broadcast: what keeps a thousand tables' moves quick must change nothing they are sent."""

from __future__ import annotations

import asyncio
import gc
import weakref
from typing import Any

from koloda.core.events import CardPlayed
from koloda.games.hundred_one.events import CardDrawn
from koloda.server.collector import SAFETY_THRESHOLD, Collector
from koloda.server.views import events_json


class Cycle:
    def __init__(self) -> None:
        self.me = self


def test_the_schedule_collects_young_cycles_and_restores_the_collector() -> None:
    before = gc.get_threshold()

    async def run() -> tuple[bool, bool, dict[str, Any], int]:
        collector = Collector(young_seconds=0.01, freeze_seconds=0.2, full_seconds=0.6)
        collector.start()
        assert gc.get_threshold()[0] == SAFETY_THRESHOLD  # the schedule collects, not counts
        assert gc.get_freeze_count() > 0  # the modules and the app are frozen at the start
        young = weakref.ref(Cycle())  # garbage only the cyclic collector can find
        old = Cycle()
        old_ref = weakref.ref(old)
        await asyncio.sleep(0.3)  # frozen by now
        del old  # garbage among the frozen: found by the complete collection
        young_gone = young() is None
        await asyncio.sleep(0.6)
        stats = collector.stats()
        await collector.stop()
        return young_gone, old_ref() is None, stats, gc.get_freeze_count()

    young_gone, old_gone, stats, frozen_after = asyncio.run(run())
    assert young_gone and old_gone
    assert stats["complete_collections"] >= 1 and stats["longest_complete_ms"] > 0
    assert gc.get_threshold() == before and frozen_after == 0


def test_a_public_event_is_made_once_and_a_private_one_stays_private() -> None:
    played = CardPlayed(seat=1, card=5)
    drawn = CardDrawn(seat=0, card=7, forced=False)
    shared: dict[int, dict[str, Any]] = {}
    drawer = events_json([played, drawn], 0, 4, shared)
    other = events_json([played, drawn], 1, 4, shared)
    assert drawer[0] is other[0]  # the same card played, made once
    assert drawer[1]["card"] == events_json([drawn], 0, 4)[0]["card"]
    assert "card" not in other[1]  # the drawn card: only its drawer sees it
    assert other == events_json([played, drawn], 1, 4)  # the same as made alone
