"""An account's games: the tables his seats are bound to, each with its game, preset, whether
it is rated, and his result, points and deals; and per game what he played, won and scored.

A line comes from the seat bindings joined to the tables (``bindings_table`` and
``tables_table``). A table is rated when its game counts for the account's rating: it has a
rating history line for him, or its update is still pending (``ratings_store``). His result
in a finished table is read from its record's results (docs/records.md) the way the ratings
rank a finished game's sides (``koloda.club.ratings``): first place alone is ``won``, first
place shared with another side ``drawn``, any other place ``lost``; an unfinished table is
``unfinished``. His points are his seat's or his side's total, and the deals are the record's
complete deals (those with scores).

What it costs. A finished table's outcome never changes, so each is read once from its
record and kept in a bounded cache of the process (``Outcomes``). A page without a result
filter reads the page's rows (one query, ``limit + 1`` rows) and the records of its finished
tables not in the cache. A page filtered by ``won``, ``lost`` or ``drawn`` reads his finished
tables' ids in order, in chunks, until the page is full, and the records of those not in the
cache: at worst every finished table of his, once per process. The summary reads every
finished table's id of his (one query) and the records not in the cache, in chunks of
``CHUNK``: once per process, then only the new tables' records.

The calls here are blocking (the database): the server runs them in a thread.
"""

from __future__ import annotations

import functools
import json
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import ColumnElement, Engine, Select, exists, false, or_, select, true

from koloda.club.ratings import RatingError, game_lobby, ranks_of, results_scores
from koloda.core.errors import KolodaError
from koloda.core.info import GameInfo
from koloda.core.registry import load_game, load_rules
from koloda.server.accounts_store import bindings_table
from koloda.server.ratings_store import rating_history_table, rating_pending_table
from koloda.server.store import tables_table

Result = Literal["won", "lost", "drawn", "unfinished"]
CHUNK = 200
"""Records read in one query."""
CACHED_OUTCOMES = 50_000
"""Finished seats' outcomes kept by the process (a few hundred bytes each)."""


@dataclass(frozen=True)
class Outcome:
    """One seat's end of a finished game."""

    result: Result
    points: float
    deals: int


@dataclass(frozen=True)
class GameLine:
    """One of an account's games."""

    table_id: str
    game: str
    options: dict[str, Any]
    preset: str | None
    """The lobby's preset whose options the table plays, or None (its own options)."""
    rated: bool
    rating_key: str | None
    finished: bool
    created: float
    seat: int
    result: Result
    points: float | None
    deals: int | None


@dataclass(frozen=True)
class GameSummary:
    """What an account did in one game: his finished tables, won, drawn and lost, his
    points over their deals; his unfinished tables."""

    game: str
    played: int
    won: int
    drawn: int
    lost: int
    unfinished: int
    points: float
    deals: int

    @property
    def points_per_deal(self) -> float | None:
        """His average points a deal, None before a complete deal."""
        return self.points / self.deals if self.deals else None


@dataclass(frozen=True)
class Filters:
    """Which of his games a page shows (None: any)."""

    game: str | None = None
    rated: bool | None = None
    result: Result | None = None


@dataclass(frozen=True)
class Page:
    """A page of his games, newest first, and whether more follow."""

    lines: list[GameLine]
    more: bool


@functools.lru_cache(maxsize=256)
def _info(game: str, options_json: str) -> GameInfo:
    return load_game(game, **json.loads(options_json)).info


def game_info(game: str, options: Mapping[str, Any]) -> GameInfo:
    """The facts of a game at its options (kept for the options seen)."""
    return _info(game, json.dumps(dict(options), sort_keys=True))


@functools.lru_cache(maxsize=256)
def _preset(game: str, options_json: str) -> str | None:
    try:
        written = load_rules(game, json.loads(options_json), engine="python").options_json()
        for preset in game_lobby(game).presets:
            if load_rules(game, preset.options, engine="python").options_json() == written:
                return preset.id
    except (KolodaError, ValueError, TypeError):
        return None
    return None


