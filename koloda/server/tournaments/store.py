"""The tournaments' tables (they join the store's ``metadata``; revision 0006 makes them):
each tournament, its entrants with their running score, and its card tables with who sits
at each seat and what each seat's result was worth.

Every step that more than one process could take at once (starting, a Swiss round's
pairing, an arena's seating) is claimed first by a compare-and-set of the tournament's
``version``: one process wins, and it alone makes the tables. The calls are blocking (the
server runs them in a thread)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Engine,
    Float,
    Index,
    Integer,
    String,
    Table,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from koloda.server.store import metadata, tables_table

tournaments_table = Table(
    "koloda_tournaments",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(60), nullable=False),
    Column("game", String(32), nullable=False),
    Column("preset", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    Column("kind", String(8), nullable=False),
    Column("rounds", Integer, nullable=False),
    Column("minutes", Integer, nullable=False),
    Column("deals", Integer, nullable=False),
    Column("turn_seconds", Float, nullable=False),
    Column("creator", String(80), nullable=False),
    Column("created", Float, nullable=False),
    Column("starts", Float, nullable=True),
    Column("started", Float, nullable=True),
    Column("ends", Float, nullable=True),
    Column("round", Integer, nullable=False),
    Column("due", Integer, nullable=False),
    Column("state", String(10), nullable=False),
    Column("version", Integer, nullable=False),
    Index("ix_koloda_tournaments_state", "state"),
)
"""A tournament: Swiss (``rounds``) or an arena (``minutes``), each table playing ``deals``
deals of the preset; ``state`` is ``open`` (taking entrants), ``playing`` or ``finished``;
``due``: the tables of the Swiss round in play, counted when it was claimed (the round is
over once that many are made and all ended, not while its tables are being made)."""

entrants_table = Table(
    "koloda_tournament_entrants",
    metadata,
    Column("tournament", String(32), primary_key=True),
    Column("player", String(80), primary_key=True),
    Column("name", String(40), nullable=False),
    Column("account_id", String(32), nullable=True),
    Column("joined", Float, nullable=False),
    Column("withdrawn", Boolean, nullable=False),
    Column("score", Float, nullable=False),
    Column("points", Float, nullable=False),
    Column("tables", Integer, nullable=False),
    Column("met", JSON, nullable=False),
    Column("waiting", Float, nullable=True),
)
"""An entrant (``player``: ``account:<id>`` or ``guest:<hash>``): his score (the sum of his
tables' results), his points (their sum, the tie-break), the players he has sat with, and in
an arena since when he waits for a table (null: at one, or withdrawn)."""

seats_table = Table(
    "koloda_tournament_tables",
    metadata,
    Column("table_id", String(64), primary_key=True),
    Column("tournament", String(32), nullable=False),
    Column("round", Integer, nullable=False),
    Column("players", JSON, nullable=False),
    Column("tokens", JSON, nullable=False),
    Column("finished", Boolean, nullable=False),
    Column("shares", JSON, nullable=True),
    Column("points", JSON, nullable=True),
    Column("created", Float, nullable=False),
    Index("ix_koloda_tournament_tables_tournament", "tournament"),
)
"""A card table of a tournament: the entrant at each seat (null: a bot), each seat's token
(given to that entrant alone), and once it ended each seat's result and points."""


@dataclass(frozen=True)
class Tournament:
    id: str
    name: str
    game: str
    preset: str
    options: dict[str, Any]
    kind: str
    rounds: int
    minutes: int
    deals: int
    turn_seconds: float
    creator: str
    created: float
    starts: float | None
    started: float | None
    ends: float | None
    round: int
    due: int
    state: str
    version: int


@dataclass(frozen=True)
class Entrant:
    player: str
    name: str
    account_id: str | None
    joined: float
    withdrawn: bool
    score: float
    points: float
    tables: int
    met: frozenset[str]
    waiting: float | None


@dataclass(frozen=True)
class Seats:
    table_id: str
    round: int
    players: list[str | None]
    tokens: list[str | None]
    finished: bool
    shares: list[float] | None
    points: list[float] | None


def _json(value: Any) -> Any:
    """A JSON column's value (some drivers hand back text)."""
    return json.loads(value) if isinstance(value, str) else value


def _tournament(row: Any) -> Tournament:
    return Tournament(
        **{c.name: getattr(row, c.name) for c in tournaments_table.c if c.name != "options"},
        options=dict(_json(row.options)),
    )


def _entrant(row: Any) -> Entrant:
    return Entrant(
        player=row.player,
        name=row.name,
        account_id=row.account_id,
        joined=row.joined,
        withdrawn=bool(row.withdrawn),
        score=float(row.score),
        points=float(row.points),
        tables=int(row.tables),
        met=frozenset(_json(row.met) or ()),
        waiting=row.waiting,
    )


def _seats(row: Any) -> Seats:
    return Seats(
        table_id=row.table_id,
        round=row.round,
        players=list(_json(row.players)),
        tokens=list(_json(row.tokens)),
        finished=bool(row.finished),
        shares=_json(row.shares),
        points=_json(row.points),
    )


# ----- tournaments ----------------------------------------------------------------------------


def create(engine: Engine, tournament: Tournament) -> None:
    with engine.begin() as connection:
        connection.execute(insert(tournaments_table).values(**tournament.__dict__))


def get(engine: Engine, tournament_id: str) -> Tournament | None:
    with engine.connect() as connection:
        row = connection.execute(
            select(tournaments_table).where(tournaments_table.c.id == tournament_id)
        ).first()
    return None if row is None else _tournament(row)


def listed(engine: Engine, limit: int = 50) -> list[Tournament]:
    """The open and playing tournaments, then the latest finished ones, newest first."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(tournaments_table).order_by(tournaments_table.c.created.desc()).limit(limit)
        ).all()
    found = [_tournament(row) for row in rows]
    return sorted(found, key=lambda t: t.state == "finished")


def entrant_counts(engine: Engine, tournaments: list[str]) -> dict[str, int]:
    """How many entered each of ``tournaments``."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(entrants_table.c.tournament, func.count())
            .where(entrants_table.c.tournament.in_(tournaments))
            .group_by(entrants_table.c.tournament)
        ).all()
    return {row[0]: int(row[1]) for row in rows}


