"""Scoring a deal of the day: each deal's points compared with everyone's who played the
same cards (matchpoints: 1 for each player beaten, ½ for each tie, as a percentage of the
others), and the day's standings.

Nothing here rereads a game: a deal's *field* is how many players scored each number of
points (a handful of distinct values), kept up to date by adding one result at a time
(``Field.add``, one count per deal in the store). A player's percentage on a deal is read
from the field's running counts (a binary search), so the whole ranking of N players over D
deals costs O(N·D·log V) for V distinct scores, and a new result costs O(D) writes."""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


@dataclass
class DealField:
    """How many players scored each number of points on one deal."""

    counts: Counter[int] = field(default_factory=Counter)
    _keys: list[int] | None = None
    _below: list[int] | None = None

    def add(self, points: int, count: int = 1) -> None:
        self.counts[points] += count
        self._keys = self._below = None

    @property
    def players(self) -> int:
        return sum(self.counts.values())

    def _index(self) -> tuple[list[int], list[int]]:
        if self._keys is None or self._below is None:
            keys = sorted(self.counts)
            below, running = [], 0
            for key in keys:
                below.append(running)
                running += self.counts[key]
            self._keys, self._below = keys, below
        return self._keys, self._below

    def percent(self, points: int) -> float:
        """Matchpoints of ``points`` (a result counted in the field) against the others, as a
        percentage: 1 per player beaten, ½ per tie; 50 when nobody else played the deal."""
        others = self.players - 1
        if others <= 0:
            return 50.0
        keys, below = self._index()
        at = bisect.bisect_left(keys, points)
        beaten = below[at] if at < len(keys) else self.players
        ties = self.counts.get(points, 0) - 1
        return 100.0 * (beaten + 0.5 * ties) / others

    def average(self) -> float | None:
        total = self.players
        if not total:
            return None
        return sum(p * c for p, c in self.counts.items()) / total

    def best(self) -> int | None:
        return max(self.counts) if self.counts else None


@dataclass
class Field:
    """Every deal's field of one day's set."""

    deals: list[DealField]

    @classmethod
    def empty(cls, deals: int) -> Field:
        return cls([DealField() for _ in range(deals)])

    @classmethod
    def from_counts(cls, deals: int, rows: Iterable[tuple[int, int, int]]) -> Field:
        """From stored counts: (deal, points, players)."""
        made = cls.empty(deals)
        for deal, points, count in rows:
            if 0 <= deal < deals:
                made.deals[deal].add(points, count)
        return made

    def add(self, deal: int, points: int) -> None:
        self.deals[deal].add(points)


@dataclass(frozen=True)
class Standing:
    """One player's day: his points and percentage on each deal he finished, and the day's
    score: the mean percentage over the whole set (a deal not played counts 0 %)."""

    key: str
    name: str
    points: tuple[int, ...]
    percents: tuple[float, ...]
    score: float
    total: int


def standing(field_: Field, key: str, name: str, points: Sequence[int]) -> Standing:
    """A player's standing from his per-deal points, read against the field."""
    percents = tuple(field_.deals[d].percent(p) for d, p in enumerate(points))
    score = sum(percents) / len(field_.deals) if field_.deals else 0.0
    return Standing(key, name, tuple(points), percents, score, sum(points))


def standings(field_: Field, players: Iterable[tuple[str, str, Sequence[int]]]) -> list[Standing]:
    """The day's ranking: best score first, then the most points, then the name."""
    made = [standing(field_, key, name, points) for key, name, points in players]
    made.sort(key=lambda s: (-s.score, -s.total, s.name, s.key))
    return made
