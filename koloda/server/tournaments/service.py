"""The tournaments' service: making one, entering and withdrawing, starting (by its maker, or
at its scheduled time), and taking each due step (``steps``: seatings, results, the end) as
tables end and on a tick. Its clock is injectable (``clock``), so that tests can move time.

A tournament's card table is an ordinary table made for ``deals`` deals of the preset: no
hints, no undo, no rematch, the turn clock on, the normal bot in the seats nobody fills, and
it plays on when its people are gone (a person who is gone is played by the normal bot until
he is back, as at every table). A player who withdraws (or leaves his table) is played by
the normal bot to the end of his current table, and seated at no other.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine

from koloda.core.registry import available_games, load_rules
from koloda.server.catalog import game_lobby
from koloda.server.players import Player
from koloda.server.seating import HUMAN
from koloda.server.tournaments import store
from koloda.server.tournaments.steps import Steps

if TYPE_CHECKING:
    from koloda.server.live import LiveTable
    from koloda.server.tables import TableManager

log = logging.getLogger("koloda.tournaments")

KINDS = ("swiss", "arena")


class TournamentError(Exception):
    """A refused request: ``status`` is its HTTP status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class Terms:
    """What a tournament's maker chooses (checked by the routes' model)."""

    name: str
    game: str
    preset: str
    kind: str
    rounds: int = 3
    minutes: int = 30
    deals: int = 2
    turn_seconds: float = 60.0
    starts_in: int = 0
    """Minutes from now to the scheduled start (0: its maker starts it)."""


