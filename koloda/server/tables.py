"""Live tables: one owner task per table applies actions one at a time, in order.

Humans' messages and bots' decisions go through the same queue. An action is checked by the
engine, applied, stored (and committed) and only then announced to every connection, each
with its own view and events redacted for its seat. Bots think in worker threads, so the event
loop never waits for them.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from koloda.bots import AnyBot, make_bot
from koloda.core.dealing import Shuffler
from koloda.core.engine import AnyRules, AnyState, DealSetup
from koloda.core.errors import IllegalActionError, KolodaError, OptionError
from koloda.core.events import Event
from koloda.core.presentation import sheet_to_json
from koloda.core.registry import load_game
from koloda.i18n import LANGUAGES, Speaker
from koloda.records import parse_record, record_from_state, results_document
from koloda.records.fairness import FAIRNESS_KEY, commitment, proof
from koloda.server.seating import (
    HUMAN,
    OPEN,
    Seating,
    SeatingError,
    clean_name,
    new_token,
    seat_state,
)
from koloda.server.sheet_html import render_sheet_html
from koloda.server.store import ActionWrite, NewTable, SeatsWrite, Store, StoredTable
from koloda.server.views import TrickTracker, events_json, public_view_json, seat_view_json

log = logging.getLogger("koloda.server")

MAX_MESSAGE = 4096
"""Longest client message accepted, in characters."""

PHRASES = (
    "hello",
    "good_luck",
    "well_played",
    "thanks",
    "oops",
    "sorry",
    "hurry_up",
    "good_game",
    "bye",
    "emoji_smile",
    "emoji_thumbs_up",
    "emoji_surprise",
    "emoji_sad",
)
"""Table talk is by preset phrases (the catalogue words them in each language): nothing to
moderate."""
CHAT_INTERVAL = 1.0
"""Seconds between two phrases from one connection."""


class TableError(Exception):
    """A refused client message: ``code`` as protocol.md names them."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Connection:
    """One WebSocket client: its seat (None for a spectator) and its outgoing queue."""

    def __init__(self, seat: int | None, token_hash: str | None = None) -> None:
        self.seat = seat
        self.token_hash = token_hash
        """The token's hash: a person waiting to take over a bot's seat gets it at the next
        deal."""
        self.last_chat = 0.0
        self.close_code = 1000
        """The WebSocket close code once closed (1008: the client broke a limit)."""
        self.closed = False
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        if self.outbox.qsize() > 2000:  # a client that does not read is dropped
            self.close()
            return
        self.outbox.put_nowait(message)

    def close(self, code: int = 1000) -> None:
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.outbox.put_nowait(None)


@dataclass
class _Act:
    seat: int
    text: str
    version: int | None
    connection: Connection | None
    bot: bool = False


@dataclass
class _Sync:
    connection: Connection


@dataclass
class _Leave:
    connection: Connection


@dataclass
class _Run:
    """Run the coroutine ``function(table)`` in the owner, between actions."""

    function: Callable[[LiveTable], Awaitable[Any]]
    future: asyncio.Future[Any]


@dataclass
class _Call:
    """Run ``function(table)`` in the owner, between actions, and answer with its result."""

    function: Callable[[LiveTable], Any]
    future: asyncio.Future[Any]


