"""Tournaments: a Swiss tournament of eight people (guests over HTTP, playing their tables
over real WebSockets) and bots for three rounds of three-handed King: no repeated tablemates
where a seating without them exists, standings that match a hand computation from the
tables' records, and a player who leaves his table withdrawn, played by the bot to its end
and seated no more. An arena seats whoever waits, bots filling a table after a while; the
requests a tournament refuses change nothing."""

from __future__ import annotations

import itertools
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_support import ServerThread, serving
from tournament_support import Entrant, fewest_repeats, hand_results
from typer.testing import CliRunner

from koloda.cli.main import app
from koloda.server.tournaments.pairing import (
    arena_tables,
    repeats,
    seat_shares,
    swiss_round,
    table_sizes,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    for running in serving(tmp_path_factory, "tournaments"):
        running.app.state.manager.tournaments.tick_seconds = 0.2
        running.app.state.manager.tournaments.arena_fill_seconds = 1.0
        yield running


def make(maker: Entrant, **terms: object) -> dict[str, object]:
    body = {"title": "Friday King", "game": "king", "preset": "king_three", "kind": "swiss"}
    answer = maker.post("/api/tournaments", **{**body, **terms})
    assert answer.status_code == 201, answer.text
    made: dict[str, object] = answer.json()
    return made


def test_a_swiss_tournament_of_eight_people_and_bots(server: ServerThread, tmp_path: Path) -> None:
    people = [Entrant(server.url, server.ws_url, f"P{i}") for i in range(1, 9)]
    people[7].leave_at = 2  # P8 leaves his table of round 2
    made = make(people[0], rounds=3, deals=1, turn_seconds=60)
    for person in people:
        person.tournament = str(made["id"])
    for person in people[1:]:
        assert person.post(f"/api/tournaments/{made['id']}/join").status_code == 200
    assert people[1].post(f"/api/tournaments/{made['id']}/start").status_code == 403
    started = people[0].post(f"/api/tournaments/{made['id']}/start")
    assert started.status_code == 200 and started.json()["state"] == "playing"
    for person in people:
        person.start()
    for person in people:
        person.join(timeout=300)
        assert person.error is None, f"{person.name}: {person.error!r}"
    page = people[0].page()
    assert page["state"] == "finished" and page["round"] == 3
    tables = page["tables"]
    # the seating: rounds of 8, 8 and 7 players at tables of three, the bots spread
    by_round = {r: [t for t in tables if t["round"] == r] for r in (1, 2, 3)}
    seated = {r: sorted(n for t in ts for n in t["players"] if n) for r, ts in by_round.items()}
    names = [p.name for p in people]
    assert seated[1] == seated[2] == sorted(names)
    assert seated[3] == sorted(names[:7])  # P8 withdrew
    for r, ts in by_round.items():
        sizes = sorted((sum(n is not None for n in t["players"]) for t in ts), reverse=True)
        assert sizes == table_sizes(len(seated[r]), 3)
    # no one sits with an earlier tablemate where a seating without it exists
    met: dict[str, set[str]] = {n: set() for n in names}
    for r in (1, 2, 3):
        groups = [[n for n in t["players"] if n] for t in by_round[r]]
        found = sum(repeats(g, met) for g in groups)
        sizes = [len(g) for g in groups]
        assert found == fewest_repeats(seated[r], met, sizes), (r, groups)
        for group in groups:
            for a, b in itertools.permutations(group, 2):
                met[a].add(b)
    # the standings are the sums of the tables' results, worked out from their records
    score = dict.fromkeys(names, 0.0)
    points = dict.fromkeys(names, 0.0)
    for table in tables:
        record = httpx.get(f"{server.url}/api/tables/{table['table_id']}/record").json()
        kept = tmp_path / f"{table['table_id']}.json"
        kept.write_text(json.dumps(record))
        assert len(record["deals"]) == 1
        shares, seat_points = hand_results(record)
        assert table["shares"] == pytest.approx(shares) and table["points"] == seat_points
        for seat, name in enumerate(table["players"]):
            if name is not None:
                score[name] += shares[seat]
                points[name] += seat_points[seat]
    rows = {row["name"]: row for row in page["standings"]}
    for name in names:
        assert rows[name]["score"] == pytest.approx(score[name], abs=1e-3)
        assert rows[name]["points"] == pytest.approx(points[name], abs=0.1)
    # by score, those still in before the withdrawn at an equal score, then by points
    order = [(row["score"], not row["withdrawn"], row["points"]) for row in page["standings"]]
    assert order == sorted(order, reverse=True)
    # every table's deals are what its revealed seed deals
    verified = CliRunner().invoke(app, ["verify", str(kept)])
    assert verified.exit_code == 0, verified.output
    # the leaver: withdrawn, and his table finished with the bot in his seat
    assert rows["P8"]["withdrawn"] and rows["P8"]["tables"] == 2
    left = next(t for t in by_round[2] if "P8" in t["players"])
    facts = httpx.get(f"{server.url}/api/tables/{left['table_id']}").json()
    seat = left["players"].index("P8")
    assert facts["finished"] and facts["seats"][seat]["kind"] == "bot:normal"


def test_an_arena_seats_whoever_waits(server: ServerThread) -> None:
    ada, boris = (Entrant(server.url, server.ws_url, n) for n in ("Ada", "Boris"))
    made = make(ada, kind="arena", minutes=5, deals=1)
    ada.tournament = boris.tournament = str(made["id"])
    assert boris.post(f"/api/tournaments/{made['id']}/join").status_code == 200
    assert ada.post(f"/api/tournaments/{made['id']}/start").status_code == 200
    # two entrants at tables of three: after the wait, one table, a bot in the third seat
    deadline = time.monotonic() + 30
    while not (ada.page()["mine"] or {}).get("table"):
        assert time.monotonic() < deadline, "no arena table"
        time.sleep(0.1)
    page = ada.page()
    assert len(page["tables"]) == 1
    assert sorted(n or "" for n in page["tables"][0]["players"]) == ["", "Ada", "Boris"]
    assert page["mine"]["table"]["table_id"] == boris.page()["mine"]["table"]["table_id"]
    # a late entrant joins the running arena; withdrawing ends one's play
    vera = Entrant(server.url, server.ws_url, "Vera")
    vera.tournament = ada.tournament
    assert vera.post(f"/api/tournaments/{made['id']}/join").status_code == 200
    assert vera.post(f"/api/tournaments/{made['id']}/withdraw").status_code == 200
    assert vera.post(f"/api/tournaments/{made['id']}/withdraw").status_code == 409
    assert vera.page()["mine"]["withdrawn"]


def test_a_scheduled_tournament_starts_at_its_time(server: ServerThread) -> None:
    service = server.app.state.manager.tournaments
    ada, boris = (Entrant(server.url, server.ws_url, n) for n in ("Ada", "Boris"))
    made = make(ada, starts_in=30)
    ada.tournament = boris.tournament = str(made["id"])
    assert boris.post(f"/api/tournaments/{made['id']}/join").status_code == 200
    time.sleep(5 * service.tick_seconds)
    assert ada.page()["state"] == "open"  # not before its time
    service.clock = lambda: time.time() + 31 * 60
    try:
        deadline = time.monotonic() + 20
        while ada.page()["state"] != "playing":
            assert time.monotonic() < deadline, "the scheduled start did not come"
            time.sleep(0.1)
    finally:
        service.clock = time.time
    page = ada.page()
    assert page["round"] == 1 and len(page["tables"]) == 1
    assert page["mine"]["table"] is not None


def test_a_table_whose_end_was_not_counted_is_counted_from_its_record(
    server: ServerThread,
) -> None:
    """As when a process stops between a table's end and its count: the next step counts
    the table from its stored record, and the tournament goes on."""
    service = server.app.state.manager.tournaments
    ada, boris = (Entrant(server.url, server.ws_url, n) for n in ("Ada", "Boris"))
    made = make(ada, rounds=1, deals=1)
    ada.tournament = boris.tournament = str(made["id"])
    assert boris.post(f"/api/tournaments/{made['id']}/join").status_code == 200
    counted = service.table_ended
    service.table_ended = lambda table: None  # the end is not counted by the table's owner
    try:
        assert ada.post(f"/api/tournaments/{made['id']}/start").status_code == 200
        for person in (ada, boris):
            person.start()
        for person in (ada, boris):
            person.join(timeout=120)
            assert person.error is None, f"{person.name}: {person.error!r}"
    finally:
        service.table_ended = counted
    page = ada.page()
    assert page["state"] == "finished" and page["tables"][0]["finished"]
    record = httpx.get(f"{server.url}/api/tables/{page['tables'][0]['table_id']}/record").json()
    assert page["tables"][0]["shares"] == pytest.approx(hand_results(record)[0])
    assert sum(row["tables"] for row in page["standings"]) == 2


def test_what_a_tournament_refuses(server: ServerThread) -> None:
    maker = Entrant(server.url, server.ws_url, "Maker")
    nameless = Entrant(server.url, server.ws_url, "")
    assert (
        maker.post(
            "/api/tournaments", title="x", game="chess", preset="p", kind="swiss"
        ).status_code
        == 404
    )
    assert (
        maker.post(
            "/api/tournaments", title="x", game="king", preset="nope", kind="swiss"
        ).status_code
        == 422
    )
    assert (
        maker.post(
            "/api/tournaments", title="x", game="king", preset="king_three", kind="swiss", rounds=0
        ).status_code
        == 422
    )
    made = make(maker, rounds=1)
    maker.tournament = str(made["id"])
    path = f"/api/tournaments/{made['id']}"
    assert nameless.post(f"{path}/join", name=None).status_code == 422
    assert maker.post(f"{path}/join").status_code == 409  # in already
    assert maker.post(f"{path}/start").status_code == 409  # alone
    assert maker.page()["entrants"] == 1
    assert httpx.get(f"{server.url}/api/tournaments/nope").status_code == 404
    assert httpx.get(f"{server.url}/tournaments/nope").status_code == 404
    other = Entrant(server.url, server.ws_url, "Other")
    assert other.post(f"{path}/join").status_code == 200
    assert maker.post(f"{path}/start").status_code == 200
    late = Entrant(server.url, server.ws_url, "Late")
    assert late.post(f"{path}/join").status_code == 409  # a Swiss tournament under way
    assert maker.post(f"{path}/start").status_code == 409
    # nobody's token shows but one's own
    other.tournament = maker.tournament
    page = httpx.get(f"{server.url}{path}").json()
    assert page["mine"] is None and "token" not in str(page["tables"])


def test_table_results_share_the_beaten_sides() -> None:
    """1 for a side above every other, 0 below every other, a tie half."""
    assert seat_shares([[0], [1], [2], [3]], [10, 5, 5, -3]) == [1.0, 0.5, 0.5, 0.0]
    assert seat_shares([[0, 2], [1, 3]], [120, 80]) == [1.0, 0.0, 1.0, 0.0]
    assert seat_shares([[0, 2], [1, 3]], [50, 50]) == [0.5, 0.5, 0.5, 0.5]


def test_table_sizes_spread_the_bots() -> None:
    assert table_sizes(8, 3) == [3, 3, 2]
    assert table_sizes(7, 4) == [4, 3]
    assert table_sizes(9, 4) == [3, 3, 3]
    assert table_sizes(0, 4) == []


@pytest.mark.parametrize("seed", range(20))
def test_a_swiss_seating_has_the_fewest_repeats(seed: int) -> None:
    """Against every seating tried: random histories of 5 to 10 players at tables of 2 to 4."""
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(rng.randint(5, 10))]
    seats = rng.randint(2, 4)
    met: dict[str, set[str]] = {p: set() for p in players}
    for a, b in itertools.combinations(players, 2):
        if rng.random() < 0.4:
            met[a].add(b)
            met[b].add(a)
    tables = swiss_round(players, met, seats)
    assert sorted(p for t in tables for p in t) == sorted(players)
    assert [len(t) for t in tables] == table_sizes(len(players), seats)
    found = sum(repeats(t, met) for t in tables)
    assert found == fewest_repeats(players, met, table_sizes(len(players), seats))


def test_an_arena_waits_for_a_full_table_unless_told_to_fill() -> None:
    assert arena_tables(["a", "b", "c", "d", "e"], 4, fill=False) == [["a", "b", "c", "d"]]
    assert arena_tables(["a", "b", "c", "d", "e"], 4, fill=True) == [["a", "b", "c", "d"], ["e"]]
    assert arena_tables(["a"], 3, fill=False) == []