class TournamentService:
    """The tournaments at ``manager``'s tables."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.clock: Callable[[], float] = time.time
        self.tick_seconds = 2.0
        """How often every process looks for a due step (a scheduled start, an arena's
        seating, a tournament's end)."""
        self.arena_fill_seconds = 20.0
        """An arena player waits this long for others before bots fill his table."""
        self.steps = Steps(self)
        self._tasks: set[asyncio.Task[None]] = set()
        self._loop: asyncio.Task[None] | None = None

    @property
    def engine(self) -> Engine:
        return self.manager.store.engine

    # ----- the maker's and the entrants' requests ----------------------------------------------

    async def create(self, terms: Terms, player: Player, name: str | None) -> store.Tournament:
        if terms.game not in available_games():
            raise TournamentError(404, f"no game {terms.game!r}")
        presets = {p.id: p for p in game_lobby(terms.game).presets}
        preset = presets.get(terms.preset)
        if preset is None:
            raise TournamentError(422, f"no preset {terms.preset!r} of {terms.game}")
        if terms.kind not in KINDS:
            raise TournamentError(422, "a tournament is 'swiss' or 'arena'")
        rules = load_rules(terms.game, dict(preset.options))
        if rules.info.program_length and terms.deals > rules.info.program_length:
            raise TournamentError(
                422, f"a game of {terms.game} has {rules.info.program_length} deals"
            )
        now = self.clock()
        made = store.Tournament(
            id=secrets.token_urlsafe(9),
            name=terms.name,
            game=terms.game,
            preset=preset.id,
            options=rules.options_json(),
            kind=terms.kind,
            rounds=terms.rounds,
            minutes=terms.minutes,
            deals=terms.deals,
            turn_seconds=terms.turn_seconds,
            creator=player.key,
            created=now,
            starts=now + terms.starts_in * 60 if terms.starts_in else None,
            started=None,
            ends=None,
            round=0,
            due=0,
            state="open",
            version=0,
        )
        await asyncio.to_thread(store.create, self.engine, made)
        await self.join(made.id, player, name)
        return made

    async def tournament(self, tournament_id: str) -> store.Tournament:
        found = await asyncio.to_thread(store.get, self.engine, tournament_id)
        if found is None:
            raise TournamentError(404, f"no tournament {tournament_id!r}")
        return found

    async def join(self, tournament_id: str, player: Player, name: str | None) -> None:
        """Enter a tournament that is open (an arena's until it ends)."""
        tournament = await self.tournament(tournament_id)
        if tournament.state == "finished" or (
            tournament.state == "playing" and tournament.kind == "swiss"
        ):
            raise TournamentError(409, "this tournament takes no more entrants")
        shown = player.name or name
        if not shown:
            raise TournamentError(422, "a guest enters with a name")
        fresh = await asyncio.to_thread(
            store.join, self.engine, tournament.id, player.key, shown, player.account_id,
            self.clock(),
        )  # fmt: skip
        if not fresh:
            raise TournamentError(409, "you are in this tournament already")
        if tournament.state == "playing":
            await self.step(tournament.id)

    async def withdraw(self, tournament_id: str, player: Player) -> None:
        """The player plays no more tables: the normal bot plays his seat to the end of his
        current table."""
        tournament = await self.tournament(tournament_id)
        done = await asyncio.to_thread(store.withdraw, self.engine, tournament.id, player.key)
        if not done:
            raise TournamentError(409, "you are not playing in this tournament")
        for seats in await asyncio.to_thread(store.tables, self.engine, tournament.id):
            if seats.finished or player.key not in seats.players:
                continue
            table = await self.manager.get(seats.table_id)
            if table is not None:
                seat = seats.players.index(player.key)
                await self.manager.run(table, functools.partial(self._hand_over, seat=seat))

    async def _hand_over(self, table: LiveTable, seat: int) -> None:
        if table.seats[seat] == HUMAN and not table.finished:
            await self.manager.leave_seat(table, seat)

    async def left(self, table: LiveTable, seat: int) -> None:
        """A person left a tournament's table (from its owner, before the table plays on, so
        that he is withdrawn before its end seats the next round): he is withdrawn."""
        found = await asyncio.to_thread(store.table, self.engine, table.id)
        if found is None:
            return
        tournament, seats = found
        player = seats.players[seat]
        if player is not None:
            await asyncio.to_thread(store.withdraw, self.engine, tournament, player)

    async def start(self, tournament_id: str, player: Player) -> None:
        """Its maker starts it (two entrants at least)."""
        tournament = await self.tournament(tournament_id)
        if tournament.creator != player.key:
            raise TournamentError(403, "only the tournament's maker starts it")
        if tournament.state != "open":
            raise TournamentError(409, "the tournament has started already")
        entrants = await asyncio.to_thread(store.entrants, self.engine, tournament.id)
        if sum(not e.withdrawn for e in entrants) < 2:
            raise TournamentError(409, "a tournament starts with two players at least")
        await self.steps.start(tournament)

    # ----- steps --------------------------------------------------------------------------------

    def table_ended(self, table: LiveTable) -> None:
        """A tournament's table ended (from its owner): its results are counted, and the
        tournament's next step taken (in the background; the table does not wait)."""
        tournament = table.seating.tournament
        assert tournament is not None
        self._spawn(self._table_ended(table, str(tournament["id"])))

    async def _table_ended(self, table: LiveTable, tournament_id: str) -> None:
        assert table.record is not None
        await self.steps.count(tournament_id, table.id, table.record)
        await self.step(tournament_id)

    async def step(self, tournament_id: str) -> None:
        """The tournament's due step, if any (``Steps.step``)."""
        await self.steps.step(tournament_id)

    # ----- the loop -----------------------------------------------------------------------------

    def run(self) -> None:
        """Look for due steps every ``tick_seconds`` (from the app's start)."""
        self._loop = asyncio.get_running_loop().create_task(self._ticks())

    async def stop(self) -> None:
        for task in [self._loop, *self._tasks]:
            if task is not None:
                task.cancel()
        self._loop = None

    async def _ticks(self) -> None:
        while True:
            await asyncio.sleep(self.tick_seconds)
            try:
                for tournament in await asyncio.to_thread(store.active, self.engine):
                    await self.step(tournament.id)
            except Exception:
                log.exception("a tournament step failed; tried again at the next tick")

    def _spawn(self, work: Any) -> None:
        async def guarded() -> None:
            try:
                await work
            except Exception:
                log.exception("a tournament's table result was not counted")

        task = asyncio.get_running_loop().create_task(guarded())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
