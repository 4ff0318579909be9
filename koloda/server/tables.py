"""Live tables: the ``TableManager`` holds every table this process plays and what they
share (the store, the bots' workers, the measures), and puts together the parts that play
them:

- ``ownership``: which tables live here (brought back, put away, a cluster's leases);
- ``actor``: each table's owner task, which applies actions one at a time, in order, stores
  them and only then announces them;
- ``bot_turns``: when the bots play, and the hints;
- ``presence``: the grace period of a person gone, and the turn clock;
- ``seat_changes``: seats handed over, left, and the people's randomness;
- ``messages``: what the connections send.

Bots think in worker threads and processes, so the event loop never waits for them.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from koloda.core.errors import OptionError
from koloda.core.registry import load_rules
from koloda.server.actor import STORE_UNAVAILABLE, Actor
from koloda.server.bot_turns import BotTurns
from koloda.server.cluster import Cluster
from koloda.server.daily.service import DailyService
from koloda.server.live import (
    Connection,
    LiveTable,
    hash_token,
    parse_names,
    parse_seats,
)
from koloda.server.messages import Messages
from koloda.server.metrics import Latencies
from koloda.server.ownership import Ownership
from koloda.server.practice import check_open_hands
from koloda.server.presence import Presence
from koloda.server.ratings_service import sweep_soon
from koloda.server.seat_changes import SeatChanges
from koloda.server.seating import HUMAN, OPEN, Seating, new_token
from koloda.server.store import Store
from koloda.server.thinking import Thinkers
from koloda.server.tournaments.service import TournamentService

__all__ = ["STORE_UNAVAILABLE", "TableManager", "new_table"]


class TableManager:
    """Every live table of this process, what they share, and the parts that play them."""

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
        self.tables: dict[str, LiveTable] = {}
        self.thinkers = Thinkers(threads=bot_threads, processes=bot_processes)
        """Quick bots think in threads, searching bots in worker processes (``thinking``)."""
        self.latencies = Latencies()
        """Receive → broadcast of every person's action (``GET /api/stats``)."""
        self.commit_waits = Latencies()
        """Of that latency, the wait for the store to commit the action (group commit)."""
        self.closing = False
        """Set once the manager closes: no bot starts and no grace period begins."""
        self.stalled: set[str] = set()
        """Tables whose last action waits for the store: their moves are refused meanwhile."""
        self.ownership = Ownership(self, idle_seconds=idle_seconds)
        self.actor = Actor(self, deal_pause=deal_pause)
        self.bots = BotTurns(self, bot_delay=bot_delay, wait_for_people=wait_for_people)
        self.presence = Presence(self, grace_seconds=grace_seconds)
        self.seats = SeatChanges(self)
        self.messages = Messages(self)
        self.daily = DailyService(self)
        """The deal of the day: its attempts are tables of this manager (``daily``)."""
        self.tournaments = TournamentService(self)
        """The tournaments: their rounds are tables of this manager (``tournaments``)."""

    # ----- life cycle ------------------------------------------------------------------------

    async def start(self) -> None:
        """Serve at once: stored tables are replayed lazily, on their first contact, and
        tables left alone are put away (``idle_seconds``). Rated tables whose ratings wait
        for an update that failed are settled (``ratings_service``). The tournaments' due
        steps are looked for from now on."""
        self.ownership.start()
        sweep_soon(self.store.engine)
        self.tournaments.run()

    async def close(self) -> None:
        """Every table stopped, and the bots' workers."""
        self.closing = True
        await self.tournaments.stop()
        await self.ownership.close()
        self.thinkers.shutdown()

    # ----- tables ------------------------------------------------------------------------------

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
        rated: str | None = None,
        open_hands: bool = False,
        seed: str | None = None,
        daily: dict[str, Any] | None = None,
        deals: int | None = None,
        tournament: dict[str, Any] | None = None,
    ) -> tuple[LiveTable, list[str | None]]:
        """A new table; raises OptionError naming what is wrong with the request.

        A ``human`` seat gets its token now; an ``open`` seat is a person's seat that anyone
        may join later (``join``); ``reserved`` seats wait for the holders of a previous
        table's tokens (a rematch). With ``entropy`` the first deal waits until every
        person's seat has given its randomness (``give_entropy``). A ``rated`` table's game
        counts for that rating (``ratings.rating_key``). A table with ``open_hands`` shows
        its one person every hand (``practice``). A table of ``deals`` ends once that many
        are scored (a deal of the day's set, a tournament's round).
        """
        table, tokens = new_table(
            game,
            options,
            seats,
            names,
            Seating(
                [],
                public=public,
                bots_yield=bots_yield,
                hints=hints,
                reserved=list(reserved) if reserved is not None else [],
                turn_seconds=turn_seconds,
                rated=rated,
                open_hands=open_hands,
                daily=daily,
                deals=deals if deals is not None else (daily or {}).get("deals"),
                tournament=tournament,
            ),
            entropy,
            seed,
        )
        if self.cluster is not None:
            owner = await self.ownership.acquire(table.id)
            assert owner is None, "a new table's id is taken"
        await self.store.create(table.stored_row())
        self.ownership.activate(table)
        return table, tokens

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table, brought back from the store if need be (None: no such table)."""
        return await self.ownership.get(table_id)

    async def load(self, table_id: str) -> LiveTable | None:
        """A stored table brought to life (``Ownership.load``)."""
        return await self.ownership.load(table_id)

    # ----- what the routes and the connections ask of a table ---------------------------------

    async def call(self, table: LiveTable, function: Callable[[LiveTable], Any]) -> Any:
        """``function(table)`` run by the owner: it sees only stored (acknowledged) states."""
        return await self.actor.call(table, function)

    async def run(self, table: LiveTable, function: Callable[[LiveTable], Awaitable[Any]]) -> Any:
        """The coroutine ``function(table)`` run by the owner, between actions."""
        return await self.actor.run(table, function)

    def sync(self, table: LiveTable, connection: Connection) -> None:
        """Send ``connection`` the current view and from then on every change."""
        self.actor.sync(table, connection)

    def leave(self, table: LiveTable, connection: Connection) -> None:
        """A connection is gone: the others hear who is still here."""
        self.actor.leave(table, connection)

    def submit(self, table: LiveTable, message: Any, connection: Connection) -> None:
        """A client's message, for the table's owner (``Messages.submit``)."""
        self.messages.submit(table, message, connection)

    def announce(self, table: LiveTable, but: Connection | None = None) -> None:
        """Every connection (``but`` one) hears who is at the table."""
        self.actor.announce(table, but)

    # ----- seats (from the owner) ------------------------------------------------------------

    async def store_seats(self, table: LiveTable) -> None:
        """The table's seats written to the store."""
        await self.seats.store(table)

    def seats_changed(self, table: LiveTable) -> None:
        """A seat changed hands: everyone gets his view, and its new player decides."""
        self.seats.changed(table)

    def deal_ended(self, table: LiveTable) -> None:
        """A deal of the table was scored (called by its owner): a deal of the day's
        attempt counts it."""
        self.daily.deal_ended(table)

    def table_ended(self, table: LiveTable) -> None:
        """The table's game (or its set of deals) ended (called by its owner): a
        tournament's counts its results."""
        if table.seating.tournament is not None:
            self.tournaments.table_ended(table)

    async def leave_seat(self, table: LiveTable, seat: int) -> None:
        """A person leaves his seat to the normal bot (``SeatChanges.leave_seat``); at a
        tournament's table he is withdrawn from the tournament."""
        await self.seats.leave_seat(table, seat)
        if table.seating.tournament is not None:
            await self.tournaments.left(table, seat)