def active(engine: Engine) -> list[Tournament]:
    """The tournaments a step may be due for: open (a scheduled start) and playing."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(tournaments_table).where(tournaments_table.c.state.in_(("open", "playing")))
        ).all()
    return [_tournament(row) for row in rows]


def claim(connection: Connection, tournament: Tournament, **values: Any) -> bool:
    """Take the tournament's next step (``values`` written with it) unless another process
    took it first since ``tournament`` was read."""
    done = connection.execute(
        update(tournaments_table)
        .where(
            tournaments_table.c.id == tournament.id,
            tournaments_table.c.version == tournament.version,
        )
        .values(version=tournament.version + 1, **values)
    )
    return done.rowcount == 1


def claim_step(engine: Engine, tournament: Tournament, **values: Any) -> bool:
    with engine.begin() as connection:
        return claim(connection, tournament, **values)


# ----- entrants -------------------------------------------------------------------------------


def join(
    engine: Engine, tournament: str, player: str, name: str, account_id: str | None, now: float
) -> bool:
    """Enter the player (False: he is in already)."""
    try:
        with engine.begin() as connection:
            connection.execute(
                insert(entrants_table).values(
                    tournament=tournament,
                    player=player,
                    name=name,
                    account_id=account_id,
                    joined=now,
                    withdrawn=False,
                    score=0.0,
                    points=0.0,
                    tables=0,
                    met=[],
                    waiting=now,
                )
            )
    except IntegrityError:
        return False
    return True


def entrants(engine: Engine, tournament: str) -> list[Entrant]:
    """The entrants, in the standing's order: score, those still in before the withdrawn at
    an equal score, then points, then who joined first."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(entrants_table)
            .where(entrants_table.c.tournament == tournament)
            .order_by(
                entrants_table.c.score.desc(),
                entrants_table.c.withdrawn,
                entrants_table.c.points.desc(),
                entrants_table.c.joined,
            )
        ).all()
    return [_entrant(row) for row in rows]


