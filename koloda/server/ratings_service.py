"""Ratings kept in the store's database: a rated table's players' ratings updated when its
game ends, an account's ratings and their history, a rated game's leaderboard.

A rated table is written as pending (``koloda_rating_pending``) when it is made. When its
game is over, one transaction takes the pending row (the write that takes SQLite's write
lock, and on PostgreSQL the row's lock, so two processes never update one table twice),
reads the players' ratings (``SELECT … FOR UPDATE`` on PostgreSQL), rates the finished
record (``koloda.club.ratings.rate_results``), and writes the ratings, their history and
the pending row's end. Two tables ending at once are thus serialised on their common
players' rows: neither update is lost. A failed update leaves the pending row (with the
error), and the next rated game's end, or the next process's start, tries it again.

A bot level is rated like a player, under the id ``bot:<level>``: it starts from the bot
ladder's figure for the rated game (``koloda.club.ladder``, the anchor that makes "hard
(1740)" mean something) and its rated games move it from there. A level that sits at several
seats of one table (two "normal" opponents) moves by the mean of those seats' changes. A
bot the ladder does not rate plays as a new player and is not kept. A person's seat is rated
for the account it is bound to; a seat a person left is still his (the bot that finished it
played for him).

The calls here are blocking (the database): the server runs them in a thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from koloda.club.ladder import shipped_ratings
from koloda.club.ratings import Rating, RatingError, rate_results, rated_presets, rating_key
from koloda.core.registry import available_games, load_game
from koloda.server.accounts_store import accounts_table, bindings_table
from koloda.server.ratings_store import (
    rating_history_table,
    rating_pending_table,
    ratings_table,
)
from koloda.server.store import tables_table

logger = logging.getLogger("koloda.server.ratings")

ATTEMPTS = 3
"""Tries of one update in a row when two new players' rows are made at once."""
BOT_PREFIX = "bot:"


@dataclass(frozen=True)
class KeptRating:
    """An account's rating in one rated game, with how many rated games made it."""

    rating_key: str
    rating: Rating
    games: int
    updated: float


@dataclass(frozen=True)
class Standing:
    """A leaderboard's line: the account's name and rating."""

    name: str
    rating: Rating
    games: int


def _seat_players(connection: Connection, table_id: str) -> dict[int, str]:
    """The account each bound seat of the table belongs to."""
    rows = connection.execute(
        select(bindings_table.c.seat, bindings_table.c.account_id).where(
            bindings_table.c.table_id == table_id
        )
    )
    return {int(row.seat): str(row.account_id) for row in rows}


def _current(connection: Connection, key: str, accounts: Sequence[str]) -> dict[str, Any]:
    """The accounts' rows under ``key``, locked until the transaction ends (PostgreSQL)."""
    rows = connection.execute(
        select(ratings_table)
        .where(ratings_table.c.rating_key == key, ratings_table.c.account_id.in_(accounts))
        .order_by(ratings_table.c.account_id)
        .with_for_update()
    )
    return {str(row.account_id): row for row in rows}


def _seat_bots(key: str, seats: Sequence[str], players: Mapping[int, str]) -> dict[int, str]:
    """The rated bot level (``bot:<level>``) at each seat a bot plays for itself: a level
    the ladder rates under ``key``, at a seat no account holds."""
    levels = shipped_bot_levels(key)
    return {
        seat: kind
        for seat, kind in enumerate(seats)
        if seat not in players
        and kind.startswith(BOT_PREFIX)
        and kind.removeprefix(BOT_PREFIX) in levels
    }


def _seat_ratings(
    key: str, seats: Sequence[str], holders: Mapping[int, str], rows: Mapping[str, Any]
) -> list[Rating]:
    """Every seat's rating before the game: its account's or bot level's as kept, a bot
    level's ladder figure when none is kept yet, or a new player's."""
    levels = shipped_bot_levels(key)
    out = []
    for seat in range(len(seats)):
        holder = holders.get(seat)
        row = rows.get(holder) if holder is not None else None
        if row is not None:
            out.append(Rating(row.mu, row.sigma))
        elif holder is not None and holder.startswith(BOT_PREFIX):
            out.append(levels[holder.removeprefix(BOT_PREFIX)])
        else:
            out.append(Rating())
    return out


def _after(
    holders: Mapping[int, str], before: Sequence[Rating], after: Sequence[Rating]
) -> dict[str, Rating]:
    """Each holder's rating after the game: a seat's new rating, or for a holder of
    several seats (one bot level at two) its rating moved by the mean of their changes."""
    seats_of: dict[str, list[int]] = {}
    for seat, holder in sorted(holders.items()):
        seats_of.setdefault(holder, []).append(seat)
    new = {}
    for holder, seats in seats_of.items():
        start = before[seats[0]]
        mu = start.mu + sum(after[s].mu - before[s].mu for s in seats) / len(seats)
        sigma = sum(after[s].sigma for s in seats) / len(seats)
        new[holder] = Rating(mu, sigma)
    return new