def new_table(
    game: Any,
    options: Any,
    seats: Any,
    names: Any,
    seating: Seating,
    entropy: bool,
    seed: str | None = None,
) -> tuple[LiveTable, list[str | None]]:
    """A new live table (not stored yet) and its seats' tokens; ``seating`` is as asked but
    for the names, which are checked here. Raises OptionError naming what is wrong with the
    request."""
    if not isinstance(game, str):
        raise OptionError("'game' must be a game name")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise OptionError("'options' must be an object")
    rules = load_rules(game, options)
    requested = parse_seats(seats, rules)
    seating.names = parse_names(names, rules.num_seats)
    if not seating.reserved:
        seating.reserved = [None] * rules.num_seats
    if not 0 <= seating.turn_seconds <= 3600:
        raise OptionError("'turn_seconds' must be 0 (no clock) to 3600")
    check_open_hands(requested, seating)
    kinds = [HUMAN if kind == OPEN else kind for kind in requested]
    tokens: list[str | None] = [
        new_token() if kind == HUMAN and seating.reserved[s] is None else None
        for s, kind in enumerate(requested)
    ]
    if entropy and HUMAN in kinds:
        seating.entropy = [None] * rules.num_seats
    seed = seed or secrets.token_hex(16)
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
    return table, tokens
