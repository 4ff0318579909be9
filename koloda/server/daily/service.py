"""The deal of the day's service: attempts (one per player, game and day) played at ordinary
tables in a daily mode, results written as each deal ends, the ranking, and the day's
reveal once it closes. The clock is injectable (``clock``), so that tests can close a day.

A daily table is an ordinary table: private, no hints, not rated, the day's bots at the
other seats, dealt from the day's seed (so everyone gets the same cards, and since a bot's
randomness comes from the table's seed and the position, the same play brings the same bot
moves). While the day is open its seed stays secret: a daily table's finished record (101
can end before the set does) carries the commitment only, and it offers no undo
(``Seating.daily``).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import os
import random
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine

from koloda.records.fairness import commitment
from koloda.server.daily import store as daily_store
from koloda.server.daily.days import (
    PERSON_SEAT,
    Clock,
    DailyGame,
    closes_at,
    daily_game,
    daily_games,
    day_of,
    day_seed,
    utc_now,
)
from koloda.server.daily.scoring import Field, Standing, standing, standings
from koloda.server.players import Player, places

if TYPE_CHECKING:
    from koloda.server.live import LiveTable
    from koloda.server.tables import TableManager

log = logging.getLogger("koloda.daily")

SECRET_ENV = "KOLODA_DAILY_SECRET"
"""The server's secret for the days' seeds, when set (else one kept in the database)."""
RANKED = 100
"""Rows of a day's ranking shown (the player's own row is shown besides)."""


class DailyError(Exception):
    """A refused request: ``status`` is its HTTP status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def person_points(table: LiveTable, deals: int) -> list[int]:
    """The person's points on each finished deal of the set, oriented so that higher is
    better (a penalty counts negative; a side's points in a partnership game)."""
    info = table.rules.info
    return [
        round(info.seat_points(scores)[PERSON_SEAT]) for scores in table.state.deal_scores()[:deals]
    ]