def preset_of(game: str, options: Mapping[str, Any]) -> str | None:
    """The lobby's preset whose options are the table's (the defaults counted), or None."""
    return _preset(game, json.dumps(dict(options), sort_keys=True))


def outcome_of(info: GameInfo, record: Mapping[str, Any], seat: int) -> Outcome | None:
    """The seat's outcome in a finished record with results; None when the record is not
    finished or not of the game's shape."""
    try:
        ranks = ranks_of(results_scores(info, record))
        side = info.side_of(seat)
        totals = record["totals"]
        points = totals[seat] if len(totals) == info.num_seats else totals[side]
        deals = record.get("deals") or []
        played = sum(1 for deal in deals if isinstance(deal, dict) and "scores" in deal)
    except (RatingError, ValueError, KeyError, IndexError, TypeError):
        return None
    if ranks[side] > 0:
        result: Result = "lost"
    else:
        result = "drawn" if ranks.count(0) > 1 else "won"
    return Outcome(result, float(points), played)


class Outcomes:
    """The finished seats' outcomes read so far, the oldest read dropped first."""

    def __init__(self, size: int = CACHED_OUTCOMES) -> None:
        self.size = size
        self._kept: OrderedDict[tuple[str, int], Outcome | None] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[str, int]) -> tuple[bool, Outcome | None]:
        with self._lock:
            if key not in self._kept:
                return False, None
            self._kept.move_to_end(key)
            return True, self._kept[key]

    def put(self, key: tuple[str, int], outcome: Outcome | None) -> None:
        with self._lock:
            self._kept[key] = outcome
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)


OUTCOMES = Outcomes()
"""The process's outcomes (a finished table's never changes)."""