@dataclass
class LiveTable:
    """A table in memory, owned by its task."""

    id: str
    rules: AnyRules
    options: dict[str, Any]
    seats: list[str]
    token_hashes: list[str | None]
    seed: str
    first_dealer: int
    state: AnyState
    seating: Seating
    version: int = 0
    bots: dict[int, AnyBot] = field(default_factory=dict)
    connections: set[Connection] = field(default_factory=set)
    tricks: TrickTracker = field(default_factory=TrickTracker)
    known_setups: list[DealSetup] = field(default_factory=list)
    last_events: list[Event] = field(default_factory=list)
    queue: asyncio.Queue[_Act | _Sync | _Call | _Run | _Leave] = field(
        default_factory=asyncio.Queue
    )
    task: asyncio.Task[None] | None = None
    bot_task: asyncio.Task[None] | None = None
    rng: random.Random = field(default_factory=lambda: random.Random(secrets.randbits(64)))
    record: dict[str, Any] | None = None
    sheet_cache: tuple[tuple[int, str], dict[str, Any]] | None = None
    deals_scored: int = 0
    seen: set[int] = field(default_factory=set)
    """People's seats that have been connected at least once (bots wait for them)."""
    waiting: set[int] = field(default_factory=set)
    """Seats whose "next deal" the bots wait for, after a deal's end (until ``pause_until``)."""
    pause_until: float = 0.0
    bot_version: int = -1
    """The version a bot is thinking at (one bot turn per version)."""
    away: set[int] = field(default_factory=set)
    """People's seats the normal bot plays since their turn clock ran out, until they are back."""
    stand_ins: dict[int, AnyBot] = field(default_factory=dict)
    clock_version: int = -1
    last_active: float = field(default_factory=time.monotonic)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token plays (None for a spectator, or for a person whose bot's seat is
        handed over at the next deal); raises TableError('forbidden') for a wrong token."""
        if token is None or token == "":
            return None
        wanted = hash_token(token)
        for seat, stored in enumerate(self.token_hashes):
            if stored is not None and hmac.compare_digest(stored, wanted):
                return seat
        for stored in self.seating.pending:
            if stored is not None and hmac.compare_digest(stored, wanted):
                return None
        raise TableError("forbidden", "wrong token for this table")

    def seat_states(self) -> list[str]:
        return [
            seat_state(kind, self.token_hashes[s], self.seating, s)
            for s, kind in enumerate(self.seats)
        ]

    def presence(self) -> dict[str, Any]:
        """Who is here: the seats with a connection, and how many watch."""
        online = sorted({c.seat for c in self.connections if c.seat is not None})
        watching = sum(1 for c in self.connections if c.seat is None)
        return {"online": online, "spectators": watching}

    def people(self) -> dict[str, Any]:
        """Who is at the table: names, seats' states, who is here, whom the bots wait for."""
        return {
            "names": self.seating.names,
            "seat_states": self.seat_states(),
            "presence": self.presence(),
            "waiting_for": sorted(self.waiting),
            "away": sorted(self.away),
            "turn_seconds": self.seating.turn_seconds,
            "hints": self.seating.hints,
            "rematch": self.seating.rematch,
            "commitment": commitment(self.seed),
        }

    def public_facts(self) -> dict[str, Any]:
        states = self.seat_states()
        return {
            "table_id": self.id,
            "game": self.rules.name,
            "options": self.options,
            "seats": [
                {"seat": s, "kind": kind, "name": self.seating.names[s], "state": states[s]}
                for s, kind in enumerate(self.seats)
            ],
            "num_seats": self.rules.num_seats,
            "to_act": self.state.to_act,
            "finished": self.state.is_over,
            "version": self.version,
            "deal": self.state.deal_index,
            "public": self.seating.public,
            "rematch": self.seating.rematch,
        }

    def view_message(self, seat: int | None, events: Sequence[Event] = ()) -> dict[str, Any]:
        if seat is None:
            view = public_view_json(self.rules, self.state)
        else:
            view = seat_view_json(self.rules, self.state, seat)
        view["last_trick"] = self.tricks.last
        view["seat_kinds"] = self.seats
        view["deals_scored"] = self.deals_scored
        return {
            "type": "view",
            "version": self.version,
            "seat": seat,
            "view": view,
            "events": events_json(events, seat, self.rules.num_seats),
            "table": self.people(),
        }

    def new_setups(self) -> list[tuple[int, dict[str, Any]]]:
        """Deal setups that appeared or changed since last stored (new deals, restocks)."""
        logs = self.state.deal_logs()
        changed = []
        start = max(0, len(self.known_setups) - 1)
        for index in range(start, len(logs)):
            setup = logs[index].setup
            if index >= len(self.known_setups) or self.known_setups[index] != setup:
                changed.append((index, self.rules.setup_to_json(setup)))
                if index < len(self.known_setups):
                    self.known_setups[index] = setup
                else:
                    self.known_setups.append(setup)
        return changed

    def finished_record(self) -> dict[str, Any]:
        """The finished game's record with results, revealing the seed (records.fairness)."""
        document = record_from_state(self.rules, self.state, first_dealer=self.first_dealer)
        document["options"] = self.options
        record = parse_record(document)
        results = results_document(record, self.state)
        results[FAIRNESS_KEY] = proof(self.seed)
        return results

    def seat_names(self, lang: str) -> list[str]:
        """The seats as the web table calls them: ``Seat 2 (bot heuristic)``."""
        words = Speaker(lang, [])
        seat, bot = words.word("ui.seat"), words.word("ui.bot")
        return [
            f"{seat} {s + 1}" + (f" ({bot} {kind.removeprefix('bot:')})" if kind != "human" else "")
            for s, kind in enumerate(self.seats)
        ]

    def sheet(self, lang: str = "en") -> dict[str, Any]:
        """The score sheet: each complete deal's results, the totals, the game's sheet as data
        and as HTML in ``lang``."""
        lang = lang if lang in LANGUAGES else LANGUAGES[0]
        key = (self.version, lang)
        if self.sheet_cache is not None and self.sheet_cache[0] == key:
            return self.sheet_cache[1]
        rules, state = self.rules, self.state
        deals = [rules.deal_results_json(state, i) for i in range(len(state.deal_scores()))]
        results = rules.results_json(state)
        data = rules.score_sheet(state)
        sheet = {
            "table_id": self.id,
            "game": rules.name,
            "version": self.version,
            "deals": deals,
            "totals": results.get("totals"),
            "finished": state.is_over,
            "results": {k: v for k, v in results.items() if k != "to_act"},
            "sheet": sheet_to_json(data),
            "lang": lang,
            "html": render_sheet_html(data, self.seat_names(lang), lang),
        }
        self.sheet_cache = (key, sheet)
        return sheet


