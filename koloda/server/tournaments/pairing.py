"""Who sits with whom, and what a table's result is worth: pure functions, no database.

A round of a Swiss tournament seats the players by their standing, the leaders together,
each table filled as far as possible with players who have not sat together before (a
table is a group of ``seats``, not a pair: every two players at one table have *met*). The
seats nobody fills go to bots, at most one table's worth of them, spread so that no table
holds more bots than it must. An arena seats whoever is waiting, nearest in score first.

A table's result for each seat is its side's share of the other sides it beat, a tie
counting half: 1 for a side above every other, 0 below every other, 0.5 for a two-side
game's draw. In a four-seat game of one-seat sides that is 1, 2/3, 1/3, 0 for the places.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence

Met = Mapping[str, frozenset[str] | set[str]]
"""Each player's earlier tablemates."""


def table_sizes(players: int, seats: int) -> list[int]:
    """How many players each table of a round seats: as many tables as it takes, the bots'
    seats spread (sizes differ by at most one, the fuller tables first)."""
    if players <= 0:
        return []
    tables = math.ceil(players / seats)
    base, extra = divmod(players, tables)
    return [base + 1 if i < extra else base for i in range(tables)]


def repeats(table: Sequence[str], met: Met) -> int:
    """The pairs at a table who have sat together before."""
    return sum(1 for a, b in itertools.combinations(table, 2) if b in met.get(a, ()))


EXACT = 12
"""Up to this many players a round's seating is the best of all seatings (a few thousand at
most); above, it is built greedily and improved by swaps."""


def swiss_round(ranked: Sequence[str], met: Met, seats: int) -> list[list[str]]:
    """A Swiss round's tables (players only; the caller seats bots in the free seats):
    ``ranked`` from the leader down. The fewest repeated pairs first, then players nearest
    in the standing together: up to ``EXACT`` players the best such seating; above, each
    table begun by the best player left and filled by the next ones in the standing who add
    no repeated pair (else the fewest), then players swapped between tables while that
    lowers the repeated pairs."""
    if len(ranked) <= EXACT:
        return _best_seating(ranked, met, seats)
    sizes = table_sizes(len(ranked), seats)
    left = list(ranked)
    tables: list[list[str]] = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            best = min(
                range(len(left)),
                key=lambda i: (sum(1 for p in table if left[i] in met.get(p, ())), i),
            )
            table.append(left.pop(best))
        tables.append(table)
    _improve(tables, met, ranked)
    return tables


def _best_seating(ranked: Sequence[str], met: Met, seats: int) -> list[list[str]]:
    """Every seating of the round's table sizes, each table begun by its best-placed player
    (so each seating is met once); the one with the fewest repeated pairs, then the smallest
    spread of places within tables, then the first in the standing's order. The tables come
    back fullest first."""
    best: tuple[tuple[int, int], list[list[str]]] | None = None

    def place(
        left: list[int], sizes: list[int], made: list[list[int]], cost: tuple[int, int]
    ) -> None:
        nonlocal best
        if best is not None and cost >= best[0]:
            return
        if not left:
            tables = sorted(made, key=lambda table: (-len(table), table[0]))
            best = (cost, [[ranked[i] for i in table] for table in tables])
            return
        head, rest = left[0], left[1:]
        for size in sorted(set(sizes), reverse=True):  # the head's table: any size left
            others_sizes = list(sizes)
            others_sizes.remove(size)
            for others in itertools.combinations(rest, size - 1):
                table = [head, *others]
                added = repeats([ranked[i] for i in table], met), table[-1] - table[0]
                chosen = set(others)
                place(
                    [i for i in rest if i not in chosen],
                    others_sizes,
                    [*made, table],
                    (cost[0] + added[0], cost[1] + added[1]),
                )

    place(list(range(len(ranked))), table_sizes(len(ranked), seats), [], (0, 0))
    assert best is not None
    return best[1]


def _improve(tables: list[list[str]], met: Met, ranked: Sequence[str]) -> None:
    """Swap two players of two tables while it lowers the repeated pairs (ties kept: the
    standing's order stands when nothing is gained), at most a few passes."""
    place = {player: index for index, player in enumerate(ranked)}
    for _ in range(8):
        changed = False
        for a, b in itertools.combinations(range(len(tables)), 2):
            for i, j in itertools.product(range(len(tables[a])), range(len(tables[b]))):
                before = repeats(tables[a], met) + repeats(tables[b], met)
                x, y = tables[a][i], tables[b][j]
                tables[a][i], tables[b][j] = y, x
                after = repeats(tables[a], met) + repeats(tables[b], met)
                if after < before:
                    changed = True
                else:
                    tables[a][i], tables[b][j] = x, y
        if not changed:
            break
    for table in tables:
        table.sort(key=lambda player: place[player])


def arena_tables(waiting: Sequence[str], seats: int, fill: bool) -> list[list[str]]:
    """An arena's new tables from the players waiting, nearest in score first (``waiting``
    ranked): full tables of ``seats``; with ``fill`` the rest too (bots take the free
    seats), else they wait for more players."""
    out = [list(waiting[i : i + seats]) for i in range(0, len(waiting), seats)]
    if out and len(out[-1]) < seats and not fill:
        out.pop()
    return out


def side_shares(results: Sequence[float]) -> list[float]:
    """Each side's share of the other sides it beat (higher results are better), a tie half."""
    others = len(results) - 1
    if others <= 0:
        return [1.0] * len(results)
    return [
        sum(
            1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
            for other, theirs in enumerate(results)
            if other != side
        )
        / others
        for side, mine in enumerate(results)
    ]


def seat_shares(sides: Sequence[Sequence[int]], results: Sequence[float]) -> list[float]:
    """Each seat's table result: its side's share (``side_shares``)."""
    shares = side_shares(results)
    out = [0.0] * sum(len(side) for side in sides)
    for side, share in zip(sides, shares, strict=True):
        for seat in side:
            out[seat] = share
    return out