def _write(
    connection: Connection,
    key: str,
    table_id: str,
    new: Mapping[str, Rating],
    rows: Mapping[str, Any],
) -> None:
    """The accounts' new ratings and their history lines."""
    now = time.time()
    for account, rating in new.items():
        values = {"mu": rating.mu, "sigma": rating.sigma, "updated": now}
        if account in rows:
            connection.execute(
                update(ratings_table)
                .where(ratings_table.c.account_id == account, ratings_table.c.rating_key == key)
                .values(games=ratings_table.c.games + 1, **values)
            )
        else:
            connection.execute(
                insert(ratings_table).values(account_id=account, rating_key=key, games=1, **values)
            )
        connection.execute(
            insert(rating_history_table).values(
                account_id=account,
                rating_key=key,
                table_id=table_id,
                mu=rating.mu,
                sigma=rating.sigma,
                display=rating.display(),
                at=now,
            )
        )


class Ratings:
    """The ratings kept in the database of ``engine``."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def mark_pending(self, table_id: str, key: str) -> None:
        """A rated table is made: its update waits for its game's end."""
        with self.engine.begin() as connection:
            connection.execute(
                insert(rating_pending_table).values(
                    table_id=table_id, rating_key=key, since=time.time(), attempts=0
                )
            )

    def ensure_pending(self, table_id: str, key: str) -> None:
        """A rated table whose game ended is pending unless it was rated already (its
        pending row, written when it was made, may have been lost to a failing store)."""
        with self.engine.begin() as connection:
            rated = connection.execute(
                select(rating_history_table.c.id)
                .where(rating_history_table.c.table_id == table_id)
                .limit(1)
            ).first()
            pending = connection.execute(
                select(rating_pending_table.c.table_id).where(
                    rating_pending_table.c.table_id == table_id
                )
            ).first()
        if rated is None and pending is None:
            with contextlib.suppress(IntegrityError):  # written meanwhile
                self.mark_pending(table_id, key)

    def settle(self, table_id: str) -> bool:
        """The finished rated table's players' ratings updated, in one transaction; False
        when there is nothing to do (not pending, or not finished yet). A failure is
        recorded on the pending row and raised."""
        for attempt in range(ATTEMPTS):
            try:
                return self._settle_once(table_id)
            except IntegrityError:  # two tables made one new player's row at once
                if attempt + 1 == ATTEMPTS:
                    self._failed(table_id, "a new player's rating was made twice")
                    raise
            except (RatingError, SQLAlchemyError) as error:
                self._failed(table_id, str(error))
                raise
        return False

    def _settle_once(self, table_id: str) -> bool:
        with self.engine.begin() as connection:
            # the first statement writes: SQLite's write lock (and PostgreSQL's row lock) is
            # taken before anything is read
            taken = connection.execute(
                update(rating_pending_table)
                .where(rating_pending_table.c.table_id == table_id)
                .values(attempts=rating_pending_table.c.attempts + 1)
                .returning(rating_pending_table.c.rating_key)
            ).first()
            if taken is None:
                return False
            key = str(taken.rating_key)
            table = connection.execute(
                select(tables_table).where(tables_table.c.id == table_id)
            ).first()
            if table is None or not table.finished or table.record is None:
                return False
            seats = list(table.seats)
            players = _seat_players(connection, table_id)
            holders = {**players, **_seat_bots(key, seats, players)}
            rows = _current(connection, key, sorted(set(holders.values())))
            before = _seat_ratings(key, seats, holders, rows)
            info = load_game(str(table.game), **dict(table.options)).info
            after = rate_results(info, table.record, before)
            _write(connection, key, table_id, _after(holders, before, after), rows)
            connection.execute(
                delete(rating_pending_table).where(rating_pending_table.c.table_id == table_id)
            )
        return True

    def _failed(self, table_id: str, reason: str) -> None:
        """The pending row says why its last try failed (kept for the next try)."""
        logger.error("table %s: its ratings were not updated (%s)", table_id, reason)
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    update(rating_pending_table)
                    .where(rating_pending_table.c.table_id == table_id)
                    .values(last_error=reason[:500])
                )
        except SQLAlchemyError:
            logger.exception("table %s: the failure could not be recorded", table_id)

    def settle_pending(self, limit: int = 50) -> int:
        """Every pending rated table whose game is over, settled (those that fail stay
        pending); how many were."""
        with self.engine.connect() as connection:
            ids = [
                str(row.table_id)
                for row in connection.execute(
                    select(rating_pending_table.c.table_id)
                    .join(tables_table, tables_table.c.id == rating_pending_table.c.table_id)
                    .where(tables_table.c.finished.is_(True))
                    .order_by(rating_pending_table.c.since)
                    .limit(limit)
                )
            ]
        done = 0
        for table_id in ids:
            try:
                done += self.settle(table_id)
            except (RatingError, SQLAlchemyError):
                continue
        return done

    def pending(self) -> list[str]:
        """The rated tables whose update is still to be made."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(rating_pending_table.c.table_id))
            return sorted(str(row.table_id) for row in rows)

    def of_account(self, account_id: str) -> list[KeptRating]:
        """The account's ratings, by rating key."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(ratings_table)
                .where(ratings_table.c.account_id == account_id)
                .order_by(ratings_table.c.rating_key)
            )
            return [
                KeptRating(
                    str(row.rating_key), Rating(row.mu, row.sigma), int(row.games), row.updated
                )
                for row in rows
            ]

    def history(self, account_id: str, limit: int = 100) -> list[dict[str, Any]]:
        """The account's latest rating changes, newest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(rating_history_table)
                .where(rating_history_table.c.account_id == account_id)
                .order_by(rating_history_table.c.id.desc())
                .limit(limit)
            )
            return [
                {
                    "rating_key": row.rating_key,
                    "table_id": row.table_id,
                    "display": row.display,
                    "provisional": Rating(row.mu, row.sigma).provisional,
                    "at": row.at,
                }
                for row in rows
            ]

    def bot_levels(self, key: str) -> dict[str, Rating]:
        """The bot levels' ratings under ``key``: as their rated games left them, or the
        ladder's figure for a level with none yet."""
        return self.bot_ratings().get(key, shipped_bot_levels(key))

    def bot_ratings(self) -> dict[str, dict[str, Rating]]:
        """Every rated game's bot levels' ratings, by rating key (one query)."""
        out = {key: dict(levels) for key, levels in _shipped().items()}
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(ratings_table).where(ratings_table.c.account_id.startswith(BOT_PREFIX))
            )
            for row in rows:
                level = str(row.account_id).removeprefix(BOT_PREFIX)
                if level in out.get(row.rating_key, {}):
                    out[row.rating_key][level] = Rating(row.mu, row.sigma)
        return out

    def leaderboard(self, key: str, min_games: int, limit: int = 100) -> list[Standing]:
        """The accounts with at least ``min_games`` rated games under ``key``, best first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(accounts_table.c.name, ratings_table)
                .join(accounts_table, accounts_table.c.id == ratings_table.c.account_id)
                .where(ratings_table.c.rating_key == key, ratings_table.c.games >= min_games)
                .order_by(ratings_table.c.mu.desc(), accounts_table.c.name_key)
                .limit(limit)
            )
            return [Standing(str(r.name), Rating(r.mu, r.sigma), int(r.games)) for r in rows]


@functools.cache
def _shipped() -> dict[str, dict[str, Rating]]:
    """The bot ladder's figures, read once."""
    return shipped_ratings()


