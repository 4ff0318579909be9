"""Helpers of the deal of the day's tests: players over HTTP and real WebSockets."""

from __future__ import annotations

import time
from typing import Any

import httpx

PASSWORD = "correct horse battery"


class Player:
    """A signed-in player (or a guest with a browser token) of one server."""

    def __init__(self, base: str, name: str | None, browser: str | None = None) -> None:
        self.base = base
        self.browser = browser
        self.headers: dict[str, str] = {}
        self.cookies: dict[str, str] = {}
        self.seen: list[str] = []
        """Every answer's text, for the leak scan."""
        if name is not None:
            made = httpx.post(f"{base}/api/accounts", json={"name": name, "password": PASSWORD})
            assert made.status_code == 201, made.text
            self.cookies = {"koloda_session": made.cookies["koloda_session"]}
            self.headers = {"X-CSRF-Token": made.json()["csrf_token"]}
        if browser is not None:
            self.headers["X-Koloda-Browser"] = browser

    def get(self, path: str, base: str | None = None) -> httpx.Response:
        answer = httpx.get(f"{base or self.base}{path}", cookies=self.cookies, headers=self.headers)
        self.seen.append(answer.text)
        return answer

    def start(self, game: str, base: str | None = None) -> httpx.Response:
        body = {"browser": self.browser} if self.browser else {}
        answer = httpx.post(
            f"{base or self.base}/api/daily/{game}/start",
            json=body,
            cookies=self.cookies,
            headers=self.headers,
        )
        self.seen.append(answer.text)
        return answer


def wait_done(
    player: Player, day: str, game: str, deals: int, base: str | None = None
) -> dict[str, Any]:
    """The player's standing once his set's results are written (they are written just after
    each deal's end)."""
    deadline = time.monotonic() + 30
    while True:
        mine = player.get(f"/api/daily/{day}/{game}", base).json()["mine"]
        if mine is not None and mine["deals_done"] >= deals:
            return dict(mine)
        assert time.monotonic() < deadline, mine
        time.sleep(0.05)


def standings_when_all_done(
    players: list[Player], day: str, game: str, deals: int
) -> list[dict[str, Any]]:
    """Each player's standing once every one's set is written: a standing's percentages are
    over the results written when it is read, so each is read again after the last one."""
    for player in players:
        wait_done(player, day, game, deals)
    return [wait_done(player, day, game, deals) for player in players]


def matchpoints(mine: list[int], everyone: list[list[int]]) -> list[float]:
    """A hand computation of matchpoint percentages: per deal, 1 for each other player
    beaten and 1/2 for each tie, over the others."""
    out = []
    for deal, points in enumerate(mine):
        others = [p[deal] for p in everyone]
        others.remove(points)
        won = sum(1.0 for p in others if p < points) + sum(0.5 for p in others if p == points)
        out.append(100 * won / len(others) if others else 50.0)
    return out
