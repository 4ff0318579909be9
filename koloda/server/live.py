"""A live table in memory: its game, the people at it and their connections, and what it
says to each of them. The ``TableManager`` (``tables``) holds every live table, and changes
one only from that table's owner task (``actor``).
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import hmac
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from koloda.bots import AnyBot, make_bot
from koloda.bots.base import sees_everything
from koloda.core.dealing import Shuffler
from koloda.core.engine import AnyRules, AnyState, DealSetup
from koloda.core.errors import OptionError
from koloda.core.events import DealScored, Event
from koloda.core.presentation import sheet_to_json
from koloda.i18n import LANGUAGES, Speaker
from koloda.records import parse_record, record_from_state, replay, results_document
from koloda.records.fairness import FAIRNESS_KEY, commitment, deal_seed, proof
from koloda.server.practice import Practice, practice_people, practice_record, practice_view
from koloda.server.seating import HUMAN, OPEN, Seating, SeatingError, clean_name, seat_state
from koloda.server.sheet_html import render_sheet_html
from koloda.server.store import NewTable, StoredTable
from koloda.server.views import (
    TrickTracker,
    events_json,
    game_facts,
    hands_left,
    public_view_json,
    replay_into_deal,
    seat_view_json,
)

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
    """A refused client message: ``code`` as docs/protocol.md names them."""

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
        """None for a spectator, and once the person left his seat."""
        self.last_chat = 0.0
        self.close_code = 1000
        """The WebSocket close code once closed (1008: the client broke a limit)."""
        self.closed = False
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        """Messages as JSON text: made at once, so that no tree of objects waits in a queue
        for the garbage collector to walk (``collector``)."""

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message (or its JSON text, when one text goes to several connections)."""
        if self.closed:
            return
        if self.outbox.qsize() > 2000:  # a client that does not read is dropped
            self.close()
            return
        self.outbox.put_nowait(message if isinstance(message, str) else dumps(message))

    def close(self, code: int = 1000) -> None:
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.outbox.put_nowait(None)


@dataclass
class Act:
    seat: int
    text: str
    version: int | None
    connection: Connection | None
    bot: bool = False
    received: float = field(default_factory=time.perf_counter)
    """When the server took it in (its handling time is measured to the broadcast)."""


@dataclass
class Sync:
    connection: Connection


@dataclass
class Leave:
    connection: Connection


@dataclass
class Run:
    """Run the coroutine ``function(table)`` in the owner, between actions."""

    function: Callable[[LiveTable], Awaitable[Any]]
    future: asyncio.Future[Any]


