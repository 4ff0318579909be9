"""Which tables live in a process (``koloda.server.ownership``), on its own with a real
store and the other parts left out: a stored table is brought back on contact and only once,
an idle table is put away and comes back, a watched one stays, and of two processes on one
database only the lease holder brings a table to life."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from koloda.core.registry import load_rules
from koloda.server.cluster import Cluster, Elsewhere
from koloda.server.live import Connection, LiveTable
from koloda.server.ownership import Ownership
from koloda.server.seating import Seating
from koloda.server.store import Store
from koloda.server.tables import new_table

GAME = "spades"


class Owner:
    """The actor's owner task, as ownership starts it: it waits until cancelled."""

    async def own(self, table: LiveTable) -> None:
        await asyncio.Event().wait()


class Quiet:
    """Presence and bots, which ownership only tells a table came to life."""

    def __init__(self) -> None:
        self.told: list[str] = []

    def watch(self, table: LiveTable) -> None:
        self.told.append(table.id)

    def schedule(self, table: LiveTable) -> None:
        pass


class Manager:
    """What ownership reads of its manager."""

    def __init__(self, store: Store, cluster: Cluster | None = None) -> None:
        self.store = store
        self.cluster = cluster
        self.tables: dict[str, LiveTable] = {}
        self.actor = Owner()
        self.presence = Quiet()
        self.bots = Quiet()


def make(manager: Manager, idle_seconds: float = 0.0) -> Ownership:
    return Ownership(manager, idle_seconds=idle_seconds)  # type: ignore[arg-type]


async def stored_table(store: Store) -> str:
    """A new table written to the store, not brought to life."""
    seats = ["human"] + ["bot:random"] * (load_rules(GAME, {}).num_seats - 1)
    table, _ = new_table(GAME, {}, seats, None, Seating([]), entropy=False)
    await store.create(table.stored_row())
    return table.id


def with_store(tmp_path: Path, scene: Callable[[Store], Awaitable[None]]) -> None:
    async def run() -> None:
        store = await asyncio.to_thread(Store, f"sqlite:///{tmp_path / 'leases.db'}")
        try:
            await scene(store)
        finally:
            await store.aclose()

    asyncio.run(run())


def test_a_stored_table_comes_to_life_once(tmp_path: Path) -> None:
    async def scene(store: Store) -> None:
        manager = Manager(store)
        ownership = make(manager)
        assert await ownership.get("no-such-table") is None
        table_id = await stored_table(store)
        first, second = await asyncio.gather(ownership.get(table_id), ownership.get(table_id))
        assert first is not None and first is second
        assert manager.tables == {table_id: first}
        assert first.task is not None and not first.task.done()
        assert sorted(first.bots) == list(range(1, first.rules.num_seats))
        assert manager.presence.told == [table_id]
        await ownership.close()
        assert first.task.cancelled()

    with_store(tmp_path, scene)


def test_an_idle_table_is_put_away_and_a_watched_one_stays(tmp_path: Path) -> None:
    async def scene(store: Store) -> None:
        manager = Manager(store)
        ownership = make(manager, idle_seconds=0.05)
        idle_id, watched_id = await stored_table(store), await stored_table(store)
        idle, watched = await ownership.get(idle_id), await ownership.get(watched_id)
        assert idle is not None and watched is not None
        watcher = Connection(None)
        watched.connections.add(watcher)
        ownership.start()
        for _ in range(200):
            if idle_id not in manager.tables:
                break
            await asyncio.sleep(0.02)
        assert set(manager.tables) == {watched_id}
        assert idle.task is not None and idle.task.cancelled()
        back = await ownership.get(idle_id)
        assert back is not None and back is not idle and back.version == idle.version
        await ownership.close()
        assert watcher.closed

    with_store(tmp_path, scene)


def test_only_the_lease_holder_brings_a_table_to_life(tmp_path: Path) -> None:
    async def scene(store: Store) -> None:
        first = Manager(store, Cluster("http://first", lease_seconds=30))
        second = Manager(store, Cluster("http://second", lease_seconds=30))
        mine, theirs = make(first), make(second)
        table_id = await stored_table(store)
        assert await mine.get(table_id) is not None
        with pytest.raises(Elsewhere) as owned:
            await theirs.get(table_id)
        assert owned.value.address == "http://first"
        assert second.tables == {}
        await mine.close()  # the lease is let go
        taken = await theirs.get(table_id)
        assert taken is not None and set(second.tables) == {table_id}
        await theirs.close()

    with_store(tmp_path, scene)
