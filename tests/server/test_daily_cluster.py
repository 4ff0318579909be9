"""The deal of the day on PostgreSQL with two `koloda serve --cluster` processes: attempts
made through either play the same deals, a second attempt is refused by the other process,
and each process's ranking counts the results written by both."""

from __future__ import annotations

import datetime as dt

import httpx
from daily_support import Player, matchpoints, standings_when_all_done
from server_support import ServerProcess, play_seat


def test_a_day_across_two_processes(pair: tuple[ServerProcess, ServerProcess]) -> None:
    first, second = pair
    ada, boris = Player(first.url, "Ada"), Player(second.url, "Boris")
    today = httpx.get(f"{first.url}/api/daily").json()
    there = httpx.get(f"{second.url}/api/daily").json()
    game = next(g for g in today["games"] if g["game"] == "spades")
    assert game["commitment"] == next(
        g["commitment"] for g in there["games"] if g["game"] == "spades"
    )
    deals, day = game["deals"], today["day"]
    tables = []
    for player, server in ((ada, first), (boris, second)):
        started = player.start("spades")
        assert started.status_code == 201, started.text
        tables.append(started.json()["table_id"])
        play_seat(server.ws_url, started.json()["table_id"], started.json()["token"])
    # the other process refuses Ada a second attempt
    again = ada.start("spades", base=second.url)
    assert again.status_code == 409 and "one attempt a day" in again.json()["detail"]
    mine = standings_when_all_done([ada, boris], day, "spades", deals)
    everyone = [m["points"] for m in mine]
    assert everyone[0] == everyone[1]  # the same cards and moves, the same bot plays
    for m in mine:
        assert m["percents"] == matchpoints(m["points"], everyone)
    for server in (first, second):
        ranked = httpx.get(f"{server.url}/api/daily/{day}/spades").json()
        assert sorted(r["name"] for r in ranked["ranking"]) == ["Ada", "Boris"]
        assert ranked["seed"] is None
    assert dt.date.fromisoformat(day) <= dt.datetime.now(dt.UTC).date()
