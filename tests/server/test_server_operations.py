"""Watching a server: ``GET /metrics`` (Prometheus) reports what ``GET /api/stats`` reports,
and the log is one JSON object per line, a table's lines carrying its id and no hand."""

from __future__ import annotations

import io
import json
import logging
import math
import random
import resource
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families
from server_support import CARD, ServerThread, create_table, receive
from websockets.sync.client import ClientConnection, connect

from koloda.server import metrics as metrics_module
from koloda.server.logs import JsonLines, TextLines, configure_logging, table_logger
from koloda.server.metrics import Latencies

HUMAN_AND_BOTS = ["human", "bot:random", "bot:random", "bot:random"]


def scrape(server: ServerThread, **params: Any) -> dict[str, dict[tuple[str, ...], float]]:
    """``GET /metrics`` parsed: each sample's value by its name, then its labels' values."""
    answer = httpx.get(f"{server.url}/metrics", params=params)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain")
    samples: dict[str, dict[tuple[str, ...], float]] = {}
    for family in text_string_to_metric_families(answer.text):
        for sample in family.samples:
            labels = tuple(value for _, value in sorted(sample.labels.items()))
            samples.setdefault(sample.name, {})[labels] = sample.value
    return samples


def stats(server: ServerThread, **params: Any) -> dict[str, Any]:
    answer = httpx.get(f"{server.url}/api/stats", params=params)
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def my_turn(ws: ClientConnection) -> dict[str, Any]:
    while True:
        message = receive(ws)
        assert message["type"] != "error", message
        if message["type"] == "view" and message["view"]["legal_actions"]:
            return message


def act(ws: ClientConnection, turn: dict[str, Any]) -> None:
    action = turn["view"]["legal_actions"][0]
    ws.send(json.dumps({"type": "act", "action": action, "version": turn["version"]}))


def same_percentiles(scraped: dict[tuple[str, ...], float], reported: dict[str, Any]) -> None:
    """Seconds from ``/metrics`` against milliseconds (to 3 places) from ``/api/stats``."""
    for quantile, key in (("0.5", "p50"), ("0.9", "p90"), ("0.99", "p99"), ("1", "max")):
        assert reported[key] is not None
        assert scraped[(quantile,)] * 1000 == pytest.approx(reported[key], abs=0.0006), key


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    running = ServerThread(f"sqlite:///{tmp_path / 'koloda.db'}").start()
    yield running
    running.stop()


# ----- /metrics ----------------------------------------------------------------------------------


def test_metrics_report_what_the_stats_report(server: ServerThread) -> None:
    empty = scrape(server)
    assert empty["koloda_actions_total"][()] == 0
    assert all(math.isnan(v) for v in empty["koloda_action_latency_seconds"].values())
    created = create_table(server.url, "king", {}, HUMAN_AND_BOTS)
    table_id, token = created["table_id"], created["seats"][0]["token"]
    played = random.Random(7).randint(3, 6)
    with (
        connect(f"{server.ws_url}/ws/tables/{table_id}?token={token}") as ws,
        connect(f"{server.ws_url}/ws/tables/{table_id}") as watcher,
    ):
        turn = my_turn(ws)
        for _ in range(played):
            act(ws, turn)
            turn = my_turn(ws)  # the bots have played up to the person's turn again
        receive(watcher)
        everything = stats(server)
        windowed = stats(server, window=3600)
        scraped = scrape(server, window=3600)
    assert scraped["koloda_live_tables"][()] == everything["live_tables"] == 1
    assert scraped["koloda_bots_waiting"][()] == everything["bots_waiting"]
    assert scraped["koloda_connections"] == {("seat",): 1, ("watcher",): 1}
    assert scraped["koloda_stalled_tables"][()] == 0
    latency, commits = everything["latency_ms"], everything["commit_wait_ms"]
    assert scraped["koloda_actions_total"][()] == latency["actions"] == played
    assert scraped["koloda_commit_waits_total"][()] == commits["actions"] == played
    same_percentiles(scraped["koloda_action_latency_seconds"], windowed["latency_ms"])
    same_percentiles(scraped["koloda_commit_wait_seconds"], windowed["commit_wait_ms"])
    store = server.app.state.store
    assert 0 < scraped["koloda_store_commits_total"][()] <= store.commits
    assert scraped["koloda_store_failing"][()] == 0
    memory = everything["memory"]
    assert scraped["koloda_gc_complete_collections_total"][()] == memory["complete_collections"]
    # the collector's figures move on between the two answers: the longest only grows
    longest = scraped["koloda_gc_longest_collection_seconds"][()] * 1000
    assert longest >= memory["longest_collection_ms"] - 0.05
    assert scraped["koloda_gc_frozen_objects"][()] == pytest.approx(
        memory["frozen_objects"], rel=0.5
    )
    assert scraped["process_resident_memory_bytes"][()] > 0


def test_the_percentiles_cover_the_window_asked_for(server: ServerThread) -> None:
    refused = httpx.get(f"{server.url}/metrics", params={"window": 0})
    assert refused.status_code == 422 and "window" in refused.json()["detail"]
    answer = httpx.get(f"{server.url}/metrics", params={"window": 90})
    assert "over the last 90 s" in answer.text
    assert "over the last 60 s" in httpx.get(f"{server.url}/metrics").text


def test_metrics_in_the_openmetrics_format_when_asked(server: ServerThread) -> None:
    answer = httpx.get(
        f"{server.url}/metrics", headers={"accept": "application/openmetrics-text; version=1.0.0"}
    )
    assert answer.headers["content-type"].startswith("application/openmetrics-text")
    assert answer.text.endswith("# EOF\n")


# ----- the latencies' window ---------------------------------------------------------------------


