"""A tournament's steps: its start, each Swiss round's seating once the round in play is
over, an arena's new tables for whoever waits, the end; and each table's results counted
into the standings (from its record, once), including a table whose end its process did
not get to count. Each step that several processes could take is claimed first
(``store.claim``); the service takes them (``TournamentService.step``)."""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine

from koloda.club.ratings import results_scores
from koloda.core.registry import load_rules
from koloda.server.seating import HUMAN, LEFT
from koloda.server.tournaments import store
from koloda.server.tournaments.pairing import arena_tables, seat_shares, swiss_round

if TYPE_CHECKING:
    from koloda.server.tournaments.service import TournamentService

log = logging.getLogger("koloda.tournaments")

BOT = LEFT
"""The bot in every seat no entrant fills, and standing in for one who withdrew."""


def table_results(record: dict[str, Any]) -> tuple[list[float], list[float]]:
    """A finished tournament table's result for each seat (``pairing.seat_shares``) and its
    points (the sum of its deals' points, higher better), from its record: the sides are
    ranked by the game's own result when the game ended, else by those points."""
    info = load_rules(record["game"], record.get("options", {})).info
    points = [0.0] * info.num_seats
    for deal in record["deals"]:
        if "scores" in deal:
            for seat, value in enumerate(info.seat_points(tuple(deal["scores"]))):
                points[seat] += value
    by_points = [points[side[0]] for side in info.sides]
    sides = results_scores(info, record) if record.get("finished") is True else by_points
    return seat_shares(info.sides, sides), points


class Steps:
    """The steps of ``service``'s tournaments."""

    def __init__(self, service: TournamentService) -> None:
        self.service = service

    @property
    def engine(self) -> Engine:
        return self.service.engine

    def now(self) -> float:
        return self.service.clock()

    async def count(self, tournament_id: str, table_id: str, record: dict[str, Any]) -> None:
        """A finished table's results into the standings (once)."""
        tournament = await self.service.tournament(tournament_id)
        shares, points = table_results(record)
        await asyncio.to_thread(
            store.table_ended, self.engine, tournament.id, table_id, shares, points,
            tournament.kind == "arena", self.now(),
        )  # fmt: skip

    async def _recount(self, tournament: store.Tournament) -> None:
        """Tables that ended without their results counted (their process stopped between
        the two): counted from their stored records."""
        tables = await asyncio.to_thread(store.tables, self.engine, tournament.id)
        waiting = [t.table_id for t in tables if not t.finished]
        for table_id, record in await asyncio.to_thread(
            store.finished_records, self.engine, waiting
        ):
            await self.count(tournament.id, table_id, record)

    async def step(self, tournament_id: str) -> None:
        """The tournament's due step, if any: a scheduled start, the next Swiss round once
        every table of the round ended, an arena's new tables, the end."""
        tournament = await self.service.tournament(tournament_id)
        now = self.now()
        if tournament.state == "open":
            if tournament.starts is not None and tournament.starts <= now:
                await self.start(tournament)
        elif tournament.state == "playing":
            await self._recount(tournament)
            if tournament.kind == "swiss":
                await self._swiss_step(tournament)
            else:
                await self._arena_step(tournament, now)

    async def start(self, tournament: store.Tournament) -> None:
        now = self.now()
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
        seats = self._seats(tournament)
        seating = [] if arena else await asyncio.to_thread(swiss_round, order, {}, seats)
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
        ranked, seats = [e.player for e in playing], self._seats(tournament)
        seating = await asyncio.to_thread(swiss_round, ranked, met, seats)  # 0.7 s at 200
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
            now - self.service.arena_fill_seconds
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
            table, tokens = await self.service.manager.create(
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
                store.unseat_players,
                self.engine,
                tournament.id,
                players,
                self.now(),
            )
            return
        seats = store.Seats(table.id, round_, seated, list(tokens), False, None, None)
        await asyncio.to_thread(store.add_table, self.engine, tournament.id, seats, self.now())
