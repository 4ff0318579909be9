"""A Swiss tournament on PostgreSQL with two `koloda serve --cluster` processes: made on one,
entered through the other, started and played through the first; both processes show the
same standings, and the second round is seated from the first round's results."""

from __future__ import annotations

import time

import httpx
from server_support import ServerProcess
from tournament_support import Entrant


def test_a_tournament_across_two_processes(pair: tuple[ServerProcess, ServerProcess]) -> None:
    first, second = pair
    people = [Entrant(first.url, first.ws_url, name) for name in ("Ada", "Boris", "Vera", "Gleb")]
    body = {"title": "Two rooms", "game": "king", "preset": "king_three", "kind": "swiss"}
    made = people[0].post("/api/tournaments", **body, rounds=2, deals=1)
    assert made.status_code == 201, made.text
    tournament = made.json()["id"]
    for person in people:
        person.tournament = tournament
    for person in people[1:]:  # entered through the other process
        joined = httpx.post(
            f"{second.url}/api/tournaments/{tournament}/join",
            json={"browser": person.browser, "name": person.name},
        )
        assert joined.status_code == 200, joined.text
    assert people[0].post(f"/api/tournaments/{tournament}/start").status_code == 200
    for person in people:
        person.start()
    for person in people:
        person.join(timeout=300)
        assert person.error is None, f"{person.name}: {person.error!r}"
    deadline = time.monotonic() + 30
    while people[0].page(second.url)["state"] != "finished":
        assert time.monotonic() < deadline, "the other process never saw the end"
        time.sleep(0.2)
    here, there = people[0].page(), people[0].page(second.url)
    assert here["standings"] == there["standings"] and here["tables"] == there["tables"]
    assert [t["round"] for t in here["tables"]] == [1, 1, 2, 2]
    assert sum(row["tables"] for row in here["standings"]) == 8
    assert all(t["finished"] for t in here["tables"])
