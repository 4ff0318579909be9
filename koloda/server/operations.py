"""``GET /metrics``: what ``GET /api/stats`` reports, in the Prometheus text format.

Nothing is counted for it on the way of a move: at each scrape, ``ServerFigures`` reads the
same figures ``/api/stats`` reads from the app's state (the tables' manager, the garbage
collector's schedule, the store), on the event loop, between two handlers. Besides them the
process's own figures (CPU, memory, open files) and Python's garbage collector.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from prometheus_client import CollectorRegistry, GCCollector, PlatformCollector, ProcessCollector
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.exposition import choose_encoder
from prometheus_client.registry import Collector

from koloda.server.metrics import QUANTILES, Latencies
from koloda.server.protocol.http import Problem

router = APIRouter()

WINDOW = 60.0
"""The seconds the latency percentiles of a scrape cover unless it asks for others."""


class ServerFigures(Collector):
    """The figures of ``GET /api/stats``, read from the app's ``state`` at each scrape; the
    latency percentiles over the last ``window`` seconds (None: every kept sample)."""

    def __init__(self, state: Any, window: float | None) -> None:
        self.state = state
        self.window = window

    def collect(self) -> Iterator[Metric]:
        yield from self._tables()
        yield from self._latencies()
        yield from self._store()
        yield from self._collector()

    def _tables(self) -> Iterator[Metric]:
        manager = self.state.manager
        yield GaugeMetricFamily(
            "koloda_live_tables", "Tables in this process's memory.", len(manager.tables)
        )
        yield GaugeMetricFamily(
            "koloda_stalled_tables",
            "Tables whose last action waits for the store to take it.",
            len(manager.stalled),
        )
        seats = watchers = 0
        for table in list(manager.tables.values()):
            for connection in table.connections:
                if connection.seat is None:
                    watchers += 1
                else:
                    seats += 1
        connections = GaugeMetricFamily(
            "koloda_connections",
            "Open table WebSockets: a seat's (seat) or a spectator's (watcher).",
            labels=["kind"],
        )
        connections.add_metric(["seat"], seats)
        connections.add_metric(["watcher"], watchers)
        yield connections
        yield GaugeMetricFamily(
            "koloda_bots_waiting",
            "Searching bots' moves waiting for a worker process.",
            manager.thinkers.turns.queued,
        )

    def _latencies(self) -> Iterator[Metric]:
        manager = self.state.manager
        yield from _timing(
            "koloda_actions",
            "People's actions handled (received, stored, every seat's view sent).",
            "koloda_action_latency_seconds",
            "From receiving a person's action to every seat's view being sent",
            manager.latencies,
            self.window,
        )
        yield from _timing(
            "koloda_commit_waits",
            "People's actions that waited for the store's commit.",
            "koloda_commit_wait_seconds",
            "Of an action's latency, the wait for the store to commit it",
            manager.commit_waits,
            self.window,
        )

    def _store(self) -> Iterator[Metric]:
        store = self.state.store
        yield CounterMetricFamily(
            "koloda_store_commits",
            "Transactions the store's writer committed (each holds the writes that came together).",
            store.commits,
        )
        yield GaugeMetricFamily(
            "koloda_store_failing",
            "1 while the store cannot write (see /healthz), else 0.",
            0 if store.failing is None else 1,
        )

    def _collector(self) -> Iterator[Metric]:
        memory = self.state.collector.stats()
        yield GaugeMetricFamily(
            "koloda_gc_frozen_objects",
            "Objects the scheduled garbage collection has frozen (walked no more).",
            memory["frozen_objects"],
        )
        yield GaugeMetricFamily(
            "koloda_gc_longest_collection_seconds",
            "The longest scheduled collection short of a complete one.",
            memory["longest_collection_ms"] / 1000,
        )
        yield CounterMetricFamily(
            "koloda_gc_complete_collections",
            "Complete collections (everything unfrozen and collected).",
            memory["complete_collections"],
        )
        yield GaugeMetricFamily(
            "koloda_gc_longest_complete_collection_seconds",
            "The longest complete collection.",
            memory["longest_complete_ms"] / 1000,
        )


def _timing(
    counter: str,
    counter_help: str,
    gauge: str,
    gauge_help: str,
    latencies: Latencies,
    window: float | None,
) -> Iterator[Metric]:
    """A counter of every sample, and a gauge of the percentiles (label ``quantile``; NaN
    when the window holds no sample)."""
    yield CounterMetricFamily(counter, counter_help, latencies.count)
    _, values = latencies.percentiles(window)
    span = "every kept sample" if window is None else f"the last {window:g} s"
    percentiles = GaugeMetricFamily(
        gauge, f"{gauge_help}, over {span} (quantile 1: the longest).", labels=["quantile"]
    )
    for q in QUANTILES:
        value = values[q]
        percentiles.add_metric([f"{q:g}"], float("nan") if value is None else value)
    yield percentiles


def registry_for(state: Any, window: float | None) -> CollectorRegistry:
    """A scrape's registry: the server's figures and the process's and Python's own."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(ServerFigures(state, window))
    ProcessCollector(registry=registry)
    PlatformCollector(registry=registry)
    GCCollector(registry=registry)
    return registry


@router.get(
    "/metrics",
    tags=["server"],
    response_class=Response,
    summary="Prometheus metrics",
    responses={
        200: {"content": {"text/plain": {}}, "description": "the Prometheus text format"},
        422: {"model": Problem},
    },
)
async def metrics(
    request: Request,
    window: Annotated[
        float, Query(gt=0, description="seconds the latency percentiles cover")
    ] = WINDOW,
) -> Response:
    """What ``/api/stats`` reports, for Prometheus: live and stalled tables, open WebSockets,
    bots waiting for a worker, people's actions and their latency percentiles (with the
    store's commit wait), the store's commits, the garbage collector's schedule, and the
    process's own figures. The OpenMetrics format when the scraper asks for it."""
    encoder, content_type = choose_encoder(request.headers.get("accept", ""))
    body = encoder(registry_for(request.app.state, window))
    return Response(body, media_type=content_type)
