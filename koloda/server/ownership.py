"""Which tables live in this process: a stored table brought back on its first contact, an
idle one put away, and, with several processes on one database (``cluster``), the leases by
which each table has one owner: renewed, let go when another process took the table, and
taken over from a process that died."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING

from koloda.bots import make_bot
from koloda.server.cluster import Elsewhere
from koloda.server.live import LiveTable, rebuild
from koloda.server.presence import stop_grace

if TYPE_CHECKING:
    from koloda.server.tables import TableManager

log = logging.getLogger("koloda.server")


class Ownership:
    """The live tables of ``manager`` (``manager.tables``): brought to life, put away, and
    owned under a lease when the process is one of a cluster."""

    def __init__(self, manager: TableManager, idle_seconds: float = 600.0) -> None:
        self.manager = manager
        self.idle_seconds = idle_seconds
        """A table nobody has touched or watched this long leaves memory (0: never)."""
        self._sweeper: asyncio.Task[None] | None = None
        self._leases: asyncio.Task[None] | None = None

    # ----- life cycle ------------------------------------------------------------------------

    def start(self) -> None:
        """Tables left alone are put away (``idle_seconds``), and a cluster's leases kept."""
        if self.idle_seconds:
            self._sweeper = asyncio.create_task(self._sweep_idle(), name="koloda-idle")
        if self.manager.cluster is not None:
            self._leases = asyncio.create_task(self._keep_leases(), name="koloda-leases")

    async def close(self) -> None:
        """Every table stopped, its connections closed and (in a cluster) its lease let go."""
        manager = self.manager
        for background in (self._sweeper, self._leases):
            if background is not None:
                background.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await background
        if manager.cluster is not None:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(
                    manager.store.release, list(manager.tables), manager.cluster.node
                )
        for table in list(manager.tables.values()):
            stop_grace(table)
            await _stop_tasks(table)
            for connection in list(table.connections):
                connection.close()

    # ----- bringing tables to life -------------------------------------------------------------

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table, brought back from the store if need be (None: no such table)."""
        table = self.manager.tables.get(table_id)
        if table is not None:
            return table
        return await self.load(table_id)

    async def load(self, table_id: str) -> LiveTable | None:
        """A stored table brought to life; raises ``Elsewhere`` when another process owns
        it (several processes on one database)."""
        manager = self.manager
        stored = await asyncio.to_thread(manager.store.load, table_id)
        if stored is None:
            return None
        if table_id in manager.tables:  # loaded meanwhile
            return manager.tables[table_id]
        if manager.cluster is not None:
            owner = await self.acquire(table_id)
            if owner is not None:
                raise Elsewhere(owner)
            if table_id in manager.tables:
                return manager.tables[table_id]
            stored = await asyncio.to_thread(manager.store.load, table_id)  # all its owner stored
            assert stored is not None
        table = rebuild(stored)
        self.activate(table)
        return table

    async def acquire(self, table_id: str) -> str | None:
        """The table's lease for this process; the owner's address when another holds it."""
        cluster = self.manager.cluster
        assert cluster is not None
        owner: str | None = await asyncio.to_thread(
            self.manager.store.acquire,
            table_id,
            cluster.node,
            cluster.address,
            cluster.lease_seconds,
        )
        return owner

    def activate(self, table: LiveTable) -> None:
        """A table in memory comes to life: its bots, its owner task, its people's grace
        periods, and the bot whose turn it is."""
        manager = self.manager
        table.bots = {
            seat: make_bot(kind.removeprefix("bot:"), table.rules)
            for seat, kind in enumerate(table.seats)
            if kind.startswith("bot:")
        }
        manager.tables[table.id] = table
        table.task = asyncio.create_task(manager.actor.own(table), name=f"table-{table.id}")
        manager.presence.watch(table)
        manager.bots.schedule(table)

    # ----- putting tables away ------------------------------------------------------------------

    async def _sweep_idle(self) -> None:
        while True:
            await asyncio.sleep(max(0.05, self.idle_seconds / 4))
            now = time.monotonic()
            for table in list(self.manager.tables.values()):
                if (
                    not table.connections
                    and table.queue.empty()
                    and now - table.last_active > self.idle_seconds
                    and (table.bot_task is None or table.bot_task.done())
                ):
                    await self.put_away(table)

    async def put_away(self, table: LiveTable, release: bool = True) -> None:
        """Take an idle table out of memory; it is stored whole and comes back on contact."""
        manager = self.manager
        if manager.tables.get(table.id) is not table:
            return
        del manager.tables[table.id]
        stop_grace(table)
        if release and manager.cluster is not None:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(manager.store.release, [table.id], manager.cluster.node)
        await _stop_tasks(table)

    # ----- the cluster's leases -------------------------------------------------------------------

    async def _keep_leases(self) -> None:
        """Renew this process's leases; let go of a table another process has taken; take
        over the tables of a process that died."""
        manager = self.manager
        cluster = manager.cluster
        assert cluster is not None
        rounds = 0
        while True:
            await asyncio.sleep(cluster.lease_seconds / 3)
            held = set(manager.tables)
            try:
                ours = await asyncio.to_thread(
                    manager.store.renew, cluster.node, cluster.lease_seconds
                )
            except Exception:
                log.exception("could not renew the leases")
                continue
            for table_id in held - ours:
                table = manager.tables.get(table_id)
                if table is not None:
                    await self._let_go(table)
            rounds += 1
            if rounds % 3 == 0:
                await self._adopt_orphans()

    async def _adopt_orphans(self) -> None:
        try:
            orphans = await asyncio.to_thread(self.manager.store.orphans)
        except Exception:
            log.exception("could not look for orphaned tables")
            return
        for table_id in orphans:
            if table_id not in self.manager.tables:
                with contextlib.suppress(Elsewhere):
                    await self.load(table_id)

    async def _let_go(self, table: LiveTable) -> None:
        """Another process owns the table now: its clients reconnect (and reach it)."""
        for connection in list(table.connections):
            connection.close(1012)
        await self.put_away(table, release=False)


async def _stop_tasks(table: LiveTable) -> None:
    """The table's owner task and bot's turn cancelled, and waited for."""
    for task in (table.task, table.bot_task):
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
