"""Helpers of the tournaments' tests: entrants over HTTP who play their tables over real
WebSockets, and a hand computation of a table's results from its record."""

from __future__ import annotations

import itertools
import secrets
import threading
import time
from collections.abc import Sequence
from typing import Any

import httpx
from server_support import play_seat

from koloda.core.registry import load_rules


class Entrant(threading.Thread):
    """A guest (his browser's token and a name) who enters a tournament and plays every
    table he is given, always the first legal move; with ``leave_at`` he leaves his table
    of that round at his first decision."""

    def __init__(self, base: str, ws_url: str, name: str, leave_at: int | None = None) -> None:
        super().__init__(daemon=True)
        self.base, self.ws_url, self.name = base, ws_url, name
        self.browser = secrets.token_hex(12)
        self.leave_at = leave_at
        self.tournament = ""
        self.played: list[str] = []
        self.error: BaseException | None = None

    def post(self, path: str, **body: Any) -> httpx.Response:
        return httpx.post(
            f"{self.base}{path}", json={"browser": self.browser, "name": self.name, **body}
        )

    def page(self, base: str | None = None) -> dict[str, Any]:
        answer = httpx.get(
            f"{base or self.base}/api/tournaments/{self.tournament}",
            params={"browser": self.browser},
        )
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        return found

    def run(self) -> None:
        try:
            deadline = time.monotonic() + 240
            while time.monotonic() < deadline:
                page = self.page()
                if page["state"] == "finished" or (page["mine"] or {}).get("withdrawn"):
                    return
                table = (page["mine"] or {}).get("table")
                if table is None or table["table_id"] in self.played:
                    time.sleep(0.1)
                    continue
                self.played.append(table["table_id"])
                round_ = next(
                    t["round"] for t in page["tables"] if t["table_id"] == table["table_id"]
                )
                play_seat(
                    self.ws_url, table["table_id"], table["token"], leave=self.leave_at == round_
                )
            raise AssertionError(f"{self.name}: the tournament did not end")
        except BaseException as error:
            self.error = error


def hand_results(record: dict[str, Any]) -> tuple[list[float], list[float]]:
    """A finished table's result and points per seat, worked out from its record: each
    seat's points summed over the deals (higher better), and per seat the share of the other
    seats' sides it beat, a tie half."""
    rules = load_rules(record["game"], record["options"])
    info = rules.info
    points = [0.0] * info.num_seats
    for deal in record["deals"]:
        for seat, value in enumerate(info.seat_points(tuple(deal["scores"]))):
            points[seat] += value
    shares = []
    for seat in range(info.num_seats):
        mine = info.side_of(seat)
        rivals = [side for side in range(len(info.sides)) if side != mine]
        won = 0.0
        for side in rivals:
            theirs = points[info.sides[side][0]]
            won += 1.0 if points[seat] > theirs else 0.5 if points[seat] == theirs else 0.0
        shares.append(won / len(rivals))
    return shares, points


def fewest_repeats(players: Sequence[str], met: dict[str, set[str]], sizes: Sequence[int]) -> int:
    """The fewest repeated pairs any seating of ``players`` in tables of ``sizes`` has (every
    seating tried: the first player left sits at a table of each size left)."""
    best = len(players) ** 2

    def seat(left: list[str], free: list[int], count: int) -> None:
        nonlocal best
        if count >= best:
            return
        if not left:
            best = count
            return
        head, rest = left[0], left[1:]
        for size in set(free):
            others_free = list(free)
            others_free.remove(size)
            for others in itertools.combinations(rest, size - 1):
                table = [head, *others]
                added = sum(
                    1 for a, b in itertools.combinations(table, 2) if b in met.get(a, set())
                )
                seat([p for p in rest if p not in others], others_free, count + added)

    seat(list(players), list(sizes), 0)
    return best
