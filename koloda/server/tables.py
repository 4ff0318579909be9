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
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from koloda.bots import Bot, make_bot
from koloda.core.dealing import Shuffler
from koloda.core.engine import DealSetup, GameState, Rules
from koloda.core.errors import IllegalActionError, KolodaError, OptionError
from koloda.core.events import Event
from koloda.core.presentation import sheet_to_json
from koloda.core.registry import load_game
from koloda.i18n import LANGUAGES, Speaker
from koloda.records import parse_record, record_from_state, results_document
from koloda.server.sheet_html import render_sheet_html
from koloda.server.store import ActionWrite, NewTable, Store, StoredTable
from koloda.server.views import TrickTracker, events_json, public_view_json, seat_view_json

log = logging.getLogger("koloda.server")

MAX_MESSAGE = 4096
"""Longest client message accepted, in characters."""


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

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.closed = False
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        if self.outbox.qsize() > 2000:  # a client that does not read is dropped
            self.close()
            return
        self.outbox.put_nowait(message)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
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
class _Call:
    """Run ``function(table)`` in the owner, between actions, and answer with its result."""

    function: Callable[[LiveTable], Any]
    future: asyncio.Future[Any]


@dataclass
class LiveTable:
    """A table in memory, owned by its task."""

    id: str
    rules: Rules
    options: dict[str, Any]
    seats: list[str]
    token_hashes: list[str | None]
    seed: str
    first_dealer: int
    state: GameState
    version: int = 0
    bots: dict[int, Bot] = field(default_factory=dict)
    connections: set[Connection] = field(default_factory=set)
    tricks: TrickTracker = field(default_factory=TrickTracker)
    known_setups: list[DealSetup] = field(default_factory=list)
    last_events: list[Event] = field(default_factory=list)
    queue: asyncio.Queue[_Act | _Sync | _Call] = field(default_factory=asyncio.Queue)
    task: asyncio.Task[None] | None = None
    bot_task: asyncio.Task[None] | None = None
    rng: random.Random = field(default_factory=lambda: random.Random(secrets.randbits(64)))
    record: dict[str, Any] | None = None
    sheet_cache: tuple[tuple[int, str], dict[str, Any]] | None = None
    deals_scored: int = 0

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token plays; raises TableError('forbidden') for a wrong token."""
        if token is None or token == "":
            return None
        wanted = hash_token(token)
        for seat, stored in enumerate(self.token_hashes):
            if stored is not None and hmac.compare_digest(stored, wanted):
                return seat
        raise TableError("forbidden", "wrong token for this table")

    def public_facts(self) -> dict[str, Any]:
        return {
            "table_id": self.id,
            "game": self.rules.name,
            "options": self.options,
            "seats": [{"seat": s, "kind": kind} for s, kind in enumerate(self.seats)],
            "num_seats": self.rules.num_seats,
            "to_act": self.state.to_act,
            "finished": self.state.is_over,
            "version": self.version,
            "deal": self.state.deal_index,
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
        document = record_from_state(self.rules, self.state, first_dealer=self.first_dealer)
        document["options"] = self.options
        record = parse_record(document)
        return results_document(record, self.state)

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


def parse_seats(kinds: Any, rules: Rules) -> list[str]:
    if not isinstance(kinds, list) or not all(isinstance(k, str) for k in kinds):
        raise OptionError("seats must be a list of seat kinds like 'human' or 'bot:random'")
    if len(kinds) != rules.num_seats:
        raise OptionError(
            f"{len(kinds)} seats given; {rules.name} with these options has {rules.num_seats}"
        )
    for kind in kinds:
        if kind == "human":
            continue
        if not kind.startswith("bot:"):
            raise OptionError(f"unknown seat kind {kind!r}: 'human' or 'bot:<name>'")
        make_bot(kind.removeprefix("bot:"), rules)
    return list(kinds)


class TableManager:
    """Every live table, the store, and the bots' thread pool."""

    def __init__(self, store: Store, bot_delay: float = 0.0, bot_threads: int = 4) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, LiveTable] = {}
        self.pool = ThreadPoolExecutor(max_workers=bot_threads, thread_name_prefix="koloda-bot")
        self._closing = False

    # ----- life cycle ------------------------------------------------------------------------

    async def start(self) -> None:
        """Reload every unfinished table by replaying its stored record."""
        ids = await asyncio.to_thread(self.store.unfinished_ids)
        for table_id in ids:
            try:
                await self.load(table_id)
            except Exception:
                log.exception("table %s could not be reloaded", table_id)

    async def close(self) -> None:
        self._closing = True
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
        self, game: Any, options: Any, seats: Any
    ) -> tuple[LiveTable, list[str | None]]:
        """A new table; raises OptionError naming what is wrong with the request."""
        if not isinstance(game, str):
            raise OptionError("'game' must be a game name")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise OptionError("'options' must be an object")
        rules = load_game(game, **options)
        kinds = parse_seats(seats, rules)
        tokens: list[str | None] = [
            secrets.token_urlsafe(18) if kind == "human" else None for kind in kinds
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

    def sync(self, table: LiveTable, connection: Connection) -> None:
        """Send ``connection`` the current view (from the owner, after pending actions) and
        from then on every change."""
        table.queue.put_nowait(_Sync(connection))

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

    async def _own(self, table: LiveTable) -> None:
        while True:
            item = await table.queue.get()
            if isinstance(item, _Sync):
                # a new connection joins the broadcast here, so its first view is in order
                if item.connection.closed:
                    continue
                table.connections.add(item.connection)
                item.connection.send(table.view_message(item.connection.seat))
                continue
            if isinstance(item, _Call):
                if not item.future.done():
                    try:
                        item.future.set_result(item.function(table))
                    except Exception as error:
                        item.future.set_exception(error)
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
        table.deals_scored = len(state.deal_scores())
        table.tricks.feed(events)
        table.last_events = events
        for connection in list(table.connections):
            connection.send(table.view_message(connection.seat, events))
        self._schedule_bot(table)

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

    def _schedule_bot(self, table: LiveTable) -> None:
        if self._closing or table.state.is_over:
            return
        seat = table.state.to_act
        if seat is None or seat not in table.bots:
            return
        table.bot_task = asyncio.create_task(self._bot_turn(table, seat, table.version))

    async def _bot_turn(self, table: LiveTable, seat: int, version: int) -> None:
        if self.bot_delay and any(kind == "human" for kind in table.seats):
            await asyncio.sleep(self.bot_delay)
        view = table.state.view(seat)
        bot = table.bots[seat]
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


def _deal_of_action(state: GameState) -> int:
    """The deal the last applied action belongs to: the last deal that has actions."""
    logs = state.deal_logs()
    for index in range(len(logs) - 1, -1, -1):
        if logs[index].actions:
            return index
    return 0


def _error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


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
    )
    return table


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))
