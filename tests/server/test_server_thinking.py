"""Bots' thinking (koloda.server.thinking): searching bots in worker processes, people's tables
first, quick bots in threads."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import httpx
from server_support import ServerThread, create_table, receive
from websockets.sync.client import connect

from koloda import load_game
from koloda.bots import make_bot
from koloda.server.thinking import Thinkers, Turns, searches


def test_searching_bots_are_told_apart_from_quick_ones() -> None:
    assert searches("hard") and searches("pimc:20") and searches("ismcts")
    assert not searches("normal") and not searches("random") and not searches("easy")


def test_people_are_served_before_bots_only() -> None:
    async def run() -> list[str]:
        turns = Turns(1)
        order: list[str] = []
        await turns.enter(people=False)  # the only worker is busy

        async def wait(name: str, people: bool) -> None:
            await turns.enter(people)
            order.append(name)
            turns.leave()

        tasks = [
            asyncio.create_task(wait("bots-1", False)),
            asyncio.create_task(wait("bots-2", False)),
        ]
        await asyncio.sleep(0.01)
        tasks.append(asyncio.create_task(wait("people", True)))  # came last, served first
        await asyncio.sleep(0.01)
        assert turns.queued == 3 and not order
        turns.leave()
        await asyncio.gather(*tasks)
        assert turns.free == 1
        return order

    assert asyncio.run(run()) == ["people", "bots-1", "bots-2"]


def test_a_waiter_that_gives_up_does_not_hold_a_worker() -> None:
    async def run() -> int:
        turns = Turns(1)
        await turns.enter(people=True)
        quitter = asyncio.create_task(turns.enter(people=True))
        await asyncio.sleep(0.01)
        quitter.cancel()
        await asyncio.gather(quitter, return_exceptions=True)
        turns.leave()
        return turns.free

    assert asyncio.run(run()) == 1


def test_a_searching_bot_thinks_in_a_worker_process() -> None:
    rules = load_game("spades")
    state = rules.new_state(seed=3)
    while state.phase_name != "play":  # type: ignore[attr-defined]
        state.apply(state.legal_actions()[0])
    seat = state.to_act
    assert seat is not None
    view = state.view(seat)

    async def run() -> int:
        thinkers = Thinkers(threads=1, processes=1, budget=60)
        try:
            bot = make_bot("pimc:4", rules)
            return await thinkers.choose(rules, "{}", "pimc:4", bot, view, 7, people=True)
        finally:
            thinkers.shutdown()

    action = asyncio.run(run())
    assert action in state.legal_actions()
    # the worker's bot is the same program: the same choice from the same seed
    assert action == make_bot("pimc:4", rules).choose(view, random.Random(7))


def test_the_server_measures_receive_to_broadcast(tmp_path: Path) -> None:
    server = ServerThread(f"sqlite:///{tmp_path / 'k.db'}").start()
    try:
        before = httpx.get(f"{server.url}/api/stats").json()
        assert before["latency_ms"]["actions"] == 0 and before["latency_ms"]["p99"] is None
        created = create_table(
            server.url, "king", {}, ["human", "bot:random", "bot:random", "bot:random"]
        )
        token = created["seats"][0]["token"]
        url = f"{server.ws_url}/ws/tables/{created['table_id']}?token={token}"
        acted = 0
        with connect(url) as ws:
            while acted < 3:
                message = receive(ws)
                legal = message["view"]["legal_actions"]
                if legal:
                    ws.send(json.dumps({"type": "act", "action": legal[0]}))
                    acted += 1
            receive(ws)
        stats = httpx.get(f"{server.url}/api/stats").json()
        assert stats["live_tables"] == 1
        latency = stats["latency_ms"]
        assert latency["actions"] >= 2  # the person's actions only, not the bots'
        assert 0 < latency["p50"] <= latency["p99"] <= latency["max"]
        commits = stats["commit_wait_ms"]  # a part of each action's latency
        assert commits["actions"] == latency["actions"]
        assert 0 < commits["max"] <= latency["max"]
        memory = stats["memory"]  # the collector's schedule (server.collector)
        assert memory["frozen_objects"] > 10_000 and memory["longest_collection_ms"] > 0
    finally:
        server.stop()