def withdraw(engine: Engine, tournament: str, player: str) -> bool:
    """The entrant plays no more tables (False: not entered, or withdrawn already)."""
    with engine.begin() as connection:
        done = connection.execute(
            update(entrants_table)
            .where(
                entrants_table.c.tournament == tournament,
                entrants_table.c.player == player,
                entrants_table.c.withdrawn.is_(False),
            )
            .values(withdrawn=True, waiting=None)
        )
    return done.rowcount == 1


def seat_players(connection: Connection, tournament: str, players: list[str]) -> None:
    """The players have a table now (an arena's: no longer waiting)."""
    connection.execute(
        update(entrants_table)
        .where(entrants_table.c.tournament == tournament, entrants_table.c.player.in_(players))
        .values(waiting=None)
    )


def unseat_players(engine: Engine, tournament: str, players: list[str], now: float) -> None:
    """A table could not be made: its players wait again."""
    with engine.begin() as connection:
        connection.execute(
            update(entrants_table)
            .where(
                entrants_table.c.tournament == tournament,
                entrants_table.c.player.in_(players),
                entrants_table.c.withdrawn.is_(False),
            )
            .values(waiting=now)
        )


# ----- card tables ----------------------------------------------------------------------------


def add_table(engine: Engine, tournament: str, seats: Seats, now: float) -> None:
    with engine.begin() as connection:
        connection.execute(
            insert(seats_table).values(
                table_id=seats.table_id,
                tournament=tournament,
                round=seats.round,
                players=seats.players,
                tokens=seats.tokens,
                finished=False,
                shares=None,
                points=None,
                created=now,
            )
        )


def tables(engine: Engine, tournament: str) -> list[Seats]:
    """The tournament's card tables, in the order they were made."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(seats_table)
            .where(seats_table.c.tournament == tournament)
            .order_by(seats_table.c.round, seats_table.c.created, seats_table.c.table_id)
        ).all()
    return [_seats(row) for row in rows]


def finished_records(engine: Engine, table_ids: list[str]) -> list[tuple[str, dict[str, Any]]]:
    """The records of those of ``table_ids`` whose game (or set) is finished."""
    if not table_ids:
        return []
    with engine.connect() as connection:
        rows = connection.execute(
            select(tables_table.c.id, tables_table.c.record).where(
                tables_table.c.id.in_(table_ids), tables_table.c.finished.is_(True)
            )
        ).all()
    return [(row.id, dict(_json(row.record))) for row in rows if row.record is not None]


def table(engine: Engine, table_id: str) -> tuple[str, Seats] | None:
    """A card table's tournament and seats (None: not a tournament's)."""
    with engine.connect() as connection:
        row = connection.execute(
            select(seats_table).where(seats_table.c.table_id == table_id)
        ).first()
    return None if row is None else (row.tournament, _seats(row))


def table_ended(
    engine: Engine,
    tournament: str,
    table_id: str,
    shares: list[float],
    points: list[float],
    arena: bool,
    now: float,
) -> bool:
    """A table's results, counted once (False: counted already): each seated entrant's score,
    points, tables and tablemates; in an arena he waits for his next table (unless
    withdrawn)."""
    with engine.begin() as connection:
        done = connection.execute(
            update(seats_table)
            .where(seats_table.c.table_id == table_id, seats_table.c.finished.is_(False))
            .values(finished=True, shares=shares, points=points)
        )
        if done.rowcount != 1:
            return False
        row = connection.execute(
            select(seats_table.c.players).where(seats_table.c.table_id == table_id)
        ).one()
        players: list[str | None] = list(_json(row.players))
        seated = [p for p in players if p is not None]
        for seat, player in enumerate(players):
            if player is None:
                continue
            entrant = connection.execute(
                select(entrants_table).where(
                    entrants_table.c.tournament == tournament,
                    entrants_table.c.player == player,
                )
            ).one()
            met = sorted(set(_json(entrant.met) or ()) | {p for p in seated if p != player})
            connection.execute(
                update(entrants_table)
                .where(
                    entrants_table.c.tournament == tournament,
                    entrants_table.c.player == player,
                )
                .values(
                    score=entrants_table.c.score + shares[seat],
                    points=entrants_table.c.points + points[seat],
                    tables=entrants_table.c.tables + 1,
                    met=met,
                    waiting=now if arena and not entrant.withdrawn else None,
                )
            )
    return True