def _chunks(items: Sequence[Any], size: int) -> Iterator[Sequence[Any]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


class History:
    """The games of the accounts in the database of ``engine``."""

    def __init__(self, engine: Engine, outcomes: Outcomes = OUTCOMES) -> None:
        self.engine = engine
        self.outcomes = outcomes

    def _rated(self, account_id: str) -> ColumnElement[bool]:
        """Whether the joined table counts for the account's rating."""
        table_id = bindings_table.c.table_id
        return or_(
            exists().where(
                rating_history_table.c.table_id == table_id,
                rating_history_table.c.account_id == account_id,
            ),
            exists().where(rating_pending_table.c.table_id == table_id),
        )

    def _lines(self, account_id: str, filters: Filters) -> Select[Any]:
        """His bound seats' tables under the filters, newest first."""
        rated = self._rated(account_id)
        query = (
            select(
                bindings_table.c.table_id,
                bindings_table.c.seat,
                tables_table.c.game,
                tables_table.c.options,
                tables_table.c.created,
                tables_table.c.finished,
                tables_table.c.seating,
                rated.label("rated"),
            )
            .join(tables_table, tables_table.c.id == bindings_table.c.table_id)
            .where(bindings_table.c.account_id == account_id)
            .order_by(tables_table.c.created.desc(), tables_table.c.id, bindings_table.c.seat)
        )
        if filters.game is not None:
            query = query.where(tables_table.c.game == filters.game)
        if filters.rated is not None:
            query = query.where(rated if filters.rated else ~rated)
        if filters.result == "unfinished":
            query = query.where(tables_table.c.finished.is_(false()))
        elif filters.result is not None:
            query = query.where(tables_table.c.finished.is_(true()))
        return query

    def outcomes_of(
        self, seats: Iterable[tuple[str, int, str, dict[str, Any]]]
    ) -> dict[tuple[str, int], Outcome | None]:
        """The outcome of each finished (table id, seat, game, options): from the cache, else
        from the tables' records, read in chunks."""
        found: dict[tuple[str, int], Outcome | None] = {}
        missing: dict[str, list[tuple[int, str, dict[str, Any]]]] = {}
        for table_id, seat, game, options in seats:
            known, outcome = self.outcomes.get((table_id, seat))
            if known:
                found[(table_id, seat)] = outcome
            else:
                missing.setdefault(table_id, []).append((seat, game, options))
        for ids in _chunks(sorted(missing), CHUNK):
            with self.engine.connect() as connection:
                rows = connection.execute(
                    select(tables_table.c.id, tables_table.c.record).where(
                        tables_table.c.id.in_(ids)
                    )
                ).all()
            records = {str(row.id): row.record for row in rows}
            for table_id in ids:
                for seat, game, options in missing[table_id]:
                    record = records.get(table_id)
                    outcome = None
                    if isinstance(record, dict):
                        outcome = outcome_of(game_info(game, options), record, seat)
                        self.outcomes.put((table_id, seat), outcome)
                    found[(table_id, seat)] = outcome
        return found

    def page(self, account_id: str, filters: Filters, limit: int, offset: int) -> Page:
        """A page of his games under the filters, newest first (the module says what it
        costs)."""
        query = self._lines(account_id, filters)
        if filters.result in (None, "unfinished"):
            with self.engine.connect() as connection:
                rows = connection.execute(query.limit(limit + 1).offset(offset)).all()
            lines = self._with_outcomes(rows)
            return Page(lines[:limit], len(lines) > limit)
        kept: list[GameLine] = []
        skipped = 0
        position = 0
        while len(kept) <= limit:
            with self.engine.connect() as connection:
                rows = connection.execute(query.limit(CHUNK).offset(position)).all()
            position += len(rows)
            for line in self._with_outcomes(rows):
                if line.result != filters.result:
                    continue
                if skipped < offset:
                    skipped += 1
                else:
                    kept.append(line)
            if len(rows) < CHUNK:
                break
        return Page(kept[:limit], len(kept) > limit)

    def _with_outcomes(self, rows: Sequence[Any]) -> list[GameLine]:
        """The rows as lines, the finished ones with his outcome."""
        outcomes = self.outcomes_of(
            (str(r.table_id), int(r.seat), str(r.game), dict(r.options)) for r in rows if r.finished
        )
        lines = []
        for row in rows:
            outcome = outcomes.get((str(row.table_id), int(row.seat)))
            seating = row.seating if isinstance(row.seating, dict) else {}
            rating_key = seating.get("rated")
            lines.append(
                GameLine(
                    table_id=str(row.table_id),
                    game=str(row.game),
                    options=dict(row.options),
                    preset=preset_of(str(row.game), dict(row.options)),
                    rated=bool(row.rated),
                    rating_key=str(rating_key) if rating_key else None,
                    finished=bool(row.finished),
                    created=float(row.created),
                    seat=int(row.seat),
                    result=outcome.result if outcome is not None else "unfinished",
                    points=outcome.points if outcome is not None else None,
                    deals=outcome.deals if outcome is not None else None,
                )
            )
        return lines

    def summary(self, account_id: str) -> list[GameSummary]:
        """Per game, by name: his finished tables' results, points and deals, and how many
        of his tables are unfinished (the module says what it costs)."""
        seats = (
            select(
                bindings_table.c.table_id,
                bindings_table.c.seat,
                tables_table.c.game,
                tables_table.c.options,
                tables_table.c.finished,
            )
            .join(tables_table, tables_table.c.id == bindings_table.c.table_id)
            .where(bindings_table.c.account_id == account_id)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(seats).all()
        outcomes = self.outcomes_of(
            (str(r.table_id), int(r.seat), str(r.game), dict(r.options)) for r in rows if r.finished
        )
        counts: dict[str, dict[str, float]] = {}
        for row in rows:
            count = counts.setdefault(str(row.game), dict.fromkeys(_COUNTED, 0))
            outcome = outcomes.get((str(row.table_id), int(row.seat)))
            if outcome is None:
                count["unfinished"] += 1
                continue
            count["played"] += 1
            count[outcome.result] += 1
            count["points"] += outcome.points
            count["deals"] += outcome.deals
        return [
            GameSummary(
                game=game,
                played=int(c["played"]),
                won=int(c["won"]),
                drawn=int(c["drawn"]),
                lost=int(c["lost"]),
                unfinished=int(c["unfinished"]),
                points=c["points"],
                deals=int(c["deals"]),
            )
            for game, c in sorted(counts.items())
        ]


_COUNTED = ("played", "won", "drawn", "lost", "unfinished", "points", "deals")
