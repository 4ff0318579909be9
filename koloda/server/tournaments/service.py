"""The tournaments' service: making one, entering and withdrawing, starting (by its maker, or
at its scheduled time), each round's or each arena table's seating, results as tables end,
and the standings. Its clock is injectable (``clock``), so that tests can move time.

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
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine

from koloda.club.ratings import state_scores
from koloda.core.registry import available_games, load_rules
from koloda.server.catalog import game_lobby
from koloda.server.players import Player
from koloda.server.seating import HUMAN, LEFT
from koloda.server.tournaments import store
from koloda.server.tournaments.pairing import arena_tables, seat_shares, swiss_round

if TYPE_CHECKING:
    from koloda.server.live import LiveTable
    from koloda.server.tables import TableManager

log = logging.getLogger("koloda.tournaments")

KINDS = ("swiss", "arena")
BOT = LEFT
"""The bot in every seat no entrant fills, and standing in for one who withdrew."""


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


def table_results(table: LiveTable, deals: int) -> tuple[list[float], list[float]]:
    """A finished tournament table's result for each seat (``pairing.seat_shares``) and its
    points (the sum of its deals' points, higher better): the sides are ranked by the game's
    own result when the game ended, else by those points."""
    info, state = table.rules.info, table.state
    points = [0.0] * info.num_seats
    for scores in state.deal_scores()[:deals]:
        for seat, value in enumerate(info.seat_points(scores)):
            points[seat] += value
    by_points = [points[side[0]] for side in info.sides]
    sides = state_scores(info, state) if state.is_over else by_points
    return seat_shares(info.sides, sides), points


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
        await self._start(tournament)

    # ----- steps --------------------------------------------------------------------------------

    def table_ended(self, table: LiveTable) -> None:
        """A tournament's table ended (from its owner): its results are counted, and the
        tournament's next step taken (in the background; the table does not wait)."""
        tournament = table.seating.tournament
        assert tournament is not None
        self._spawn(self._table_ended(table, str(tournament["id"])))

    async def _table_ended(self, table: LiveTable, tournament_id: str) -> None:
        tournament = await self.tournament(tournament_id)
        shares, points = table_results(table, tournament.deals)
        await asyncio.to_thread(
            store.table_ended, self.engine, tournament.id, table.id, shares, points,
            tournament.kind == "arena", self.clock(),
        )  # fmt: skip
        await self.step(tournament.id)

    async def step(self, tournament_id: str) -> None:
        """The tournament's due step, if any: a scheduled start, the next Swiss round once
        every table of the round ended, an arena's new tables, the end."""
        tournament = await self.tournament(tournament_id)
        now = self.clock()
        if tournament.state == "open":
            if tournament.starts is not None and tournament.starts <= now:
                await self._start(tournament)
        elif tournament.state == "playing":
            if tournament.kind == "swiss":
                await self._swiss_step(tournament)
            else:
                await self._arena_step(tournament, now)

    async def _start(self, tournament: store.Tournament) -> None:
        now = self.clock()
        entrants = await asyncio.to_thread(store.entrants, self.engine, tournament.id)
        playing = [e for e in entrants if not e.withdrawn]
        if len(playing) < 2:  # a scheduled start without players: nothing to play
            await asyncio.to_thread(
                store.claim_step, self.engine, tournament, state="finished", started=now
            )
            return
        arena = tournament.kind == "arena"
        order = [e.player for e in playing]
        random.Random(f"koloda-tournament:{tournament.id}").shuffle(order)
        seating = [] if arena else swiss_round(order, {}, self._seats(tournament))
        claimed = await asyncio.to_thread(
            store.claim_step, self.engine, tournament, state="playing", started=now,
            ends=now + tournament.minutes * 60 if arena else None, round=0 if arena else 1,
            due=len(seating),
        )  # fmt: skip
        if not claimed:
            return
        if arena:
            await self.step(tournament.id)
            return
        names = {e.player: e.name for e in playing}
        for players in seating:
            await self._make_table(tournament, 1, players, names)

    @staticmethod
    def _seats(tournament: store.Tournament) -> int:
        return load_rules(tournament.game, tournament.options).num_seats

    async def _swiss_step(self, tournament: store.Tournament) -> None:
        """The next round once the round in play is over: all its tables made and ended."""
        tables = await asyncio.to_thread(store.tables, self.engine, tournament.id)
        in_play = [t for t in tables if t.round == tournament.round]
        if len(in_play) < tournament.due or not all(t.finished for t in in_play):
            return
        entrants = await asyncio.to_thread(store.entrants, self.engine, tournament.id)
        playing = [e for e in entrants if not e.withdrawn]
        if tournament.round >= tournament.rounds or not playing:
            await asyncio.to_thread(store.claim_step, self.engine, tournament, state="finished")
            return
        after = tournament.round + 1
        met = {e.player: e.met for e in playing}
        seating = swiss_round([e.player for e in playing], met, self._seats(tournament))
        claimed = await asyncio.to_thread(
            store.claim_step, self.engine, tournament, round=after, due=len(seating)
        )
        if not claimed:
            return
        names = {e.player: e.name for e in playing}
        for players in seating:
            await self._make_table(tournament, after, players, names)

    async def _arena_step(self, tournament: store.Tournament, now: float) -> None:
        if tournament.ends is not None and now >= tournament.ends:
            tables = await asyncio.to_thread(store.tables, self.engine, tournament.id)
            if all(t.finished for t in tables):
                await asyncio.to_thread(store.claim_step, self.engine, tournament, state="finished")
            return
        entrants = await asyncio.to_thread(store.entrants, self.engine, tournament.id)
        waiting = [e for e in entrants if e.waiting is not None and not e.withdrawn]
        if not waiting:
            return
        fill = min(e.waiting for e in waiting if e.waiting is not None) <= (
            now - self.arena_fill_seconds
        )
        groups = arena_tables([e.player for e in waiting], self._seats(tournament), fill)
        if not groups:
            return
        seated = [p for group in groups for p in group]
        claimed = await asyncio.to_thread(
            self._claim_players, tournament, seated, tournament.round + len(groups)
        )
        if not claimed:
            return
        names = {e.player: e.name for e in waiting}
        for index, players in enumerate(groups):
            await self._make_table(tournament, tournament.round + index + 1, players, names)

    def _claim_players(self, tournament: store.Tournament, players: list[str], made: int) -> bool:
        with self.engine.begin() as connection:
            if not store.claim(connection, tournament, round=made):
                return False
            store.seat_players(connection, tournament.id, players)
        return True

    async def _make_table(
        self, tournament: store.Tournament, round_: int, players: list[str], names: dict[str, str]
    ) -> None:
        rules = load_rules(tournament.game, tournament.options)
        seated: list[str | None] = [*players, *[None] * (rules.num_seats - len(players))]
        try:
            table, tokens = await self.manager.create(
                tournament.game,
                tournament.options,
                [HUMAN if p is not None else BOT for p in seated],
                names=[names[p] if p is not None else None for p in seated],
                hints=False,
                turn_seconds=tournament.turn_seconds,
                deals=tournament.deals,
                tournament={"id": tournament.id, "round": round_, "kind": tournament.kind},
            )
        except Exception:
            log.exception("a table of tournament %s was not made", tournament.id)
            await asyncio.to_thread(
                store.unseat_players, self.engine, tournament.id, players, self.clock()
            )
            return
        seats = store.Seats(table.id, round_, seated, list(tokens), False, None, None)
        await asyncio.to_thread(store.add_table, self.engine, tournament.id, seats, self.clock())

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
