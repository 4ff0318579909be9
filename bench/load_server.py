"""Load benchmark of the web table (not a test): many concurrent tables over loopback.

Every seat of every table is a random player connected by its own WebSocket, so each action
goes the whole way: client -> server -> engine -> store (committed) -> every seat's view.
The players run in several client processes (``--clients``), so the load generator is not
the bottleneck. Two latencies are reported: client-side, from sending an action to receiving
the view that shows it applied, and server-side, from the server receiving it to every seat's
view being sent (the server measures it itself: ``GET /api/stats``).

    python bench/load_server.py --tables 1000 --seconds 30 --clients 4  # starts its own server
    python bench/load_server.py --url http://127.0.0.1:8000 --tables 50  # a running server
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any
from urllib.parse import urlparse

import httpx
from websockets.asyncio.client import connect


def ramp_seconds(tables: int) -> float:
    """Tables start at random moments over the first seconds (not thousands of handshakes at
    once): 5 s, or 10 ms a table for more than 500."""
    return max(5.0, tables / 100)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.measure_from = 0.0
        """Latencies count from this moment on (after the warm-up)."""
        self.games = 0
        self.errors = 0


async def play_seat(
    ws_url: str,
    token: str,
    rng: random.Random,
    stats: Stats,
    stop: float,
    done: asyncio.Event,
    think: float,
) -> None:
    async with connect(f"{ws_url}?token={token}", max_size=1 << 22, open_timeout=120) as ws:
        sent_at: float | None = None
        sent_version = -1
        while True:
            remaining = stop - time.monotonic()
            if remaining <= 0 or done.is_set():
                return
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=min(remaining, 30))
            except TimeoutError:
                return
            message = json.loads(raw)
            if message["type"] == "error":
                stats.errors += 1
                continue
            if message["type"] != "view":
                continue
            if sent_at is not None and message["version"] > sent_version:
                if sent_at >= stats.measure_from:
                    stats.latencies.append(time.monotonic() - sent_at)
                sent_at = None
            view = message["view"]
            if view["finished"]:
                done.set()
                return
            if view["legal_actions"]:
                action = rng.choice(view["legal_actions"])
                if think:  # a person looks at the table before he plays
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                sent_at = time.monotonic()
                sent_version = message["version"]
                await ws.send(
                    json.dumps({"type": "act", "action": action, "version": sent_version})
                )


async def run_table(
    client: httpx.AsyncClient,
    base: str,
    game: str,
    options: dict[str, Any],
    count: int,
    stats: Stats,
    stop: float,
    seed: int,
    think: float,
    ramp: float,
) -> None:
    rng = random.Random(seed)
    await asyncio.sleep(rng.uniform(0, ramp))  # tables arrive over the first seconds
    while time.monotonic() < stop:
        try:
            response = await client.post(
                f"{base}/api/tables",
                json={"game": game, "options": options, "seats": ["human"] * count},
            )
            response.raise_for_status()
        except httpx.HTTPError:  # counted, and tried again: the load goes on
            stats.errors += 1
            await asyncio.sleep(1.0)
            continue
        created = response.json()
        ws_url = base.replace("http", "ws", 1) + f"/ws/tables/{created['table_id']}"
        done = asyncio.Event()
        outcomes = await asyncio.gather(
            *(
                play_seat(ws_url, s["token"], random.Random(rng.random()), stats, stop, done, think)
                for s in created["seats"]
            ),
            return_exceptions=True,
        )
        stats.errors += sum(1 for outcome in outcomes if isinstance(outcome, Exception))
        if done.is_set():
            stats.games += 1


async def bench(
    base: str,
    tables: int,
    seconds: float,
    game: str,
    options: dict[str, Any],
    begin: float,
    first: int = 0,
    think: float = 0.0,
    ramp: float = 5.0,
    warmup: float = 0.0,
) -> dict[str, Any]:
    """One process's tables, from the moment ``begin`` (``time.monotonic``: one clock for
    every process of the machine) for ``seconds``."""
    stats = Stats()
    limits = httpx.Limits(max_connections=100)
    async with httpx.AsyncClient(timeout=60, limits=limits) as client:
        check = await client.post(f"{base}/api/check", json={"game": game, "options": options})
        check.raise_for_status()
        count = check.json()["num_seats"]
        await asyncio.sleep(max(0.0, begin - time.monotonic()))
        started = begin
        stop = started + seconds
        stats.measure_from = started + warmup
        await asyncio.gather(
            *(
                run_table(client, base, game, options, count, stats, stop, first + i, think, ramp)
                for i in range(tables)
            )
        )
        elapsed = time.monotonic() - started
    return {
        "seconds": elapsed,
        "latencies": stats.latencies,
        "games_finished": stats.games,
        "errors": stats.errors,
    }


def client_process(
    base: str,
    tables: int,
    seconds: float,
    game: str,
    options: dict[str, Any],
    begin: float,
    first: int,
    think: float,
    ramp: float,
    warmup: float,
) -> dict[str, Any]:
    """One client process: its share of the tables."""
    return asyncio.run(
        bench(base, tables, seconds, game, options, begin, first, think, ramp, warmup)
    )


def quantile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else 0.0


def run_clients(
    base: str,
    tables: int,
    seconds: float,
    game: str,
    options: dict[str, Any],
    clients: int,
    think: float = 0.0,
    warmup: float | None = None,
) -> dict[str, Any]:
    """The tables spread over ``clients`` processes; their figures together."""
    shares = [tables // clients + (1 if i < tables % clients else 0) for i in range(clients)]
    firsts = [sum(shares[:i]) for i in range(clients)]
    ramp = ramp_seconds(tables)
    warm = ramp + 5.0 if warmup is None else warmup
    begin = time.monotonic() + 3.0  # the client processes start meanwhile
    jobs = [
        (base, n, seconds, game, options, begin, f, think, ramp, warm)
        for n, f in zip(shares, firsts, strict=True)
        if n
    ]
    measured = max(1.0, seconds - warm)
    with multiprocessing.get_context("spawn").Pool(len(jobs)) as pool:
        running = pool.starmap_async(client_process, jobs)
        # the server's figures over the clients' measured window, asked for as it closes
        # (before the clients hang up, which the server handles too)
        time.sleep(max(0.0, begin + seconds - time.monotonic()))
        server = httpx.get(f"{base}/api/stats", params={"window": measured}, timeout=30).json()
        parts = running.get()
    latencies = sorted(x for part in parts for x in part["latencies"])
    elapsed = max(part["seconds"] for part in parts)
    return {
        "tables": tables,
        "clients": len(jobs),
        "think_seconds": think,
        "cores": os.cpu_count(),
        "game": game,
        "options": options,
        "seconds": round(elapsed, 2),
        "warmup_seconds": warm,
        "actions": len(latencies),
        "actions_per_second": round(len(latencies) / measured, 1),
        "games_finished": sum(part["games_finished"] for part in parts),
        "errors": sum(part["errors"] for part in parts),
        "client_latency_ms_p50": round(quantile(latencies, 0.50), 2),
        "client_latency_ms_p99": round(quantile(latencies, 0.99), 2),
        "client_latency_ms_mean": (
            round(statistics.fmean(latencies) * 1000, 2) if latencies else 0.0
        ),
        "server_latency_ms": server["latency_ms"],
        "server_commit_wait_ms": server["commit_wait_ms"],
        "server_live_tables": server["live_tables"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--url", help="a running server (loopback only); default: start one")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--clients", type=int, default=4, help="client processes")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a player looks at the table before acting (0: at once, which "
        "saturates the server: every table always has an action waiting)",
    )
    parser.add_argument(
        "--warmup",
        type=float,
        help="seconds left out of the figures while the tables start (default: the ramp, "
        "10 ms a table and at least 5 s, plus 5 s)",
    )
    parser.add_argument("--game", default="king")
    parser.add_argument("--options", default='{"variant": "classic"}', help="JSON options")
    parser.add_argument(
        "--database", help="database URL of the started server (default: a temp SQLite)"
    )
    parser.add_argument(
        "--no-fsync",
        action="store_true",
        help="the started server commits without flushing to disk (koloda serve --no-fsync)",
    )
    args = parser.parse_args()
    options = json.loads(args.options)
    server = None
    base = args.url
    if base is None:
        folder = tempfile.mkdtemp(prefix="koloda-load-")
        database = args.database or f"sqlite:///{folder}/koloda.db"
        port = free_port()
        server = subprocess.Popen(
            [
                sys.executable,
                *("-m", "koloda", "serve", "--port", str(port), "--database", database),
                *("--bot-delay", "0", "--tables-per-minute", "1000000", "--max-tables", "100000"),
                # every client of the bench is one address
                *("--connections-per-address", "1000000", "--websockets-per-address", "1000000"),
                *(["--no-fsync"] if args.no_fsync else []),
            ],
            cwd=folder,
            stdout=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{base}/api/bots", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit("the server did not start")
            time.sleep(0.1)
    host = urlparse(base).hostname
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("load_server.py runs over loopback only (127.0.0.1)")
    try:
        result = run_clients(
            base,
            args.tables,
            args.seconds,
            args.game,
            options,
            args.clients,
            args.think,
            args.warmup,
        )
    finally:
        if server is not None:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.kill(server.pid, signal.SIGKILL)
    print(json.dumps(result))
    print(
        f"{result['tables']} tables, {result['actions']} actions measured after a "
        f"{result['warmup_seconds']:.0f} s warm-up ({result['seconds']} s in all): "
        f"{result['actions_per_second']} actions/s; client-side latency p50 "
        f"{result['client_latency_ms_p50']} ms, p99 {result['client_latency_ms_p99']} ms; "
        f"server-side (receive -> broadcast) p50 {result['server_latency_ms']['p50']} ms, "
        f"p99 {result['server_latency_ms']['p99']} ms (of which waiting for the commit: p50 "
        f"{result['server_commit_wait_ms']['p50']} ms, p99 "
        f"{result['server_commit_wait_ms']['p99']} ms); {result['games_finished']} games "
        f"finished, {result['errors']} errors ({result['clients']} client processes, "
        f"{result['cores']} cores)",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