@dataclass
class Call:
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
    queue: asyncio.Queue[Act | Sync | Call | Run | Leave] = field(default_factory=asyncio.Queue)
    task: asyncio.Task[None] | None = None
    bot_task: asyncio.Task[None] | None = None
    rng: random.Random = field(default_factory=lambda: random.Random(secrets.randbits(64)))
    record: dict[str, Any] | None = None
    sheet_cache: tuple[tuple[int, str], dict[str, Any]] | None = None
    opening_cache: tuple[tuple[int, int], list[Event]] | None = None
    hands_left_cache: tuple[int, list[list[str]]] | None = None
    deals_scored: int = 0
    seen: set[int] = field(default_factory=set)
    """People's seats that have been connected at least once (bots wait for them)."""
    waiting: set[int] = field(default_factory=set)
    """Seats whose "next deal" the bots wait for, after a deal's end (until ``pause_until``)."""
    pause_until: float = 0.0
    bot_version: int = -1
    """The version a bot is thinking at (one bot turn per version)."""
    away: set[int] = field(default_factory=set)
    """People's seats the normal bot plays (turn clock run out, or grace period over) till back."""
    stand_ins: dict[int, AnyBot] = field(default_factory=dict)
    grace: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    """People's seats nobody is connected to, whose grace period runs (until ``away``)."""
    clock_version: int = -1
    clock_started: float = 0.0
    """When the turn clock of ``clock_version`` started (``time.monotonic``)."""
    last_active: float = field(default_factory=time.monotonic)
    busy: bool = False
    """The owner is handling an item (an action may be applied but not yet stored)."""
    practice: Practice = field(default_factory=Practice)

    @property
    def finished(self) -> bool:
        """The game is over, or the table's set of deals is played (``Seating.deals``): no
        one acts at it any more."""
        return self.state.is_over or self.set_played(self.deals_scored)

    def set_played(self, scored: int) -> bool:
        """Whether ``scored`` deals complete the table's set (``Seating.deals``)."""
        return self.seating.deals is not None and scored >= self.seating.deals

    @property
    def dealing_seed(self) -> str:
        """The seed the deals come from: the table's, mixed with the players' randomness."""
        return deal_seed(self.seed, self.seating.entropy or ())

    def entropy_pending(self) -> list[int]:
        """People's seats whose randomness the first deal waits for."""
        return self.seating.entropy_pending(self.seats)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token plays (None for a spectator); raises TableError('forbidden') for a
        wrong token, and for the token of a seat its person left."""
        if token is None or token == "":
            return None
        wanted = hash_token(token)
        for seat, stored in enumerate(self.token_hashes):
            if stored is not None and hmac.compare_digest(stored, wanted):
                return seat
        raise TableError("forbidden", "wrong token for this table")

    def players_here(self) -> set[int]:
        """The seats with a connection."""
        return {c.seat for c in self.connections if c.seat is not None}

    def played_by_bots(self) -> bool:
        """Whether bots play every seat now: no person's seat, or each one away (a stand-in
        plays it) or open."""
        return all(
            kind != HUMAN or seat in self.away or self.token_hashes[seat] is None
            for seat, kind in enumerate(self.seats)
        )

    def offered(self) -> bool:
        """Whether the public list and "play now" offer the table: public, not over, with a
        seat free for a person, and someone seated here now, or else a game still in its
        first deal whose every other seat is a bot's (one "play now" has just made)."""
        if not self.seating.public or self.finished:
            return False
        if not {"open", "joinable"} & set(self.seat_states()):
            return False
        here = self.players_here()
        return bool(here) or fresh_for_joiners(self.seats, self.token_hashes, self.state.deal_index)

    def seat_states(self) -> list[str]:
        return [
            seat_state(kind, self.token_hashes[s], self.seating, s)
            for s, kind in enumerate(self.seats)
        ]

    def presence(self) -> dict[str, Any]:
        """Who is here: the seats with a connection, and how many watch."""
        online = sorted(self.players_here())
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
            "rated": self.seating.rated,
            "deals": self.seating.deals,
            "tournament": self.seating.tournament,
            **practice_people(self),
            "rematch": self.seating.rematch,
            "commitment": self.commitment,
            "entropy": None
            if self.seating.entropy is None
            else {
                "given": [s for s, v in enumerate(self.seating.entropy) if v is not None],
                "pending": self.entropy_pending(),
            },
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
            "finished": self.finished,
            "version": self.version,
            "deal": self.state.deal_index,
            "public": self.seating.public,
            "rematch": self.seating.rematch,
            "rated": self.seating.rated,
            "event": self.seating.event,
        }

    @functools.cached_property
    def commitment(self) -> str:
        """The SHA-256 of the seed, shown to everyone before the first deal."""
        return commitment(self.seed)

    @functools.cached_property
    def facts(self) -> dict[str, Any]:
        """The game's facts for the table page (the same for the table's whole life)."""
        return game_facts(self.rules)

    def view_message(
        self,
        seat: int | None,
        events: Sequence[Event] = (),
        people: dict[str, Any] | None = None,
        shared_events: dict[int, dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        """What a seat (None: a spectator) is sent after a change: its view, the events as
        it may see them, who is at the table (``people``, when already made) and the
        game's facts. ``shared_events``: the public events made for another seat of the
        same broadcast (``views.events_json``)."""
        if seat is None:
            view = public_view_json(self.rules, self.state)
        else:
            view = seat_view_json(self.rules, self.state, seat)
        view["last_trick"] = self.tricks.last
        view["seat_kinds"] = self.seats
        view["deals_scored"] = self.deals_scored
        view["finished"] = self.finished
        message = {
            "type": "view",
            "version": self.version,
            "seat": seat,
            "view": view,
            "events": events_json(events, seat, self.rules.num_seats, shared_events),
            "table": people if people is not None else self.people(),
            "facts": self.facts,
            "clock_left": self.clock_left(),
        }
        practice_view(self, seat, message)  # open hands, undo
        if self.rules.info.hands_shown_at_deal_end and any(
            isinstance(e, DealScored) for e in events
        ):
            message["hands_left"] = self.hands_left()
        return message

    def hands_left(self) -> list[list[str]]:
        """Each hand's cards left at the last complete deal's end (views.hands_left)."""
        done = len(self.state.deal_scores())
        if self.hands_left_cache is None or self.hands_left_cache[0] != done:
            logs = self.state.deal_logs()
            self.hands_left_cache = (
                done,
                hands_left(self.rules, logs, done - 1, self.first_dealer),
            )
        return self.hands_left_cache[1]

    def clock_left(self) -> float | None:
        """The seconds left on the turn clock running now (None when none runs), so that a
        page opened during the turn shows the time really left."""
        seconds = self.seating.turn_seconds
        if not seconds or self.clock_version != self.version or self.state.to_act is None:
            return None
        return max(0.0, seconds - (time.monotonic() - self.clock_started))

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

    def stored_row(self) -> NewTable:
        """The table as the store first writes it: its game, seats, seed and first deals."""
        return NewTable(
            id=self.id,
            game=self.rules.name,
            options=self.options,
            seats=self.seats,
            token_hashes=self.token_hashes,
            seed=self.seed,
            first_dealer=self.first_dealer,
            setups=self.new_setups(),
            seating=self.seating.to_json(),
        )

    def finished_record(self) -> dict[str, Any]:
        """The finished game's (or set's) record with results, revealing the seed
        (records.fairness); a deal of the day's carries no proof (the day's page adds it
        once the day closes)."""
        document = record_from_state(self.rules, self.state, first_dealer=self.first_dealer)
        document["options"] = self.options
        record = parse_record(document)
        results = results_document(record, self.state)
        if self.seating.daily is None:  # a deal of the day's seed stays secret till the day closes
            results[FAIRNESS_KEY] = proof(self.seed, self.seating.entropy or ())
        return practice_record(self, results)

    def seat_names(self, lang: str) -> list[str]:
        """The players as the web table calls them: a person's chosen name, else ``Seat 2``;
        a bot as ``Bot 2`` (the table shows its level beside)."""
        words = Speaker(lang, [])
        names = []
        for s, kind in enumerate(self.seats):
            chosen = self.seating.names[s]
            if kind.startswith("bot:"):
                names.append(words.word("ui.bot_name").format(s + 1))
            else:
                names.append(chosen or f"{words.word('ui.seat')} {s + 1}")
        return names

    def opening(self) -> list[Event]:
        """The events of the deal in play so far (who deals it, 101's starter and what it
        does, Tressette's declarations, then every move), for the log of someone who arrives
        during it; none before the first deal or after the game. Replayed from the record,
        once a move."""
        logs = self.state.deal_logs()
        if not logs or self.finished:
            return []
        key = (len(logs), len(logs[-1].actions))
        if self.opening_cache is None or self.opening_cache[0] != key:
            _, events = replay_into_deal(
                self.rules, logs, self.first_dealer, len(logs) - 1, len(logs[-1].actions)
            )
            self.opening_cache = (key, events)
        return self.opening_cache[1]


def close_set(table: LiveTable, events: list[Event]) -> list[Event]:
    """The set's last deal is scored: the table keeps the game as it stood then, not the
    next deal its state has dealt (no card of it is stored or shown); the events are
    cut after the set's last score."""
    document = record_from_state(table.rules, table.state, first_dealer=table.first_dealer)
    document["options"] = table.options
    document["deals"] = document["deals"][: table.seating.deals]
    table.state = replay(parse_record(document))
    scored = [i for i, event in enumerate(events) if isinstance(event, DealScored)]
    return events[: scored[-1] + 1] if scored else events


def score_sheet(table: LiveTable, lang: str = "en") -> dict[str, Any]:
    """The table's score sheet: each complete deal's results, the totals, the game's sheet
    as data and as HTML in ``lang`` (kept until the next action)."""
    lang = lang if lang in LANGUAGES else LANGUAGES[0]
    key = (table.version, lang)
    if table.sheet_cache is not None and table.sheet_cache[0] == key:
        return table.sheet_cache[1]
    rules, state = table.rules, table.state
    deals = [rules.deal_results_json(state, i) for i in range(len(state.deal_scores()))]
    results = rules.results_json(state)
    data = rules.score_sheet(state)
    sheet = {
        "table_id": table.id,
        "game": rules.name,
        "version": table.version,
        "deals": deals,
        "totals": results.get("totals"),
        "finished": table.finished,
        "results": {k: v for k, v in results.items() if k != "to_act"},
        "sheet": sheet_to_json(data),
        "lang": lang,
        "html": render_sheet_html(data, table.seat_names(lang), lang),
    }
    table.sheet_cache = (key, sheet)
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
        name = kind.removeprefix("bot:")
        if sees_everything(name):
            raise OptionError(f"bot {name!r} reads every hand: not at a table of players")
        if ":" in name:  # a search of any size would hold a worker for as long as it asks
            raise OptionError(f"bot {name!r}: a table takes the bots by name, without a budget")
        make_bot(name, rules)
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


def fresh_for_joiners(
    seats: Sequence[str], token_hashes: Sequence[str | None], deal_index: int
) -> bool:
    """A table nobody is at that "play now" may still offer: at most one seat taken by a
    person (bots play the others, or they are free) and still in its first deal."""
    pairs = zip(seats, token_hashes, strict=True)
    taken = sum(kind == HUMAN and token is not None for kind, token in pairs)
    return taken <= 1 and deal_index == 0


def error_message(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


def detached_future() -> asyncio.Future[Any]:
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
    seating = Seating.from_json(stored.seating, rules.num_seats)
    seats, token_hashes = list(stored.seats), list(stored.token_hashes)
    _hand_over_waiting(stored.seating or {}, seats, token_hashes, seating)
    set_played = seating.deals is not None and len(state.deal_scores()) >= seating.deals
    if not seating.entropy_pending(seats) and not set_played:
        state.resume_dealing(Shuffler(deal_seed(stored.seed, seating.entropy or ())))
    table = LiveTable(
        id=stored.id,
        rules=rules,
        options=stored.options,
        seats=seats,
        token_hashes=token_hashes,
        seed=stored.seed,
        first_dealer=stored.first_dealer,
        state=state,
        version=len(stored.actions),
        tricks=tricks,
        deals_scored=len(state.deal_scores()),
        known_setups=[log.setup for log in state.deal_logs()],
        record=stored.record,
        seating=seating,
    )
    return table


def _hand_over_waiting(
    data: dict[str, Any], seats: list[str], token_hashes: list[str | None], seating: Seating
) -> None:
    """Bots' seats that people took when a seat was handed over only at the next deal (as
    earlier versions stored it): theirs now."""
    names = data.get("pending_names") or []
    for seat, pending in enumerate(data.get("pending") or []):
        if pending is not None and seat < len(seats) and seats[seat] != HUMAN:
            seats[seat] = HUMAN
            token_hashes[seat] = pending
            seating.names[seat] = names[seat] if seat < len(names) else None


def dumps(message: dict[str, Any]) -> str:
    """A message as compact JSON text (orjson: the views are most of the server's work)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