def test_a_window_holds_the_samples_of_its_seconds_once_the_kept_ones_wrap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = [1000.0]
    monkeypatch.setattr(metrics_module, "KEPT", 7)
    monkeypatch.setattr(metrics_module.time, "monotonic", lambda: clock[0])
    latencies = Latencies()
    rng = random.Random(3)
    made: list[tuple[float, float]] = []
    for _ in range(rng.randint(8, 30)):  # past the seven kept, so the oldest are replaced
        clock[0] += rng.choice((0.0, 0.5, 1.0, 2.0))
        value = rng.random()
        latencies.record(value)
        made.append((clock[0], value))
    kept = made[-7:]
    assert list(latencies.recent()) == [value for _, value in kept]
    for window in (0.0, 0.5, 1.0, 2.5, 4.0, 100.0):
        expected = [value for moment, value in kept if moment >= clock[0] - window]
        assert list(latencies.recent(window)) == expected, window
        counted, values = latencies.percentiles(window)
        assert counted == len(expected)
        assert values[1.0] == (max(expected) if expected else None)
    assert latencies.summary()["actions"] == len(made)


# ----- the log -----------------------------------------------------------------------------------


def record_of(logger: logging.LoggerAdapter[logging.Logger], message: str) -> logging.LogRecord:
    """What ``logger`` makes of ``message`` with an extra field, held by a handler."""
    held: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = held.append  # type: ignore[method-assign]
    logger.logger.addHandler(handler)
    try:
        logger.warning(message, 4, extra={"seat": 2})
    finally:
        logger.logger.removeHandler(handler)
    assert len(held) == 1
    return held[0]


def test_a_tables_log_line_is_one_json_object_with_its_id() -> None:
    table_id = f"t{random.Random(5).getrandbits(40):x}"
    record = record_of(table_logger(table_id), "bot failed after %d tries")
    line = JsonLines().format(record)
    assert "\n" not in line
    entry = json.loads(line)
    assert entry["table"] == table_id and entry["seat"] == 2
    assert entry["message"] == "bot failed after 4 tries"
    assert entry["level"] == "WARNING" and entry["logger"] == "koloda.server"
    assert entry["time"].endswith("Z") and entry["time"][:4].isdigit()
    text = TextLines().format(record)
    assert text.endswith(f"bot failed after 4 tries table={table_id} seat=2")


def test_an_exception_stays_inside_its_line() -> None:
    logger = logging.getLogger("koloda.server.test")
    try:
        raise ValueError("first\nsecond")
    except ValueError:
        record = logger.makeRecord(
            logger.name, logging.ERROR, __file__, 1, "failed", (), exc_info=sys.exc_info()
        )
    line = JsonLines().format(record)
    assert "\n" not in line
    assert "ValueError: first\nsecond" in json.loads(line)["error"]


def test_configure_logging_replaces_only_its_own_handler() -> None:
    root = logging.getLogger()
    levels = root.level, logging.getLogger("koloda").level
    other = logging.NullHandler()
    root.addHandler(other)
    first = configure_logging(json=True, stream=io.StringIO())
    try:
        second = configure_logging(json=False, stream=io.StringIO())
        assert first not in root.handlers and second in root.handlers and other in root.handlers
        assert isinstance(second.formatter, TextLines)
    finally:
        for handler in (first, second, other):
            root.removeHandler(handler)
        root.setLevel(levels[0])
        logging.getLogger("koloda").setLevel(levels[1])


def set_file_limit(pid: int, size: int) -> None:
    """Writes of the process past ``size`` bytes fail, as on a full disk."""
    resource.prlimit(pid, resource.RLIMIT_FSIZE, (size, resource.RLIM_INFINITY))


@pytest.fixture(scope="module")
def failure_log(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[str]]]:
    """A table's id, and the JSON log of a server whose store failed under that table's move
    and recovered."""
    path = tmp_path_factory.mktemp("log") / "koloda.db"
    root = logging.getLogger()
    levels = root.level, logging.getLogger("koloda").level
    written = io.StringIO()
    handler = configure_logging(json=True, stream=written)
    server = ServerThread(f"sqlite:///{path}").start()
    try:
        created = create_table(server.url, "king", {}, HUMAN_AND_BOTS)
        table_id, token = created["table_id"], created["seats"][0]["token"]
        writer = server.app.state.store.writer_pid
        with connect(f"{server.ws_url}/ws/tables/{table_id}?token={token}") as ws:
            turn = my_turn(ws)
            set_file_limit(writer, 1)  # the disk is full
            try:
                act(ws, turn)
                refused = receive(ws)
                assert refused["type"] == "error" and refused["code"] == "store_unavailable"
            finally:
                set_file_limit(writer, resource.RLIM_INFINITY)
            assert receive(ws)["version"] == turn["version"] + 1  # stored and played
    finally:
        server.stop()
        root.removeHandler(handler)
        root.setLevel(levels[0])
        logging.getLogger("koloda").setLevel(levels[1])
    yield table_id, written.getvalue().splitlines()


def test_the_server_logs_one_json_object_a_line_and_no_cards(
    failure_log: tuple[str, list[str]],
) -> None:
    table_id, lines = failure_log
    entries = [json.loads(line) for line in lines]
    assert all(isinstance(entry, dict) for entry in entries)
    failed = [e for e in entries if e["level"] == "ERROR" and "store failed" in e["message"]]
    assert failed, lines
    for line in lines:
        assert not CARD.findall(line.replace(table_id, "")), line


def test_a_tables_failure_is_logged_with_its_id(failure_log: tuple[str, list[str]]) -> None:
    table_id, lines = failure_log
    failed = [json.loads(line) for line in lines if "store failed" in line]
    assert failed and all(entry.get("table") == table_id for entry in failed)
