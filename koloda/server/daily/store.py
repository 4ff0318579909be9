"""The deal of the day's tables (they join the store's ``metadata``; revision 0005 makes
them): the server's secret, one attempt per player and day, and each deal's field."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    Engine,
    Float,
    Index,
    Integer,
    String,
    Table,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from koloda.server.store import metadata

secret_table = Table(
    "koloda_daily_secret",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(64), nullable=False),
)
"""The server's secret the days' seeds are derived from (one row, made on first use)."""

attempts_table = Table(
    "koloda_daily_attempts",
    metadata,
    Column("day", String(10), primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("player", String(80), primary_key=True),
    Column("name", String(40), nullable=True),
    Column("account_id", String(32), nullable=True),
    Column("table_id", String(64), nullable=False),
    Column("token", String(64), nullable=True),
    Column("started", Float, nullable=False),
    Column("deals_done", Integer, nullable=False),
    Column("points", JSON, nullable=False),
    Index("ix_koloda_daily_attempts_table_id", "table_id"),
)
"""A player's attempt at a game's set of a day (``player``: ``account:<id>`` or
``guest:<hash of the browser's token>``): his table and his points per finished deal."""

counts_table = Table(
    "koloda_daily_counts",
    metadata,
    Column("day", String(10), primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("deal", Integer, primary_key=True),
    Column("points", Integer, primary_key=True),
    Column("players", Integer, nullable=False),
)
"""A deal's field: how many players scored ``points`` on it."""

SECRET = "seed"


def server_secret(engine: Engine) -> str:
    """The stored secret, made on first use (two processes at once: the first one's)."""
    for _ in range(2):
        with engine.begin() as connection:
            found = connection.execute(
                select(secret_table.c.value).where(secret_table.c.name == SECRET)
            ).scalar()
            if found is not None:
                return str(found)
        try:
            with engine.begin() as connection:
                connection.execute(
                    insert(secret_table).values(name=SECRET, value=secrets.token_hex(32))
                )
        except IntegrityError:
            continue
    return server_secret(engine)


@dataclass(frozen=True)
class Attempt:
    day: str
    game: str
    player: str
    name: str | None
    account_id: str | None
    table_id: str
    token: str | None
    deals_done: int
    points: list[int]


def _attempt(row: Any) -> Attempt:
    return Attempt(
        day=row.day,
        game=row.game,
        player=row.player,
        name=row.name,
        account_id=row.account_id,
        table_id=row.table_id,
        token=row.token,
        deals_done=row.deals_done,
        points=[int(p) for p in row.points or []],
    )


def reserve(
    engine: Engine,
    day: str,
    game: str,
    player: str,
    name: str | None,
    account_id: str | None,
    started: float,
) -> bool:
    """The player's one attempt of the day, reserved before its table is made; False when he
    has one already (the primary key refuses a second, on every process)."""
    try:
        with engine.begin() as connection:
            connection.execute(
                insert(attempts_table).values(
                    day=day,
                    game=game,
                    player=player,
                    name=name,
                    account_id=account_id,
                    table_id="",
                    token=None,
                    started=started,
                    deals_done=0,
                    points=[],
                )
            )
    except IntegrityError:
        return False
    return True


def seat_attempt(
    engine: Engine, day: str, game: str, player: str, table_id: str, token: str | None
) -> None:
    key = _key(day, game, player)
    with engine.begin() as connection:
        connection.execute(
            update(attempts_table).where(*key).values(table_id=table_id, token=token)
        )


def forget(engine: Engine, day: str, game: str, player: str) -> None:
    """A reservation whose table could not be made."""
    with engine.begin() as connection:
        connection.execute(delete(attempts_table).where(*_key(day, game, player)))


def _key(day: str, game: str, player: str) -> tuple[Any, ...]:
    c = attempts_table.c
    return (c.day == day, c.game == game, c.player == player)


def attempt_of(engine: Engine, day: str, game: str, player: str) -> Attempt | None:
    with engine.connect() as connection:
        row = connection.execute(select(attempts_table).where(*_key(day, game, player))).first()
    return None if row is None else _attempt(row)


def attempt_at(engine: Engine, table_id: str) -> Attempt | None:
    with engine.connect() as connection:
        row = connection.execute(
            select(attempts_table).where(attempts_table.c.table_id == table_id)
        ).first()
    return None if row is None else _attempt(row)


def attempts(engine: Engine, day: str, game: str) -> list[Attempt]:
    c = attempts_table.c
    with engine.connect() as connection:
        rows = connection.execute(
            select(attempts_table).where(c.day == day, c.game == game, c.table_id != "")
        ).all()
    return [_attempt(row) for row in rows]


def attempts_of(engine: Engine, player: str, limit: int) -> list[Attempt]:
    """A player's attempts, the newest day first."""
    c = attempts_table.c
    with engine.connect() as connection:
        rows = connection.execute(
            select(attempts_table)
            .where(c.player == player, c.table_id != "")
            .order_by(c.day.desc(), c.game)
            .limit(limit)
        ).all()
    return [_attempt(row) for row in rows]


def counts(engine: Engine, day: str, game: str) -> list[tuple[int, int, int]]:
    """The day's fields as (deal, points, players)."""
    c = counts_table.c
    with engine.connect() as connection:
        rows = connection.execute(
            select(c.deal, c.points, c.players).where(c.day == day, c.game == game)
        ).all()
    return [(int(r.deal), int(r.points), int(r.players)) for r in rows]


def add_results(engine: Engine, attempt: Attempt, points: list[int]) -> bool:
    """The attempt's deals finished since last written, with their fields' counts, in one
    transaction; False when nothing was new (another call wrote them first: two deals may
    end close together, and their writes race)."""
    key = _key(attempt.day, attempt.game, attempt.player)
    for _ in range(5):
        try:
            with engine.begin() as connection:
                done = connection.execute(select(attempts_table.c.deals_done).where(*key)).scalar()
                if done is None or len(points) <= done:
                    return False
                moved = connection.execute(
                    update(attempts_table)
                    .where(*key)
                    .where(attempts_table.c.deals_done == done)
                    .values(deals_done=len(points), points=points)
                ).rowcount
                if moved != 1:  # another write came between: read again
                    continue
                for deal in range(done, len(points)):
                    _count(connection, attempt, deal, points[deal])
            return True
        except IntegrityError:  # another process counted the same score first: again
            continue
    return False


def _count(connection: Any, attempt: Attempt, deal: int, points: int) -> None:
    c = counts_table.c
    where = (c.day == attempt.day, c.game == attempt.game, c.deal == deal, c.points == points)
    added = connection.execute(
        update(counts_table).where(*where).values(players=c.players + 1)
    ).rowcount
    if added == 0:
        connection.execute(
            insert(counts_table).values(
                day=attempt.day, game=attempt.game, deal=deal, points=points, players=1
            )
        )