def parse_seats(kinds: Any, rules: AnyRules) -> list[str]:
    if not isinstance(kinds, list) or not all(isinstance(k, str) for k in kinds):
        raise OptionError("seats must be a list of seat kinds like 'human' or 'bot:random'")
    if len(kinds) != rules.num_seats:
        raise OptionError(
            f"{len(kinds)} seats given; {rules.name} with these options has {rules.num_seats}"
        )
    for kind in kinds:
        if kind in (HUMAN, OPEN):
            continue
        if not kind.startswith("bot:"):
            raise OptionError(f"unknown seat kind {kind!r}: 'human', 'open' or 'bot:<name>'")
        make_bot(kind.removeprefix("bot:"), rules)
    return list(kinds)


def parse_names(names: Any, num_seats: int) -> list[str | None]:
    """One name (or null) per seat; none given: no names."""
    if names is None:
        return [None] * num_seats
    if not isinstance(names, list) or len(names) != num_seats:
        raise OptionError(f"'names' must list one name (or null) for each of {num_seats} seats")
    try:
        return [clean_name(name) for name in names]
    except SeatingError as error:
        raise OptionError(error.message) from None


class TableManager:
    """Every live table, the store, and the bots' thread pool."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.0,
        bot_threads: int = 4,
        deal_pause: float = 20.0,
        wait_for_people: bool = True,
        idle_seconds: float = 600.0,
    ) -> None:
        self.store = store
        self.idle_seconds = idle_seconds
        """A table nobody has touched or watched this long leaves memory (0: never)."""
        self._sweeper: asyncio.Task[None] | None = None
        self.bot_delay = bot_delay
        self.deal_pause = deal_pause
        """After a deal, bots wait this long for the people at the table to say "next deal"."""
        self.wait_for_people = wait_for_people
        """Bots play only once every person's seat is taken and has been connected."""
        self.tables: dict[str, LiveTable] = {}
        self.pool = ThreadPoolExecutor(max_workers=bot_threads, thread_name_prefix="koloda-bot")
        self._closing = False

    # ----- life cycle ------------------------------------------------------------------------

    async def start(self) -> None:
        """Serve at once: stored tables are replayed lazily, on their first contact, and
        tables left alone are put away (``idle_seconds``)."""
        if self.idle_seconds:
            self._sweeper = asyncio.create_task(self._sweep_idle(), name="koloda-idle")

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

    async def _put_away(self, table: LiveTable) -> None:
        """Take an idle table out of memory; it is stored whole and comes back on contact."""
        if self.tables.get(table.id) is not table:
            return
        del self.tables[table.id]
        for task in (table.task, table.bot_task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def close(self) -> None:
        self._closing = True
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        for table in list(self.tables.values()):
            for task in (table.task, table.bot_task):
                if task is not None:
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await task
            for connection in list(table.connections):
                connection.close()
        self.pool.shutdown(wait=False, cancel_futures=True)

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
    ) -> tuple[LiveTable, list[str | None]]:
        """A new table; raises OptionError naming what is wrong with the request.

        A ``human`` seat gets its token now; an ``open`` seat is a person's seat that anyone
        may join later (``join``); ``reserved`` seats wait for the holders of a previous
        table's tokens (a rematch).
        """
        if not isinstance(game, str):
            raise OptionError("'game' must be a game name")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise OptionError("'options' must be an object")
        rules = load_game(game, **options)
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
        seed = secrets.token_hex(16)
        first_dealer = 0
        state = rules.new_state(seed=seed, first_dealer=first_dealer)
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
        stored = await asyncio.to_thread(self.store.load, table_id)
        if stored is None:
            return None
        if table_id in self.tables:  # loaded meanwhile
            return self.tables[table_id]
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
        self._schedule_bot(table)

    # ----- the owner -----------------------------------------------------------------------------

    async def call(self, table: LiveTable, function: Callable[[LiveTable], Any]) -> Any:
        """``function(table)`` run by the owner: it sees only stored (acknowledged) states."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        table.queue.put_nowait(_Call(function, future))
        return await future

    async def run(self, table: LiveTable, function: Callable[[LiveTable], Awaitable[Any]]) -> Any:
        """The coroutine ``function(table)`` run by the owner, between actions."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        table.queue.put_nowait(_Run(function, future))
        return await future

    def sync(self, table: LiveTable, connection: Connection) -> None:
        """Send ``connection`` the current view (from the owner, after pending actions) and
        from then on every change."""
        table.queue.put_nowait(_Sync(connection))

    def leave(self, table: LiveTable, connection: Connection) -> None:
        """A connection is gone: the others hear who is still here."""
        table.queue.put_nowait(_Leave(connection))

    # ----- seats: joining, rematch, play now ---------------------------------------------------

    async def join(
        self,
        table: LiveTable,
        seat: int | None,
        name: Any,
        previous_token: str | None = None,
    ) -> tuple[int, str, bool]:
        """Take a seat: an open one, a reserved one with the previous table's token, or a
        bot's seat at a "play now" table (handed over at the next deal). Answers the seat,
        its token, and whether the seat comes only at the next deal."""
        cleaned = clean_name(name)

        async def claim(table: LiveTable) -> tuple[int, str, bool]:
            states = table.seat_states()
            if table.state.is_over:
                raise SeatingError(409, "the game is over")
            if seat is None:
                for wanted in ("open", "joinable"):
                    if wanted in states:
                        chosen = states.index(wanted)
                        break
                else:
                    raise SeatingError(409, "no free seat at this table")
            elif not 0 <= seat < len(states):
                raise SeatingError(422, f"seat must be 0..{len(states) - 1}")
            else:
                chosen = seat
            state = states[chosen]
            seating = table.seating
            if state == "reserved":
                reserved = seating.reserved[chosen]
                if (
                    previous_token is None
                    or reserved is None
                    or not hmac.compare_digest(reserved, hash_token(previous_token))
                ):
                    raise SeatingError(403, f"seat {chosen} is kept for its previous player")
            elif state not in ("open", "joinable"):
                raise SeatingError(409, f"seat {chosen} is not free")
            token = new_token()
            later = state == "joinable"
            if later:
                seating.pending[chosen] = hash_token(token)
                seating.pending_names[chosen] = cleaned
            else:
                table.token_hashes[chosen] = hash_token(token)
                seating.reserved[chosen] = None
                if cleaned is not None or seating.names[chosen] is None:
                    seating.names[chosen] = cleaned
            await self._store_seats(table)
            self._announce(table)
            return chosen, token, later

        result: tuple[int, str, bool] = await self.run(table, claim)
        return result

    async def rematch(self, table: LiveTable, token: str | None) -> tuple[LiveTable, int, str]:
        """A new game with the same seats and rules (a new shuffle): the asking seat takes its
        place at once; the other people's seats wait for them (each with his old token)."""
        seat = table.seat_of(token)
        if seat is None:
            raise SeatingError(403, "only a player at the table may ask for a rematch")
        if not table.state.is_over:
            raise SeatingError(409, "the game is not over yet")

        async def make(old: LiveTable) -> str:
            if old.seating.rematch is None:
                new, _ = await self.create(
                    old.rules.name,
                    old.options,
                    [OPEN if kind == HUMAN else kind for kind in old.seats],
                    names=old.seating.names,
                    public=old.seating.public,
                    hints=old.seating.hints,
                    bots_yield=old.seating.bots_yield,
                    reserved=list(old.token_hashes),
                    turn_seconds=old.seating.turn_seconds,
                )
                old.seating.rematch = new.id
                await self._store_seats(old)
                self._announce(old)
            return old.seating.rematch

        new_id: str = await self.run(table, make)
        new = await self.get(new_id)
        assert new is not None
        taken, new_token_, _ = await self.join(new, seat, table.seating.names[seat], token)
        return new, taken, new_token_

    async def play_now(
        self, game: Any, options: Any, name: Any
    ) -> tuple[LiveTable, int, str, bool]:
        """A seat at once: at a public table of this game and rules with a free seat, else at
        a new public table with normal bots who hand their seats to people who join."""
        if not isinstance(game, str):
            raise OptionError("'game' must be a game name")
        if not isinstance(options, dict):
            raise OptionError("'options' must be an object")
        wanted = load_game(game, **options)
        wanted_options = wanted.options_json()
        for wanting in ("open", "joinable"):
            for table in list(self.tables.values()):
                if (
                    table.seating.public
                    and not table.state.is_over
                    and table.rules.name == wanted.name
                    and table.options == wanted_options
                    and wanting in table.seat_states()
                ):
                    try:
                        seat, token, later = await self.join(table, None, name)
                    except SeatingError:
                        continue
                    return table, seat, token, later
        seats = [HUMAN] + ["bot:normal"] * (wanted.num_seats - 1)
        names = [clean_name(name)] + [None] * (wanted.num_seats - 1)
        table, tokens = await self.create(
            game, options, seats, names=names, public=True, bots_yield=True
        )
        first = tokens[0]
        assert first is not None
        return table, 0, first, False

    async def _store_seats(self, table: LiveTable) -> None:
        await self.store.update_seats(
            SeatsWrite(
                table.id, list(table.seats), list(table.token_hashes), table.seating.to_json()
            )
        )

    def _broadcast(self, table: LiveTable, events: Sequence[Event] = ()) -> None:
        """Every connection gets its view (after a change of the game)."""
        for connection in list(table.connections):
            connection.send(table.view_message(connection.seat, events))

    def _announce(self, table: LiveTable, but: Connection | None = None) -> None:
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

    async def public_tables(self) -> list[dict[str, Any]]:
        """The public tables with a seat free for a person, newest first: those in memory
        and those stored but not loaded (their facts read from the store, not replayed)."""
        found = []
        for table in reversed(list(self.tables.values())):
            if not table.seating.public or table.state.is_over:
                continue
            facts = table.public_facts()
            if any(s["state"] in ("open", "joinable") for s in facts["seats"]):
                found.append(facts)
        stored = await asyncio.to_thread(self.store.public_unfinished)
        for row in stored:
            if row.id in self.tables:
                continue
            seating = Seating.from_json(row.seating, len(row.seats))
            states = [
                seat_state(kind, row.token_hashes[s], seating, s)
                for s, kind in enumerate(row.seats)
            ]
            if "open" in states or "joinable" in states:
                found.append(_stored_facts(row, seating, states))
        return found

    def submit(
        self, table: LiveTable, seat: int | None, message: Any, connection: Connection
    ) -> None:
        """Queue a client's message for the owner (checked there, in order)."""
        if not isinstance(message, dict):
            connection.send(_error("bad_message", "a message is a JSON object with a 'type'"))
            return
        kind = message.get("type")
        if kind == "ping":
            connection.send({"type": "pong"})
            return
        if kind == "sync":
            table.queue.put_nowait(_Sync(connection))
            return
        if seat is not None and seat in table.away:
            table.queue.put_nowait(_Call(lambda t: self._back(t, seat), _detached()))
        if kind == "back":
            return
        if kind == "next_deal":
            if seat is not None:
                table.queue.put_nowait(_Call(lambda t: self._ready(t, seat), _detached()))
            return
        if kind == "chat":
            self._chat(table, seat, message.get("phrase"), connection)
            return
        if kind == "hint":
            if not table.seating.hints:
                connection.send(_error("hints_off", "hints are off at this table"))
            elif seat is None:
                connection.send(_error("not_your_turn", "a spectator gets no hints"))
            else:
                asyncio.get_running_loop().create_task(self._hint(table, seat, connection))
            return
        if kind != "act":
            connection.send(_error("bad_message", f"unknown message type {kind!r}"))
            return
        text = message.get("action")
        version = message.get("version")
        if not isinstance(text, str) or not text:
            connection.send(_error("bad_message", "'action' must be an action string"))
            return
        if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
            connection.send(_error("bad_message", "'version' must be an integer"))
            return
        if seat is None:
            connection.send(_error("not_your_turn", "a spectator cannot act"))
            return
        table.queue.put_nowait(_Act(seat, text, version, connection))

    def _chat(
        self, table: LiveTable, seat: int | None, phrase: Any, connection: Connection
    ) -> None:
        if seat is None:
            connection.send(_error("bad_message", "spectators do not talk at the table"))
            return
        if phrase not in PHRASES:
            connection.send(_error("bad_message", f"'phrase' must be one of {', '.join(PHRASES)}"))
            return
        now = time.monotonic()
        if now - connection.last_chat < CHAT_INTERVAL:
            connection.send(_error("bad_message", "one phrase a second"))
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
            connection.send(_error("not_your_turn", "a hint is given on your turn"))
            return
        version = table.version
        bot = make_bot("normal", table.rules)
        loop = asyncio.get_running_loop()
        action = await loop.run_in_executor(self.pool, bot.choose, view, random.Random(version))
        connection.send(
            {"type": "hint", "version": version, "action": table.rules.format_action(action)}
        )

    def _back(self, table: LiveTable, seat: int) -> None:
        """A person whose clock ran out is back: the normal bot stops playing for him."""
        if seat in table.away:
            table.away.discard(seat)
            self._announce(table)
            self._start_clock(table)

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
        asyncio.get_running_loop().call_later(seconds, self._time_up, table, table.version, seat)

    def _time_up(self, table: LiveTable, version: int, seat: int) -> None:
        if table.version != version or table.state.to_act != seat or self._closing:
            return
        table.away.add(seat)
        self._announce(table)
        self._schedule_bot(table)

    def _ready(self, table: LiveTable, seat: int) -> None:
        """A person is ready for the next deal."""
        if seat in table.waiting:
            table.waiting.discard(seat)
            self._announce(table)
            self._schedule_bot(table)

    async def _own(self, table: LiveTable) -> None:
        while True:
            item = await table.queue.get()
            table.last_active = time.monotonic()
            if isinstance(item, _Sync):
                # a new connection joins the broadcast here, so its first view is in order
                if item.connection.closed:
                    continue
                arriving = item.connection not in table.connections
                table.connections.add(item.connection)
                item.connection.send(table.view_message(item.connection.seat))
                if not arriving:
                    continue  # a "sync": the view again
                if item.connection.seat is not None:
                    table.seen.add(item.connection.seat)
                self._announce(table, but=item.connection)  # the others hear who is here
                self._schedule_bot(table)
                continue
            if isinstance(item, _Leave):
                if item.connection in table.connections:
                    table.connections.discard(item.connection)
                    self._announce(table)
                continue
            if isinstance(item, _Call):
                if not item.future.done():
                    try:
                        item.future.set_result(item.function(table))
                    except Exception as error:
                        item.future.set_exception(error)
                continue
            if isinstance(item, _Run):
                try:
                    result = await item.function(table)
                except Exception as error:
                    if not item.future.done():
                        item.future.set_exception(error)
                else:
                    if not item.future.done():
                        item.future.set_result(result)
                continue
            try:
                await self._act(table, item)
            except TableError as error:
                if item.connection is not None:
                    item.connection.send(_error(error.code, error.message))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s: failed to apply or store an action", table.id)
                if item.connection is not None:
                    item.connection.send(_error("internal", "the action could not be stored"))
                await self._reload_after_failure(table)
                return

    async def _act(self, table: LiveTable, act: _Act) -> None:
        state, rules = table.state, table.rules
        if act.version is not None and act.version != table.version:
            raise TableError(
                "stale_version",
                f"version {act.version} is not the table's version {table.version}",
            )
        if state.is_over:
            raise TableError("not_your_turn", "the game is over")
        if state.to_act != act.seat:
            raise TableError(
                "not_your_turn", f"it is seat {state.to_act}'s turn, not seat {act.seat}'s"
            )
        if not act.bot and act.seat in table.bots:
            raise TableError("not_your_turn", "a bot plays this seat until the next deal")
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
        await self.store.append(write)  # stored before it is acknowledged
        table.version += 1
        scored = len(state.deal_scores())
        deal_ended = scored > table.deals_scored
        table.deals_scored = scored
        table.tricks.feed(events)
        table.last_events = events
        table.waiting.discard(act.seat)
        if deal_ended and not state.is_over:
            await self._hand_over(table)
            table.waiting = {
                c.seat
                for c in table.connections
                if c.seat is not None and c.seat not in table.bots and c.seat not in table.away
            }
            if table.waiting:
                table.pause_until = time.monotonic() + self.deal_pause
                asyncio.get_running_loop().call_later(
                    self.deal_pause, self._pause_over, table, table.version
                )
        self._broadcast(table, events)
        self._schedule_bot(table)

    def _pause_over(self, table: LiveTable, version: int) -> None:
        if table.version == version and table.waiting:
            table.waiting.clear()
            self._announce(table)
            self._schedule_bot(table)

    async def _hand_over(self, table: LiveTable) -> None:
        """At a deal's end, the bots' seats that people took are theirs."""
        seating = table.seating
        changed = False
        for seat, pending in enumerate(seating.pending):
            if pending is None:
                continue
            table.seats[seat] = HUMAN
            table.token_hashes[seat] = pending
            seating.names[seat] = seating.pending_names[seat]
            seating.pending[seat] = None
            seating.pending_names[seat] = None
            table.bots.pop(seat, None)
            for connection in table.connections:
                if connection.token_hash == pending:
                    connection.seat = seat
                    table.seen.add(seat)
            changed = True
        if changed:
            await self._store_seats(table)

    async def _reload_after_failure(self, table: LiveTable) -> None:
        """The in-memory state may be ahead of the store: start again from the store."""
        self.tables.pop(table.id, None)
        connections = list(table.connections)
        fresh = await self.load(table.id)
        if fresh is None:
            return
        for connection in connections:
            fresh.connections.add(connection)
            connection.send(fresh.view_message(connection.seat))

    # ----- bots ----------------------------------------------------------------------------------

    def _bots_wait(self, table: LiveTable) -> bool:
        """Bots wait for the people: until every person's seat is taken and has been
        connected, and after a deal until those at the table say "next deal" (or time out)."""
        if self.wait_for_people:
            for seat, kind in enumerate(table.seats):
                if kind == HUMAN and (table.token_hashes[seat] is None or seat not in table.seen):
                    return True
        return bool(table.waiting) and time.monotonic() < table.pause_until

    def _schedule_bot(self, table: LiveTable) -> None:
        if self._closing or table.state.is_over:
            return
        self._start_clock(table)
        seat = table.state.to_act
        playing = seat in table.bots or seat in table.away
        if seat is None or not playing or table.bot_version == table.version:
            return
        if self._bots_wait(table):
            return
        table.bot_version = table.version
        table.bot_task = asyncio.create_task(self._bot_turn(table, seat, table.version))

    async def _bot_turn(self, table: LiveTable, seat: int, version: int) -> None:
        if self.bot_delay and any(kind == "human" for kind in table.seats):
            await asyncio.sleep(self.bot_delay)
        view = table.state.view(seat)
        bot = table.bots.get(seat)
        if bot is None:  # a person away: the normal bot plays for him
            bot = table.stand_ins.setdefault(seat, make_bot("normal", table.rules))
        loop = asyncio.get_running_loop()
        try:
            action = await loop.run_in_executor(self.pool, bot.choose, view, table.rng)
        except Exception:
            log.exception(
                "table %s: bot %s failed; it plays a random legal action", table.id, bot.name
            )
            action = table.rng.choice(list(view.legal_actions))
        if table.version != version:
            return
        table.queue.put_nowait(_Act(seat, table.rules.format_action(action), version, None, True))


