"""The table's actor: one task per live table takes its queue's items one at a time, in
order. A person's or a bot's action is checked by the engine, applied, stored (and
committed) and only then announced to every connection, each with its own view and events
redacted for its seat. Everything else that reads or changes a table (a route's question, a
seat taken, a connection come or gone) is queued here too, so it sees only stored states."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

from koloda.core.engine import AnyState
from koloda.core.errors import IllegalActionError, KolodaError
from koloda.core.events import Event
from koloda.server.cluster import Elsewhere
from koloda.server.live import (
    Act,
    Call,
    Connection,
    Leave,
    LiveTable,
    Run,
    Sync,
    TableError,
    close_set,
    detached_future,
    dumps,
    error_message,
)
from koloda.server.logs import table_logger
from koloda.server.practice import note_move
from koloda.server.ratings_service import settle_soon
from koloda.server.store import ActionWrite
from koloda.server.views import events_json

if TYPE_CHECKING:
    from koloda.server.tables import TableManager


STORE_UNAVAILABLE = (
    "the server cannot save the game just now; the last move is played as soon as it can"
)

Item = Act | Sync | Call | Run | Leave


class Actor:
    """The owner task of every live table of ``manager``, and what it sends the tables'
    connections."""

    def __init__(self, manager: TableManager, deal_pause: float = 20.0) -> None:
        self.manager = manager
        self.deal_pause = deal_pause
        """After a deal, bots wait this long for the people at the table to say "next deal"."""

    # ----- what others ask of a table's owner ------------------------------------------------

    async def call(self, table: LiveTable, function: Callable[[LiveTable], Any]) -> Any:
        """``function(table)`` run by the owner: it sees only stored (acknowledged) states."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        table.queue.put_nowait(Call(function, future))
        return await future

    async def run(self, table: LiveTable, function: Callable[[LiveTable], Awaitable[Any]]) -> Any:
        """The coroutine ``function(table)`` run by the owner, between actions."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        table.queue.put_nowait(Run(function, future))
        return await future

    def sync(self, table: LiveTable, connection: Connection) -> None:
        """Send ``connection`` the current view (from the owner, after pending actions) and
        from then on every change."""
        table.queue.put_nowait(Sync(connection))

    def leave(self, table: LiveTable, connection: Connection) -> None:
        """A connection is gone: the others hear who is still here."""
        table = self.manager.tables.get(table.id, table)
        table.queue.put_nowait(Leave(connection))

    # ----- the owner -------------------------------------------------------------------------

    async def own(self, table: LiveTable) -> None:
        """The table's owner: its queue's items, one at a time, in order."""
        while True:
            item = await table.queue.get()
            table.last_active = time.monotonic()
            table.busy = True
            try:
                if not await self._handle(table, item):
                    return
            finally:
                table.busy = False

    async def _handle(self, table: LiveTable, item: Item) -> bool:
        """Handle one item; False when the owner must stop (the table is reloaded)."""
        if isinstance(item, Sync):
            self._sync(table, item.connection)
        elif isinstance(item, Leave):
            if item.connection in table.connections:
                table.connections.discard(item.connection)
                self.manager.presence.watch(table)
                self.announce(table)
        elif isinstance(item, Call):
            if not item.future.done():
                try:
                    item.future.set_result(item.function(table))
                except Exception as error:
                    item.future.set_exception(error)
        elif isinstance(item, Run):
            try:
                result = await item.function(table)
            except Exception as error:
                if not item.future.done():
                    item.future.set_exception(error)
            else:
                if not item.future.done():
                    item.future.set_result(result)
        else:
            return await self._handle_act(table, item)
        return True

    async def _handle_act(self, table: LiveTable, item: Act) -> bool:
        """Apply an action; a refused one is told its connection. False when the action could
        not be stored: the table starts again from the store."""
        try:
            await self.act(table, item)
        except TableError as error:
            if item.connection is not None:
                item.connection.send(error_message(error.code, error.message))
        except asyncio.CancelledError:
            raise
        except Exception:
            table_logger(table.id).exception("failed to apply or store an action")
            if item.connection is not None:
                item.connection.send(error_message("internal", "the action could not be stored"))
            await self._reload_after_failure(table)
            return False
        return True

    def _sync(self, table: LiveTable, connection: Connection) -> None:
        """A connection's view: a new connection joins the broadcast here, so its first view
        is in order; one already in gets the view again (a "sync")."""
        if connection.closed:
            return
        manager = self.manager
        arriving = connection not in table.connections
        table.connections.add(connection)
        seat = connection.seat
        returning = arriving and seat is not None and seat in table.away
        if returning:  # his page is open: his seat is his again
            table.away.discard(seat)
        message = table.view_message(seat)
        if arriving:  # how the deal in play began, for the newcomer's log
            message["opening"] = events_json(table.opening(), seat, table.rules.num_seats)
        connection.send(message)
        if not arriving:
            return  # a "sync": the view again
        if seat is not None:
            table.seen.add(seat)
        manager.presence.watch(table)
        if returning:
            assert seat is not None
            manager.presence.back(table, seat)  # everyone hears it; his clock starts again
        else:
            self.announce(table, but=connection)  # the others hear who is here
        manager.bots.schedule(table)

    @staticmethod
    def check(table: LiveTable, act: Act) -> None:
        """Refuse an action that is stale, out of turn, or from a seat someone else plays."""
        state = table.state
        if act.version is not None and act.version != table.version:
            raise TableError(
                "stale_version",
                f"version {act.version} is not the table's version {table.version}",
            )
        if table.finished:
            raise TableError("not_your_turn", "the game is over")
        if act.connection is not None and act.connection.seat != act.seat:
            raise TableError("not_your_turn", "this connection no longer plays that seat")
        if state.to_act != act.seat:
            raise TableError(
                "not_your_turn", f"it is seat {state.to_act}'s turn, not seat {act.seat}'s"
            )
        if not act.bot and act.seat in table.bots:
            raise TableError("not_your_turn", "a bot plays this seat")
        if act.bot and act.seat not in table.bots and act.seat not in table.away:
            raise TableError("not_your_turn", "the person is back at the table")

    async def act(self, table: LiveTable, act: Act) -> None:
        """Check, apply, store and announce one action (the hot path)."""
        manager = self.manager
        state, rules = table.state, table.rules
        self.check(table, act)
        try:
            action = rules.parse_action(act.text)
        except KolodaError as error:
            raise TableError("illegal_action", str(error)) from None
        try:
            events = state.apply(action)
        except IllegalActionError as error:
            raise TableError("illegal_action", str(error)) from None
        except KolodaError as error:
            raise TableError("illegal_action", str(error)) from None
        if not state.is_over and table.set_played(len(state.deal_scores())):
            events = close_set(table, events)  # the next deal, dealt already, is dropped
            state = table.state
        write = ActionWrite(
            table_id=table.id,
            seq=table.version,
            deal_index=_deal_of_action(state),
            action=rules.format_action(action),
            setups=table.new_setups(),
        )
        if state.is_over or table.set_played(len(state.deal_scores())):
            table.record = table.finished_record()
            write.record = table.record
        committing = time.perf_counter()
        # stored before it is acknowledged; while the store fails, tried again until it works
        await manager.store.append(write, lambda reason: self._store_failed(table, reason))
        manager.stalled.discard(table.id)
        if not act.bot:
            manager.commit_waits.record(time.perf_counter() - committing)
        table.version += 1
        self._after(table, act, events)
        self.broadcast(table, events)
        if not act.bot:
            manager.latencies.record(time.perf_counter() - act.received)
        manager.bots.schedule(table)
        if table.finished:
            manager.table_ended(table)
            if table.seating.rated is not None:
                settle_soon(manager.store.engine, table.id, table.seating.rated)

    def _after(self, table: LiveTable, act: Act, events: list[Event]) -> None:
        """The table's bookkeeping after a stored action: the deals scored, the trick, and
        after a deal the pause in which the people at the table say "next deal"."""
        state = table.state
        scored = len(state.deal_scores())
        deal_ended = scored > table.deals_scored
        table.deals_scored = scored
        if deal_ended:  # a deal of the day's attempt counts it
            self.manager.deal_ended(table)
        table.tricks.feed(events)
        table.last_events = events
        table.waiting.discard(act.seat)
        note_move(table, act.seat)
        if deal_ended and not table.finished:
            table.waiting = {
                c.seat
                for c in table.connections
                if c.seat is not None and c.seat not in table.bots and c.seat not in table.away
            }
            if table.waiting:
                until = table.pause_until = time.monotonic() + self.deal_pause
                asyncio.get_running_loop().call_later(
                    self.deal_pause,
                    lambda: table.queue.put_nowait(
                        Call(lambda t: self._pause_over(t, until), detached_future())
                    ),
                )

    def _store_failed(self, table: LiveTable, reason: str) -> None:
        """The store could not take the table's last action: everyone at the table hears
        that it waits for the store (the action is played once it is stored)."""
        table_logger(table.id).error("the store failed (%s); the action waits for it", reason)
        self.manager.stalled.add(table.id)
        message = dumps(error_message("store_unavailable", STORE_UNAVAILABLE))
        for connection in list(table.connections):
            connection.send(message)

    def _pause_over(self, table: LiveTable, until: float) -> None:
        """The pause after a deal is over, whatever was played meanwhile (people may play on
        in the new deal without saying "next deal"); a later deal's pause has its own end."""
        if table.pause_until == until and table.waiting:
            table.waiting.clear()
            self.announce(table)
            self.manager.bots.schedule(table)

    async def _reload_after_failure(self, table: LiveTable) -> None:
        """The in-memory state may be ahead of the store: start again from the store."""
        manager = self.manager
        manager.tables.pop(table.id, None)
        connections = list(table.connections)
        try:
            fresh = await manager.ownership.load(table.id)
        except Elsewhere:  # another process took the table over: the clients go there
            for connection in connections:
                connection.close(1012)
            return
        if fresh is None:
            return
        for connection in connections:
            fresh.connections.add(connection)
            connection.send(fresh.view_message(connection.seat))

    # ----- what the connections are sent ------------------------------------------------------

    def broadcast(self, table: LiveTable, events: Sequence[Event] = ()) -> None:
        """Every connection gets its view (after a change of the game): made once per seat,
        and once for all the spectators."""
        people = table.people()
        made: dict[int | None, str] = {}
        shared: dict[int, dict[str, Any]] = {}
        for connection in list(table.connections):
            seat = connection.seat
            if seat not in made:
                made[seat] = dumps(table.view_message(seat, events, people, shared))
            connection.send(made[seat])

    def announce(self, table: LiveTable, but: Connection | None = None) -> None:
        """Every connection (``but`` one that knows it already) hears who is at the table:
        ``{"type": "table", …}`` (the game did not change)."""
        people = table.people()
        for connection in list(table.connections):
            if connection is not but:
                connection.send(
                    {
                        "type": "table",
                        "version": table.version,
                        "seat": connection.seat,
                        "table": people,
                    }
                )


def _deal_of_action(state: AnyState) -> int:
    """The deal the last applied action belongs to: the last deal that has actions."""
    logs = state.deal_logs()
    for index in range(len(logs) - 1, -1, -1):
        if logs[index].actions:
            return index
    return 0