class DailyService:
    """The deal of the day at ``manager``'s tables."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.clock: Clock = utc_now
        self.deals: dict[str, int] = {}
        """A game's set size when not the measured one (tests play short sets)."""
        self._secret: str | None = os.environ.get(SECRET_ENV) or None
        self.lines_made: dict[tuple[str, str], list[dict[str, Any]]] = {}
        """A closed day's lines, made once (``reveal.lines``)."""
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def engine(self) -> Engine:
        return self.manager.store.engine

    def secret(self) -> str:
        """The server's secret (read from the database once; blocking)."""
        if self._secret is None:
            self._secret = daily_store.server_secret(self.engine)
        return self._secret

    def today(self) -> dt.date:
        return day_of(self.clock())

    def game(self, name: str) -> DailyGame | None:
        if name not in {g.game for g in daily_games()}:
            return None
        made = daily_game(name)
        if name in self.deals:
            deals = self.deals[name]
            seconds = round(made.seconds * deals / made.deals)
            made = DailyGame(made.game, made.preset, made.options, made.num_seats, deals, seconds)
        return made

    def games(self) -> list[DailyGame]:
        return [g for g in (self.game(d.game) for d in daily_games()) if g is not None]

    # ----- playing ---------------------------------------------------------------------------

    async def start(self, game: DailyGame, player: Player) -> daily_store.Attempt:
        """The player's attempt at today's set: his table made, at the seed of the day; a
        second attempt refused (409) on every process."""
        day = self.today()
        secret = await asyncio.to_thread(self.secret)
        engine = self.engine
        fresh = await asyncio.to_thread(
            daily_store.reserve,
            engine, day.isoformat(), game.game, player.key, player.name, player.account_id,
            time.time(),
        )  # fmt: skip
        if not fresh:
            raise DailyError(
                409, f"one attempt a day: today's {game.game} set was played from this "
                "account or browser already",
            )  # fmt: skip
        try:
            table, tokens = await self.manager.create(
                game.game,
                game.options,
                game.seats(),
                names=[player.name if s == PERSON_SEAT else None for s in range(game.num_seats)],
                hints=False,
                seed=day_seed(secret, day, game.game),
                daily={"day": day.isoformat(), "game": game.game, "deals": game.deals},
            )
        except BaseException:
            await asyncio.to_thread(
                daily_store.forget, engine, day.isoformat(), game.game, player.key
            )
            raise
        table.rng = random.Random(f"{table.seed}:bots")  # the same play, the same bot moves
        token = tokens[PERSON_SEAT]
        await asyncio.to_thread(
            daily_store.seat_attempt,
            engine, day.isoformat(), game.game, player.key, table.id, token,
        )  # fmt: skip
        attempt = await asyncio.to_thread(
            daily_store.attempt_of, engine, day.isoformat(), game.game, player.key
        )
        assert attempt is not None
        return attempt

    def deal_ended(self, table: LiveTable) -> None:
        """A deal of ``table`` ended (from its owner): when it is a daily attempt, its new
        results are written (in the background; the table does not wait)."""
        game = table.rules.name
        seed = table.seed
        points = [
            round(table.rules.info.seat_points(scores)[PERSON_SEAT])
            for scores in table.state.deal_scores()
        ]
        task = asyncio.get_running_loop().create_task(self._record(table, game, seed, points))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _record(self, table: LiveTable, game: str, seed: str, points: list[int]) -> None:
        try:
            day = await asyncio.to_thread(self._day_of_seed, game, seed)
            if day is None:
                return
            daily = self.game(game)
            assert daily is not None
            attempt = await asyncio.to_thread(daily_store.attempt_at, self.engine, table.id)
            if attempt is None or attempt.day != day.isoformat():
                return
            await asyncio.to_thread(
                daily_store.add_results, self.engine, attempt, points[: daily.deals]
            )
        except Exception:
            log.exception("the daily results of table %s were not written", table.id)

    def _day_of_seed(self, game: str, seed: str) -> dt.date | None:
        """The open (or just closed) day whose seed ``seed`` is, for ``game``."""
        if self.game(game) is None:
            return None
        today = self.today()
        for day in (today, today - dt.timedelta(days=1)):
            if day_seed(self.secret(), day, game) == seed:
                return day
        return None

    # ----- reading ---------------------------------------------------------------------------

    def closed(self, day: dt.date) -> bool:
        return day < self.today()

    def field(self, day: dt.date, game: DailyGame) -> Field:
        rows = daily_store.counts(self.engine, day.isoformat(), game.game)
        return Field.from_counts(game.deals, rows)

    def summary(self, day: dt.date, game: DailyGame, player: Player | None) -> dict[str, Any]:
        """A game's day as the pages show it (blocking): the commitment, the seed once the
        day is closed, the ranking of the signed-in players, each deal's field, the player's
        own attempt and standing."""
        iso = day.isoformat()
        closed = self.closed(day)
        field = self.field(day, game)
        everyone = daily_store.attempts(self.engine, iso, game.game)
        ranked = standings(
            field, [(a.player, a.name or "", a.points) for a in everyone if a.account_id]
        )
        seed = day_seed(self.secret(), day, game.game)
        mine = None
        if player is not None:
            attempt = daily_store.attempt_of(self.engine, iso, game.game, player.key)
            if attempt is not None and attempt.table_id:
                mine = self._mine(field, ranked, attempt, closed)
        return {
            "day": iso,
            "game": game.game,
            "preset": game.preset,
            "deals": game.deals,
            "minutes": max(1, round(game.seconds / 60)),
            "closed": closed,
            "closes_at": closes_at(day).isoformat(),
            "commitment": commitment(seed),
            "seed": seed if closed else None,
            "players": sum(1 for a in everyone if a.deals_done),
            "ranking": [
                _row(place, s)
                for place, s in zip(ranked_places(ranked)[:RANKED], ranked[:RANKED], strict=True)
            ],
            "fields": [
                {"deal": d, "players": f.players, "average": f.average(), "best": f.best()}
                for d, f in enumerate(field.deals)
            ],
            "mine": mine,
        }

    def _mine(
        self, field: Field, ranked: list[Standing], attempt: daily_store.Attempt, closed: bool
    ) -> dict[str, Any]:
        own = standing(field, attempt.player, attempt.name or "", attempt.points)
        place = next(
            (
                at
                for at, s in zip(ranked_places(ranked), ranked, strict=True)
                if s.key == attempt.player
            ),
            None,
        )
        done = attempt.deals_done >= len(field.deals)
        return {
            "table_id": attempt.table_id,
            "token": None if done or closed else attempt.token,
            "finished": done,
            "deals_done": attempt.deals_done,
            "guest": attempt.account_id is None,
            "rank": place,
            **_row(place, own),
        }

    def history(self, player: Player, limit: int = 60) -> list[dict[str, Any]]:
        """The player's days, the newest first (blocking): each set's score and points
        against its field as it stands."""
        out = []
        for attempt in daily_store.attempts_of(self.engine, player.key, limit):
            game, day = self.game(attempt.game), dt.date.fromisoformat(attempt.day)
            if game is None:
                continue
            own = standing(self.field(day, game), attempt.player, "", attempt.points)
            out.append(
                {
                    "day": attempt.day,
                    "game": attempt.game,
                    "deals": game.deals,
                    "deals_done": attempt.deals_done,
                    "score": round(own.score, 2),
                    "total": own.total,
                }
            )
        return out


def ranked_places(ranked: list[Standing]) -> list[int]:
    """Each standing's place: equal scores and points share one."""
    return places([(s.score, s.total) for s in ranked])


def _row(place: int | None, s: Standing) -> dict[str, Any]:
    return {
        "rank": place,
        "name": s.name,
        "score": round(s.score, 2),
        "total": s.total,
        "points": list(s.points),
        "percents": [round(p, 2) for p in s.percents],
    }