def _stored_facts(row: StoredTable, seating: Seating, states: list[str]) -> dict[str, Any]:
    """A stored table's public facts, as far as they are known without replaying it."""
    return {
        "table_id": row.id,
        "game": row.game,
        "options": row.options,
        "seats": [
            {"seat": s, "kind": kind, "name": seating.names[s], "state": states[s]}
            for s, kind in enumerate(row.seats)
        ],
        "num_seats": len(row.seats),
        "to_act": None,
        "finished": row.finished,
        "version": row.version,
        "deal": 0,
        "public": seating.public,
        "rematch": seating.rematch,
    }


def _deal_of_action(state: AnyState) -> int:
    """The deal the last applied action belongs to: the last deal that has actions."""
    logs = state.deal_logs()
    for index in range(len(logs) - 1, -1, -1):
        if logs[index].actions:
            return index
    return 0


def _error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


def _detached() -> asyncio.Future[Any]:
    """A future nobody awaits (for owner calls whose answer is a broadcast)."""
    return asyncio.get_running_loop().create_future()


def rebuild(stored: StoredTable) -> LiveTable:
    """A live table from its stored record: every deal and action replayed and checked."""
    document = {
        "format": "koloda-record/1",
        "game": stored.game,
        "options": stored.options,
        "first_dealer": stored.first_dealer,
        "deals": [],
    }
    record = parse_record(document)
    rules = record.rules
    state = rules.empty_state(stored.first_dealer)
    tricks = TrickTracker()
    by_deal: dict[int, list[str]] = {}
    for deal_index, action in stored.actions:
        by_deal.setdefault(deal_index, []).append(action)
    known: list[DealSetup] = []
    for index, setup_json in enumerate(stored.setups):
        setup = rules.setup_from_json(setup_json)
        tricks.feed(state.start_deal(setup))
        known.append(setup)
        for text in by_deal.get(index, []):
            tricks.feed(state.apply(rules.parse_action(text)))
    state.resume_dealing(Shuffler(stored.seed))
    table = LiveTable(
        id=stored.id,
        rules=rules,
        options=stored.options,
        seats=stored.seats,
        token_hashes=stored.token_hashes,
        seed=stored.seed,
        first_dealer=stored.first_dealer,
        state=state,
        version=len(stored.actions),
        tricks=tricks,
        deals_scored=len(state.deal_scores()),
        known_setups=[log.setup for log in state.deal_logs()],
        record=stored.record,
        seating=Seating.from_json(stored.seating, rules.num_seats),
    )
    return table


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))
