"""Live tables: one owner task per table applies actions one at a time, in order.

Humans' messages and bots' decisions go through the same queue. An action is checked by the
engine, applied, stored (and committed) and only then announced to every connection, each
with its own view and events redacted for its seat. Bots think in worker threads, so the event
loop never waits for them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from koloda.bots import make_bot
from koloda.core.dealing import Shuffler
from koloda.core.engine import AnyState
from koloda.core.errors import IllegalActionError, KolodaError, OptionError
from koloda.core.events import Event
from koloda.core.explain import explain_card
from koloda.core.presentation import Phrase, phrase_to_json
from koloda.core.registry import load_rules
from koloda.records.fairness import ENTROPY
from koloda.server.cluster import Cluster, Elsewhere
from koloda.server.live import (
    CHAT_INTERVAL,
    PHRASES,
    Act,
    Call,
    Connection,
    Leave,
    LiveTable,
    Run,
    Sync,
    TableError,
    detached_future,
    dumps,
    error_message,
    hash_token,
    parse_names,
    parse_seats,
    rebuild,
)
from koloda.server.metrics import Latencies
from koloda.server.seating import HUMAN, LEFT, OPEN, Seating, new_token
from koloda.server.store import ActionWrite, NewTable, SeatsWrite, Store
from koloda.server.thinking import Thinkers
from koloda.server.views import events_json

log = logging.getLogger("koloda.server")

STORE_UNAVAILABLE = (
    "the server cannot save the game just now; the last move is played as soon as it can"
)


class TableManager:
    """Every live table, the store, and the bots' thread pool."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.0,
        bot_threads: int = 4,
        bot_processes: int = 2,
        deal_pause: float = 20.0,
        wait_for_people: bool = True,
        idle_seconds: float = 600.0,
        cluster: Cluster | None = None,
        grace_seconds: float = 60.0,
    ) -> None:
        self.store = store
        self.cluster = cluster
        """This process's place among several on one database (None: the only one)."""
        self._leases: asyncio.Task[None] | None = None
        self.idle_seconds = idle_seconds
        """A table nobody has touched or watched this long leaves memory (0: never)."""
        self._sweeper: asyncio.Task[None] | None = None
        self.bot_delay = bot_delay
        self.deal_pause = deal_pause
        """After a deal, bots wait this long for the people at the table to say "next deal"."""
        self.wait_for_people = wait_for_people
        """Bots play only once every person's seat is taken and has been connected (or its
        grace period is over)."""
        self.grace_seconds = grace_seconds
        """A person nobody is connected for this long (or the table's turn clock, when
        shorter) is played by the normal bot until he is back."""
        self.tables: dict[str, LiveTable] = {}
        self.thinkers = Thinkers(threads=bot_threads, processes=bot_processes)
        """Quick bots think in threads, searching bots in worker processes (``thinking``)."""
        self.latencies = Latencies()
        """Receive → broadcast of every person's action (``GET /api/stats``)."""
        self.commit_waits = Latencies()
        """Of that latency, the wait for the store to commit the action (group commit)."""
        self._closing = False
        self.stalled: set[str] = set()
        """Tables whose last action waits for the store: their moves are refused meanwhile."""

    # ----- life cycle ------------------------------------------------------------------------

    async def start(self) -> None:
        """Serve at once: stored tables are replayed lazily, on their first contact, and
        tables left alone are put away (``idle_seconds``)."""
        if self.idle_seconds:
            self._sweeper = asyncio.create_task(self._sweep_idle(), name="koloda-idle")
        if self.cluster is not None:
            self._leases = asyncio.create_task(self._keep_leases(), name="koloda-leases")

    async def _keep_leases(self) -> None:
        """Renew this process's leases; let go of a table another process has taken; take
        over the tables of a process that died."""
        cluster = self.cluster
        assert cluster is not None
        rounds = 0
        while True:
            await asyncio.sleep(cluster.lease_seconds / 3)
            held = set(self.tables)
            try:
                ours = await asyncio.to_thread(
                    self.store.renew, cluster.node, cluster.lease_seconds
                )
            except Exception:
                log.exception("could not renew the leases")
                continue
            for table_id in held - ours:
                table = self.tables.get(table_id)
                if table is not None:
                    await self._let_go(table)
            rounds += 1
            if rounds % 3 == 0:
                await self._adopt_orphans()

    async def _adopt_orphans(self) -> None:
        try:
            orphans = await asyncio.to_thread(self.store.orphans)
        except Exception:
            log.exception("could not look for orphaned tables")
            return
        for table_id in orphans:
            if table_id not in self.tables:
                with contextlib.suppress(Elsewhere):
                    await self.load(table_id)

    async def _let_go(self, table: LiveTable) -> None:
        """Another process owns the table now: its clients reconnect (and reach it)."""
        for connection in list(table.connections):
            connection.close(1012)
        await self._put_away(table, release=False)

    async def _sweep_idle(self) -> None:
        while True:
            await asyncio.sleep(max(0.05, self.idle_seconds / 4))
            now = time.monotonic()
            for table in list(self.tables.values()):
                if (
                    not table.connections
                    and table.queue.empty()
                    and now - table.last_active > self.idle_seconds
                    and (table.bot_task is None or table.bot_task.done())
                ):
                    await self._put_away(table)

    async def _put_away(self, table: LiveTable, release: bool = True) -> None:
        """Take an idle table out of memory; it is stored whole and comes back on contact."""
        if self.tables.get(table.id) is not table:
            return
        del self.tables[table.id]
        _stop_grace(table)
        if release and self.cluster is not None:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self.store.release, [table.id], self.cluster.node)
        for task in (table.task, table.bot_task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def close(self) -> None:
        self._closing = True
        for background in (self._sweeper, self._leases):
            if background is not None:
                background.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await background
        if self.cluster is not None:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self.store.release, list(self.tables), self.cluster.node)
        for table in list(self.tables.values()):
            _stop_grace(table)
            for task in (table.task, table.bot_task):
                if task is not None:
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await task
            for connection in list(table.connections):
                connection.close()
        self.thinkers.shutdown()

    # ----- creating and loading ----------------------------------------------------------------

    async def create(
        self,
        game: Any,
        options: Any,
        seats: Any,
        names: Any = None,
        public: bool = False,
        hints: bool = True,
        bots_yield: bool = False,
        reserved: list[str | None] | None = None,
        turn_seconds: float = 0.0,
        entropy: bool = False,
    ) -> tuple[LiveTable, list[str | None]]:
        """A new table; raises OptionError naming what is wrong with the request.

        A ``human`` seat gets its token now; an ``open`` seat is a person's seat that anyone
        may join later (``join``); ``reserved`` seats wait for the holders of a previous
        table's tokens (a rematch). With ``entropy`` the first deal waits until every
        person's seat has given its randomness (``give_entropy``).
        """
        if not isinstance(game, str):
            raise OptionError("'game' must be a game name")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise OptionError("'options' must be an object")
        rules = load_rules(game, options)
        requested = parse_seats(seats, rules)
        seating = Seating(
            parse_names(names, rules.num_seats),
            public=public,
            bots_yield=bots_yield,
            hints=hints,
            reserved=list(reserved) if reserved is not None else [],
            turn_seconds=turn_seconds,
        )
        if not 0 <= turn_seconds <= 3600:
            raise OptionError("'turn_seconds' must be 0 (no clock) to 3600")
        kinds = [HUMAN if kind == OPEN else kind for kind in requested]
        tokens: list[str | None] = [
            new_token() if kind == HUMAN and seating.reserved[s] is None else None
            for s, kind in enumerate(requested)
        ]
        if entropy and HUMAN in kinds:
            seating.entropy = [None] * rules.num_seats
        seed = secrets.token_hex(16)
        first_dealer = 0
        if seating.entropy is None:
            state = rules.new_state(seed=seed, first_dealer=first_dealer)
        else:
            state = rules.empty_state(first_dealer)  # dealt once the randomness is in
        table = LiveTable(
            id=secrets.token_urlsafe(9),
            rules=rules,
            options=rules.options_json(),
            seats=kinds,
            token_hashes=[None if t is None else hash_token(t) for t in tokens],
            seed=seed,
            first_dealer=first_dealer,
            state=state,
            seating=seating,
        )
        setups = table.new_setups()
        if self.cluster is not None:
            cluster = self.cluster
            owner = await asyncio.to_thread(
                self.store.acquire, table.id, cluster.node, cluster.address, cluster.lease_seconds
            )
            assert owner is None, "a new table's id is taken"
        await self.store.create(
            NewTable(
                id=table.id,
                game=rules.name,
                options=table.options,
                seats=kinds,
                token_hashes=table.token_hashes,
                seed=seed,
                first_dealer=first_dealer,
                setups=setups,
                seating=seating.to_json(),
            )
        )
        self._activate(table)
        return table, tokens

    async def get(self, table_id: str) -> LiveTable | None:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        return await self.load(table_id)

    async def load(self, table_id: str) -> LiveTable | None:
        """A stored table brought to life; raises ``Elsewhere`` when another process owns
        it (several processes on one database)."""
        stored = await asyncio.to_thread(self.store.load, table_id)
        if stored is None:
            return None
        if table_id in self.tables:  # loaded meanwhile
            return self.tables[table_id]
        if self.cluster is not None:
            cluster = self.cluster
            owner = await asyncio.to_thread(
                self.store.acquire, table_id, cluster.node, cluster.address, cluster.lease_seconds
            )
            if owner is not None:
                raise Elsewhere(owner)
            if table_id in self.tables:
                return self.tables[table_id]
            stored = await asyncio.to_thread(self.store.load, table_id)  # all its owner stored
            assert stored is not None
        table = rebuild(stored)
        self._activate(table)
        return table

    def _activate(self, table: LiveTable) -> None:
        table.bots = {
            seat: make_bot(kind.removeprefix("bot:"), table.rules)
            for seat, kind in enumerate(table.seats)
            if kind.startswith("bot:")
        }
        self.tables[table.id] = table
        table.task = asyncio.create_task(self._own(table), name=f"table-{table.id}")
        self._watch_presence(table)
        self._schedule_bot(table)

    # ----- the owner -----------------------------------------------------------------------------

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
        table = self.tables.get(table.id, table)
        table.queue.put_nowait(Leave(connection))

    # ----- seats: joining, rematch, play now ---------------------------------------------------

    async def store_seats(self, table: LiveTable) -> None:
        await self.store.update_seats(
            SeatsWrite(
                table.id,
                list(table.seats),
                list(table.token_hashes),
                table.seating.to_json(),
                setups=table.new_setups(),
            )
        )

    def seats_changed(self, table: LiveTable) -> None:
        """A seat changed hands (a person took a bot's seat, or left his): everyone gets his
        view (the seats' kinds are in it), and whoever plays the seat now decides. A bot's
        move still in thought for the seat's old player is refused when it comes (``_act``)."""
        self._watch_presence(table)
        table.bot_version = -1
        table.clock_version = -1
        self._broadcast(table)
        self._schedule_bot(table)

    async def leave_seat(self, table: LiveTable, seat: int) -> None:
        """From the owner: a person leaves his seat to the normal bot (``joining.leave``, or
        ``{"type": "leave"}``). His token no longer opens it, his connections watch from now
        on, and a first deal that waited only for his randomness is dealt."""
        table.seats[seat] = LEFT
        table.token_hashes[seat] = None
        table.seating.names[seat] = None
        table.seating.reserved[seat] = None
        table.bots[seat] = make_bot(LEFT.removeprefix("bot:"), table.rules)
        for seats in (table.away, table.waiting, table.seen):
            seats.discard(seat)
        table.stand_ins.pop(seat, None)
        for connection in table.connections:
            if connection.seat == seat:
                connection.seat = None
        events = self._deal_when_ready(table)
        await self.store_seats(table)
        if events:
            table.tricks.feed(events)
            self._broadcast(table, events)
        self.seats_changed(table)

    def _broadcast(self, table: LiveTable, events: Sequence[Event] = ()) -> None:
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

    def submit(self, table: LiveTable, message: Any, connection: Connection) -> None:
        """Queue a client's message for the owner (checked there, in order). A message of a
        person whom a stand-in plays for brings him back at once: a stand-in's move already
        on its way is refused."""
        table = self.tables.get(table.id, table)  # reloaded after a failure: the new one
        if not isinstance(message, dict):
            connection.send(
                error_message("bad_message", "a message is a JSON object with a 'type'")
            )
            return
        kind = message.get("type")
        if kind == "ping":
            connection.send({"type": "pong"})
            return
        if kind == "sync":
            table.queue.put_nowait(Sync(connection))
            return
        seat = connection.seat
        if seat is not None and seat in table.away:
            table.away.discard(seat)
            table.queue.put_nowait(Call(lambda t: self._back(t, seat), detached_future()))
        if kind == "back":
            return
        if kind == "leave":
            table.queue.put_nowait(Run(lambda t: self._leave(t, connection), detached_future()))
            return
        if kind == "next_deal":
            if seat is not None:
                table.queue.put_nowait(Call(lambda t: self._ready(t, seat), detached_future()))
            return
        if kind == "chat":
            self._chat(table, seat, message.get("phrase"), connection)
            return
        if kind == "entropy":
            value = message.get("value")
            if seat is None:
                connection.send(error_message("bad_message", "a spectator gives no randomness"))
            elif not isinstance(value, str) or not ENTROPY.fullmatch(value):
                connection.send(
                    error_message(
                        "bad_message", "'value' must be 1 to 128 letters, digits, '-' or '_'"
                    )
                )
            else:
                table.queue.put_nowait(
                    Run(
                        lambda t: self._give_entropy(t, seat, value, connection),
                        detached_future(),
                    )
                )
            return
        if kind == "hint":
            if not table.seating.hints:
                connection.send(error_message("hints_off", "hints are off at this table"))
            elif seat is None:
                connection.send(error_message("not_your_turn", "a spectator gets no hints"))
            else:
                asyncio.get_running_loop().create_task(self._hint(table, seat, connection))
            return
        if kind != "act":
            connection.send(error_message("bad_message", f"unknown message type {kind!r}"))
            return
        text = message.get("action")
        version = message.get("version")
        if not isinstance(text, str) or not text:
            connection.send(error_message("bad_message", "'action' must be an action string"))
            return
        if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
            connection.send(error_message("bad_message", "'version' must be an integer"))
            return
        if seat is None:
            connection.send(error_message("not_your_turn", "a spectator cannot act"))
            return
        if table.id in self.stalled:
            connection.send(error_message("store_unavailable", STORE_UNAVAILABLE))
            return
        table.queue.put_nowait(Act(seat, text, version, connection))

    def _chat(
        self, table: LiveTable, seat: int | None, phrase: Any, connection: Connection
    ) -> None:
        if seat is None:
            connection.send(error_message("bad_message", "spectators do not talk at the table"))
            return
        if phrase not in PHRASES:
            connection.send(
                error_message("bad_message", f"'phrase' must be one of {', '.join(PHRASES)}")
            )
            return
        now = time.monotonic()
        if now - connection.last_chat < CHAT_INTERVAL:
            connection.send(error_message("bad_message", "one phrase a second"))
            return
        connection.last_chat = now
        for other in list(table.connections):
            other.send({"type": "chat", "seat": seat, "phrase": phrase})

    async def _hint(self, table: LiveTable, seat: int, connection: Connection) -> None:
        """What the normal bot would play now from the seat's own view."""
        view = await self.call(
            table, lambda t: t.state.view(seat) if t.state.to_act == seat else None
        )
        if view is None:
            connection.send(error_message("not_your_turn", "a hint is given on your turn"))
            return
        version = table.version
        bot = make_bot("normal", table.rules)
        loop = asyncio.get_running_loop()
        action = await loop.run_in_executor(
            self.thinkers.threads, bot.choose, view, random.Random(version)
        )

        def why(t: LiveTable) -> Phrase | None:
            return explain_card(t.rules, t.state, seat, action) if t.version == version else None

        reason = await self.call(table, why)
        hint: dict[str, Any] = {
            "type": "hint",
            "version": version,
            "action": table.rules.format_action(action),
        }
        if reason is not None:
            hint["reason"] = phrase_to_json(reason)
        connection.send(hint)

    async def _give_entropy(
        self, table: LiveTable, seat: int, value: str, connection: Connection | None
    ) -> None:
        """A person's randomness for the deals (``connection`` None: the server's, for a person
        who is gone); the last one awaited deals the first deal."""
        if seat not in table.entropy_pending():
            if connection is None:
                return
            connection.send(
                error_message(
                    "entropy_closed",
                    "randomness is taken once per seat, before the first deal"
                    if table.seating.entropy is not None
                    else "this table deals without the players' randomness",
                )
            )
            return
        assert table.seating.entropy is not None
        table.seating.entropy[seat] = value
        events = self._deal_when_ready(table)
        await self.store_seats(table)
        if events:
            table.tricks.feed(events)
            self._broadcast(table, events)
            self._schedule_bot(table)
        else:
            self.announce(table)

    @staticmethod
    def _deal_when_ready(table: LiveTable) -> list[Event]:
        """The first deal's events, when it waited for the people's randomness and no
        person's seat owes it any more; else none."""
        if table.seating.entropy is None or table.entropy_pending() or table.state.deal_logs():
            return []
        return list(table.state.resume_dealing(Shuffler(table.dealing_seed)))

    async def _leave(self, table: LiveTable, connection: Connection) -> None:
        """``{"type": "leave"}``: as ``POST /api/tables/{id}/leave``, over the connection."""
        seat = connection.seat
        if seat is None:
            connection.send(error_message("bad_message", "a spectator has no seat to leave"))
            return
        if table.state.is_over:
            connection.send(error_message("not_your_turn", "the game is over"))
            return
        await self.leave_seat(table, seat)

    def _back(self, table: LiveTable, seat: int) -> None:
        """A person a stand-in played for is back (his message, or his page opened): the
        normal bot stops playing for him, and his clock starts again."""
        table.away.discard(seat)
        table.clock_version = -1
        table.bot_version = -1
        self._watch_presence(table)
        self.announce(table)
        self._schedule_bot(table)

    # ----- presence: the grace period ------------------------------------------------------------

    def _grace(self, table: LiveTable) -> float:
        """How long a person may be gone before the normal bot plays for him."""
        clock = table.seating.turn_seconds
        return min(self.grace_seconds, clock) if clock else self.grace_seconds

    def _watch_presence(self, table: LiveTable) -> None:
        """Start the grace period of every person's seat nobody is connected to; end it for
        the seats with a connection."""
        here = table.players_here()
        for seat, kind in enumerate(table.seats):
            gone = (
                kind == HUMAN
                and table.token_hashes[seat] is not None
                and seat not in here
                and seat not in table.away
                and not table.state.is_over
            )
            timer = table.grace.get(seat)
            if not gone:
                if timer is not None:
                    timer.cancel()
                    del table.grace[seat]
            elif timer is None and not self._closing:
                table.grace[seat] = asyncio.get_running_loop().call_later(
                    self._grace(table), self._grace_ends, table, seat
                )

    def _grace_ends(self, table: LiveTable, seat: int) -> None:
        table.grace.pop(seat, None)
        table.queue.put_nowait(Run(lambda t: self._gone(t, seat), detached_future()))

    async def _gone(self, table: LiveTable, seat: int) -> None:
        """A person gone for the grace period: the normal bot plays for him until he is back,
        and a first deal that waits for his randomness takes the server's instead."""
        if (
            table.seats[seat] != HUMAN
            or table.token_hashes[seat] is None
            or seat in table.players_here()
            or seat in table.away
            or table.state.is_over
        ):
            return
        table.away.add(seat)
        table.waiting.discard(seat)
        table.bot_version = -1
        if seat in table.entropy_pending():
            await self._give_entropy(table, seat, secrets.token_hex(16), None)
        self.announce(table)
        self._schedule_bot(table)

    def _start_clock(self, table: LiveTable) -> None:
        """A person's turn is timed when the table has a turn clock."""
        seconds = table.seating.turn_seconds
        seat = table.state.to_act
        if (
            not seconds
            or seat is None
            or seat in table.bots
            or seat in table.away
            or table.clock_version == table.version
        ):
            return
        table.clock_version = table.version
        table.clock_started = time.monotonic()
        asyncio.get_running_loop().call_later(seconds, self._time_up, table, table.version, seat)

    def _time_up(self, table: LiveTable, version: int, seat: int) -> None:
        table.queue.put_nowait(
            Call(lambda t: self._clock_ran_out(t, version, seat), detached_future())
        )

    def _clock_ran_out(self, table: LiveTable, version: int, seat: int) -> None:
        if (
            table.version != version
            or table.state.to_act != seat
            or table.seats[seat] != HUMAN
            or seat in table.away
            or self._closing
        ):
            return
        table.away.add(seat)
        table.bot_version = -1
        self.announce(table)
        self._schedule_bot(table)

    def _ready(self, table: LiveTable, seat: int) -> None:
        """A person is ready for the next deal."""
        if seat in table.waiting:
            table.waiting.discard(seat)
            self.announce(table)
            self._schedule_bot(table)

    async def _own(self, table: LiveTable) -> None:
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

    async def _handle(self, table: LiveTable, item: Act | Sync | Call | Run | Leave) -> bool:
        """Handle one item; False when the owner must stop (the table is reloaded)."""
        if isinstance(item, Sync):
            # a new connection joins the broadcast here, so its first view is in order
            if item.connection.closed:
                return True
            arriving = item.connection not in table.connections
            table.connections.add(item.connection)
            seat = item.connection.seat
            returning = arriving and seat is not None and seat in table.away
            if returning:  # his page is open: his seat is his again
                table.away.discard(seat)
            message = table.view_message(seat)
            if arriving:  # how the deal in play began, for the newcomer's log
                message["opening"] = events_json(table.opening(), seat, table.rules.num_seats)
            item.connection.send(message)
            if not arriving:
                return True  # a "sync": the view again
            if seat is not None:
                table.seen.add(seat)
            self._watch_presence(table)
            if returning:
                assert seat is not None
                self._back(table, seat)  # everyone hears it; his clock starts again
            else:
                self.announce(table, but=item.connection)  # the others hear who is here
            self._schedule_bot(table)
        elif isinstance(item, Leave):
            if item.connection in table.connections:
                table.connections.discard(item.connection)
                self._watch_presence(table)
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
            try:
                await self._act(table, item)
            except TableError as error:
                if item.connection is not None:
                    item.connection.send(error_message(error.code, error.message))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s: failed to apply or store an action", table.id)
                if item.connection is not None:
                    item.connection.send(
                        error_message("internal", "the action could not be stored")
                    )
                await self._reload_after_failure(table)
                return False
        return True

    async def _act(self, table: LiveTable, act: Act) -> None:
        state, rules = table.state, table.rules
        if act.version is not None and act.version != table.version:
            raise TableError(
                "stale_version",
                f"version {act.version} is not the table's version {table.version}",
            )
        if state.is_over:
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
        deal_index = _deal_of_action(state)
        write = ActionWrite(
            table_id=table.id,
            seq=table.version,
            deal_index=deal_index,
            action=rules.format_action(action),
            setups=table.new_setups(),
        )
        if state.is_over:
            table.record = table.finished_record()
            write.record = table.record
        committing = time.perf_counter()
        # stored before it is acknowledged; while the store fails, tried again until it works
        await self.store.append(write, lambda reason: self._store_failed(table, reason))
        self.stalled.discard(table.id)
        if not act.bot:
            self.commit_waits.record(time.perf_counter() - committing)
        table.version += 1
        scored = len(state.deal_scores())
        deal_ended = scored > table.deals_scored
        table.deals_scored = scored
        table.tricks.feed(events)
        table.last_events = events
        table.waiting.discard(act.seat)
        if deal_ended and not state.is_over:
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
        self._broadcast(table, events)
        if not act.bot:
            self.latencies.record(time.perf_counter() - act.received)
        self._schedule_bot(table)

    def _store_failed(self, table: LiveTable, reason: str) -> None:
        """The store could not take the table's last action: everyone at the table hears
        that it waits for the store (the action is played once it is stored)."""
        log.error("table %s: the store failed (%s); the action waits for it", table.id, reason)
        self.stalled.add(table.id)
        message = dumps(error_message("store_unavailable", STORE_UNAVAILABLE))
        for connection in list(table.connections):
            connection.send(message)

    def _pause_over(self, table: LiveTable, until: float) -> None:
        """The pause after a deal is over, whatever was played meanwhile (people may play on
        in the new deal without saying "next deal"); a later deal's pause has its own end."""
        if table.pause_until == until and table.waiting:
            table.waiting.clear()
            self.announce(table)
            self._schedule_bot(table)

    async def _reload_after_failure(self, table: LiveTable) -> None:
        """The in-memory state may be ahead of the store: start again from the store."""
        self.tables.pop(table.id, None)
        connections = list(table.connections)
        try:
            fresh = await self.load(table.id)
        except Elsewhere:  # another process took the table over: the clients go there
            for connection in connections:
                connection.close(1012)
            return
        if fresh is None:
            return
        for connection in connections:
            fresh.connections.add(connection)
            connection.send(fresh.view_message(connection.seat))

    # ----- bots ----------------------------------------------------------------------------------

    def _bots_wait(self, table: LiveTable) -> bool:
        """Bots wait for the people: until every person's seat is taken and has been
        connected (or its grace period is over), after a deal until those at the table say
        "next deal" (or the pause ends), and while nobody is here and bots play every seat."""
        if self.wait_for_people:
            for seat, kind in enumerate(table.seats):
                if kind == HUMAN and (
                    table.token_hashes[seat] is None
                    or (seat not in table.seen and seat not in table.away)
                ):
                    return True
        if bool(table.waiting) and time.monotonic() < table.pause_until:
            return True
        return self._paused(table)

    def _paused(self, table: LiveTable) -> bool:
        """A table of people where nobody is connected and bots play for everyone waits for
        someone to come back (tables made for bots only play on)."""
        people = HUMAN in table.seats or table.seating.bots_yield
        return people and not table.players_here() and table.played_by_bots()

    def _schedule_bot(self, table: LiveTable) -> None:
        if self._closing or table.state.is_over:
            return
        self._start_clock(table)
        seat = table.state.to_act
        if seat is None or not self._plays_for(table, seat) or table.bot_version == table.version:
            return
        if self._bots_wait(table):
            return
        table.bot_version = table.version
        table.bot_task = asyncio.create_task(self._bot_turn(table, seat, table.version))

    @staticmethod
    def _plays_for(table: LiveTable, seat: int) -> bool:
        """Whether a bot plays the seat now: a bot's seat, or a person's a stand-in plays."""
        return seat in table.bots or seat in table.away

    def _still_bots_turn(self, table: LiveTable, seat: int, version: int) -> bool:
        playing = self._plays_for(table, seat)
        return table.version == version and table.state.to_act == seat and playing

    async def _bot_turn(self, table: LiveTable, seat: int, version: int) -> None:
        """A bot's (or stand-in's) move at ``version``. Nothing is done when the table moved
        on meanwhile or the seat's person is back: a stand-in never acts out of turn."""
        if self.bot_delay and any(kind == "human" for kind in table.seats):
            await asyncio.sleep(self.bot_delay)
        if not self._still_bots_turn(table, seat, version):
            return
        view = table.state.view(seat)
        bot = table.bots.get(seat)
        name = table.seats[seat].removeprefix("bot:")
        if bot is None:  # a person away: the normal bot plays for him
            bot = table.stand_ins.setdefault(seat, make_bot("normal", table.rules))
            name = "normal"
        people = any(kind == HUMAN for kind in table.seats)
        try:
            action = await self.thinkers.choose(
                table.rules,
                json.dumps(table.options, sort_keys=True),
                name,
                bot,
                view,
                table.rng.getrandbits(64),
                people,
            )
        except Exception:
            log.exception(
                "table %s: bot %s failed; it plays a random legal action", table.id, bot.name
            )
            action = table.rng.choice(list(view.legal_actions))
        if table.version != version or not self._plays_for(table, seat):
            return
        table.queue.put_nowait(Act(seat, table.rules.format_action(action), version, None, True))


def _deal_of_action(state: AnyState) -> int:
    """The deal the last applied action belongs to: the last deal that has actions."""
    logs = state.deal_logs()
    for index in range(len(logs) - 1, -1, -1):
        if logs[index].actions:
            return index
    return 0


def _stop_grace(table: LiveTable) -> None:
    """No grace period runs out for a table put away (it starts again when it is back)."""
    for timer in table.grace.values():
        timer.cancel()
    table.grace.clear()
