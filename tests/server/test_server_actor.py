"""The table's actor on its own (``koloda.server.actor``), with a store and neighbours made
here: an action is checked, stored, and only then broadcast, one view made per seat; a
refused action is told its connection only; a failing store stalls the table and says so;
everything queued for the owner runs in order."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from server_support import drain, people_table

from koloda.server.actor import STORE_UNAVAILABLE, Actor
from koloda.server.live import Act, Connection, LiveTable
from koloda.server.metrics import Latencies
from koloda.server.store import ActionWrite

GAME = "king"


class FakeStore:
    """Takes each write; the first ``failures`` attempts of an action fail first (as the
    store's retries would), and what every connection had been sent is noted at each write."""

    def __init__(self, table: LiveTable, failures: int = 0) -> None:
        self.table = table
        self.failures = failures
        self.writes: list[ActionWrite] = []
        self.sent_before: list[int] = []

    async def append(self, write: ActionWrite, on_failure: Callable[[str], None]) -> None:
        if self.failures:
            self.failures -= 1
            on_failure("disk full")
            await asyncio.sleep(0)
        self.sent_before.append(sum(c.outbox.qsize() for c in self.table.connections))
        self.writes.append(write)


class Neighbours:
    """The other parts, as the actor calls them: what they were asked is noted."""

    def __init__(self) -> None:
        self.scheduled = 0
        self.watched = 0
        self.back: list[int] = []

    def schedule(self, table: LiveTable) -> None:
        self.scheduled += 1

    def watch(self, table: LiveTable) -> None:
        self.watched += 1


class Manager:
    """What the actor reads of its manager."""

    def __init__(self, table: LiveTable, failures: int = 0) -> None:
        self.store = FakeStore(table, failures)
        self.stalled: set[str] = set()
        self.commit_waits = Latencies()
        self.latencies = Latencies()
        self.tables = {table.id: table}
        self.bots = self.presence = Neighbours()


def legal(table: LiveTable) -> list[str]:
    seat = table.state.to_act
    assert seat is not None
    return [table.rules.format_action(a) for a in table.state.view(seat).legal_actions]


Scene = Callable[[Actor, LiveTable, Manager, list[Connection]], Awaitable[None]]


def play(scene: Scene, failures: int = 0) -> None:
    """``scene`` at a table whose owner runs, with one connection per seat and a spectator."""

    async def run() -> None:
        table = people_table()
        manager = Manager(table, failures)
        actor = Actor(manager, deal_pause=0.0)  # type: ignore[arg-type]
        connections = [Connection(seat) for seat in range(table.rules.num_seats)]
        connections.append(Connection(None))
        table.connections.update(connections)
        table.task = asyncio.create_task(actor.own(table))
        try:
            await scene(actor, table, manager, connections)
        finally:
            table.task.cancel()

    asyncio.run(run())


def test_an_action_is_stored_before_anyone_hears_of_it() -> None:
    async def scene(actor: Actor, table: LiveTable, manager: Manager, conns: Any) -> None:
        seat = table.state.to_act
        assert seat is not None
        card = legal(table)[0]
        table.queue.put_nowait(Act(seat, card, 0, conns[seat]))
        await actor.call(table, lambda t: None)
        assert manager.store.sent_before == [0]
        assert [w.seq for w in manager.store.writes] == [0]
        assert manager.store.writes[0].action == card
        assert table.version == 1
        for connection in conns:
            (view,) = drain(connection)
            assert view["type"] == "view" and view["version"] == 1
            assert view["seat"] == connection.seat
        assert manager.bots.scheduled == 1
        assert len(manager.latencies.recent()) == len(manager.commit_waits.recent()) == 1

    play(scene)


def test_one_view_is_made_per_seat() -> None:
    async def scene(actor: Actor, table: LiveTable, manager: Manager, conns: Any) -> None:
        twin = Connection(0)
        table.connections.add(twin)
        actor.broadcast(table)
        first, second = conns[0].outbox.get_nowait(), twin.outbox.get_nowait()
        assert first is second  # the same text, made once
        other = conns[1].outbox.get_nowait()
        assert other != first
        spectator = json.loads(conns[-1].outbox.get_nowait())
        assert spectator["seat"] is None and spectator["view"]["hand"] == []

    play(scene)


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ("stale", "stale_version"),
        ("not_my_turn", "not_your_turn"),
        ("nonsense", "illegal_action"),
        ("bot_of_a_person", "not_your_turn"),
    ],
)
def test_a_refused_action_is_told_its_connection_only(change: str, code: str) -> None:
    async def scene(actor: Actor, table: LiveTable, manager: Manager, conns: Any) -> None:
        seat = table.state.to_act
        assert seat is not None
        other = (seat + 1) % table.rules.num_seats
        card = legal(table)[0]
        act = {
            "stale": Act(seat, card, 5, conns[seat]),
            "not_my_turn": Act(other, card, 0, conns[other]),
            "nonsense": Act(seat, "no such card", 0, conns[seat]),
            "bot_of_a_person": Act(seat, card, 0, None, bot=True),
        }[change]
        table.queue.put_nowait(act)
        await actor.call(table, lambda t: None)
        assert manager.store.writes == [] and table.version == 0
        told = act.connection if act.connection is not None else None
        for connection in conns:
            got = drain(connection)
            if connection is told:
                assert [m["code"] for m in got] == [code]
            else:
                assert got == []

    play(scene)


def test_a_failing_store_stalls_the_table_and_everyone_hears_it() -> None:
    async def scene(actor: Actor, table: LiveTable, manager: Manager, conns: Any) -> None:
        seat = table.state.to_act
        assert seat is not None
        table.queue.put_nowait(Act(seat, legal(table)[0], 0, conns[seat]))
        while not manager.stalled:
            await asyncio.sleep(0)
        assert manager.stalled == {table.id}
        for connection in conns:
            (error,) = drain(connection)
            assert error["code"] == "store_unavailable"
            assert error["message"] == STORE_UNAVAILABLE
        await actor.call(table, lambda t: None)
        assert manager.stalled == set() and table.version == 1
        assert all(m["type"] == "view" for c in conns for m in drain(c))

    play(scene, failures=1)


def test_the_owner_takes_its_queue_in_order() -> None:
    async def scene(actor: Actor, table: LiveTable, manager: Manager, conns: Any) -> None:
        seen: list[tuple[str, int]] = []
        seat = table.state.to_act
        assert seat is not None

        async def later(t: LiveTable) -> int:
            seen.append(("run", t.version))
            return t.version

        asked = asyncio.ensure_future(actor.call(table, lambda t: seen.append(("call", t.version))))
        await asyncio.sleep(0)  # the question is queued first
        table.queue.put_nowait(Act(seat, legal(table)[0], 0, conns[seat]))
        ran = asyncio.ensure_future(actor.run(table, later))
        await asyncio.gather(asked, ran)
        assert seen == [("call", 0), ("run", 1)]
        assert ran.result() == 1

        def broken(t: LiveTable) -> None:
            raise ValueError("a question that fails")

        with pytest.raises(ValueError):
            await actor.call(table, broken)
        assert await actor.call(table, lambda t: t.version) == 1  # the owner goes on

    play(scene)