def shipped_bot_levels(key: str) -> dict[str, Rating]:
    """The bot ladder's ratings of the levels under ``key`` (none where the ladder has
    none): where each level starts."""
    return dict(_shipped().get(key, {}))


@functools.cache
def rating_keys() -> frozenset[str]:
    """Every rating key of the games this installation has (``game:preset``)."""
    return frozenset(
        rating_key(game, preset) for game in available_games() for preset in rated_presets(game)
    )


RETRY_SECONDS = (5.0, 30.0, 120.0)
"""How long a failed update waits before it is tried again (then it stays pending for the
next rated game's end to take up)."""
_settling: set[asyncio.Task[None]] = set()
"""The updates under way (kept until they end)."""


def settle_soon(engine: Engine, table_id: str, key: str) -> None:
    """A rated table's game is over: its ratings are updated in a thread, off the table's
    hot path, then any other pending table's whose game is over; a failure is logged with
    the table's id and tried again later."""
    task = asyncio.get_running_loop().create_task(_settle(Ratings(engine), table_id, key))
    _settling.add(task)
    task.add_done_callback(_settling.discard)


async def _settle(ratings: Ratings, table_id: str, key: str) -> None:
    for delay in (0.0, *RETRY_SECONDS):
        await asyncio.sleep(delay)
        try:
            await asyncio.to_thread(ratings.ensure_pending, table_id, key)
            await asyncio.to_thread(ratings.settle, table_id)
        except SQLAlchemyError:
            logger.exception("table %s: its ratings' update waits for the store", table_id)
            continue
        except RatingError:  # logged and kept on the pending row: no retry mends it
            return
        with contextlib.suppress(SQLAlchemyError):
            await asyncio.to_thread(ratings.settle_pending)
        return


def sweep_soon(engine: Engine) -> None:
    """The pending rated tables whose game is over are settled in a thread (a process
    starting takes up the updates that failed before)."""
    task = asyncio.get_running_loop().create_task(_sweep(Ratings(engine)))
    _settling.add(task)
    task.add_done_callback(_settling.discard)


async def _sweep(ratings: Ratings) -> None:
    try:
        await asyncio.to_thread(ratings.settle_pending)
    except SQLAlchemyError:
        logger.exception("the pending ratings could not be read")
