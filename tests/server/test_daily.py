"""The deal of the day: three players over real WebSockets play the same deals against the
same bots; the same moves bring the same bot plays; the matchpoints are a hand computation's;
nothing shows the day's seed or a hand before the day closes (a simulated clock), and after
it the seed is revealed and the deals verify; a second attempt is refused."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from daily_support import Player, matchpoints, standings_when_all_done
from server_support import ServerThread, play_seat, receive, receive_until, serving
from sqlalchemy import create_engine
from typer.testing import CliRunner
from websockets.sync.client import connect

from koloda.cli.main import app
from koloda.records import parse_record
from koloda.records.fairness import FAIRNESS_KEY, commitment, verify
from koloda.server.daily import store as daily_store
from koloda.server.daily.days import day_seed
from koloda.server.seating import Seating
from koloda.server.store import metadata
from koloda.server.tables import new_table

DEALS = 2
DAY = dt.datetime(2026, 12, 2, 12, 0, tzinfo=dt.UTC)


@pytest.fixture(scope="module")
def daily_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    for running in serving(tmp_path_factory, "daily"):
        service = running.app.state.manager.daily
        service.clock = lambda: DAY
        service.deals = {"king": DEALS}
        yield running


def test_a_day_of_three_players(daily_server: ServerThread, tmp_path: Path) -> None:
    server = daily_server
    service = server.app.state.manager.daily
    day = DAY.date().isoformat()
    ada, boris, vera, olga = (Player(server.url, n) for n in ("Ada", "Boris", "Vera", "Olga"))
    today = olga.get("/api/daily").json()
    king = next(g for g in today["games"] if g["game"] == "king")
    assert king["deals"] == DEALS and king["seed"] is None and king["mine"] is None
    seed = day_seed(service.secret(), DAY.date(), "king")
    assert king["commitment"] == commitment(seed)
    tables = {}
    for player, last in ((ada, False), (boris, False), (vera, True)):
        started = player.start("king")
        assert started.status_code == 201, started.text
        table_id, token = started.json()["table_id"], started.json()["token"]
        play_seat(server.ws_url, table_id, token, last=last)
        tables[player] = table_id
    # the same cards for everyone, and the same bot plays for the same moves
    store = server.app.state.store
    stored = {p: store.load(t) for p, t in tables.items()}
    assert stored[ada].seed == stored[vera].seed == seed
    assert stored[ada].setups[:DEALS] == stored[boris].setups[:DEALS] == stored[vera].setups[:DEALS]
    same = [a for a in stored[ada].actions if a[0] < DEALS]
    assert same == [a for a in stored[boris].actions if a[0] < DEALS]
    assert same != [a for a in stored[vera].actions if a[0] < DEALS]
    # matchpoints as a hand computes them
    players = [ada, boris, vera]
    mine = dict(zip(players, standings_when_all_done(players, day, "king", DEALS), strict=True))
    everyone = [m["points"] for m in mine.values()]
    for m in mine.values():
        expected = matchpoints(m["points"], everyone)
        assert m["percents"] == pytest.approx(expected, abs=0.01)
        assert m["score"] == pytest.approx(sum(expected) / DEALS, abs=0.01)
    ranking = olga.get(f"/api/daily/{day}/king").json()["ranking"]
    scores = [r["score"] for r in ranking]
    assert scores == sorted(scores, reverse=True)
    assert sorted(scores) == pytest.approx(sorted(m["score"] for m in mine.values()), abs=0.01)
    history = ada.get("/api/daily/mine").json()["days"]
    assert history == [
        {
            "day": day,
            "game": "king",
            "deals": DEALS,
            "deals_done": DEALS,
            "score": mine[ada]["score"],
            "total": mine[ada]["total"],
        }
    ]
    # one attempt a day, in one line
    again = ada.start("king")
    assert again.status_code == 409 and "one attempt a day" in again.json()["detail"]
    # nothing before the close shows the seed or a hand, to one who has not played
    for path in (
        "/api/daily",
        f"/api/daily/{day}/king",
        f"/api/daily/{day}/king/record/{tables[ada]}",
        f"/api/tables/{tables[ada]}/record",
        f"/api/replay/{tables[ada]}",
        f"/api/replay/daily/{day}/king/{tables[ada]}",
        f"/daily/{day}/king/replay/{tables[ada]}",
        "/daily",
        f"/daily/{day}/king",
        "/api/players/Ada",
        "/api/players/Ada/games",
        "/players/Ada",
    ):
        olga.get(path)
    hands = [json.dumps(setup["hands"]) for setup in stored[ada].setups]
    for text in olga.seen:  # not even where the tables are
        assert not any(table_id in text for table_id in tables.values())
    for text in olga.seen + ada.seen:
        assert seed not in text
        assert not any(hand in text for hand in hands)
    # the day closes: the seed is revealed and the deals verify
    service.clock = lambda: DAY + dt.timedelta(days=1)
    try:
        closed = olga.get(f"/api/daily/{day}/king").json()
        assert closed["closed"] and closed["seed"] == seed
        assert len(closed["lines"]) == DEALS and closed["lines"][0]["common_players"] >= 2
        first = closed["lines"][0]
        assert first["common_line"][0] == first["common"] and first["best_line"]
        record = olga.get(f"/api/daily/{day}/king/record/{tables[vera]}").json()
        assert verify(parse_record(record)) == []
        saved = tmp_path / "daily.json"
        saved.write_text(json.dumps(record))
        checked = CliRunner().invoke(app, ["verify", str(saved)])
        assert checked.exit_code == 0 and checked.output.startswith(f"fair: all {DEALS} deal(s)")
        assert len(record["deals"]) == DEALS
        replay = olga.get(f"/api/replay/daily/{day}/king/{tables[vera]}").json()
        assert replay["seats"][0]["name"] == "Vera" and replay["positions"]
        assert olga.get(f"/daily/{day}/king/replay/{tables[vera]}").status_code == 200
    finally:
        service.clock = lambda: DAY


def test_a_guest_plays_once_per_browser(daily_server: ServerThread) -> None:
    guest = Player(daily_server.url, None, browser="b" * 32)
    first = guest.start("king")
    assert first.status_code == 201, first.text
    second = guest.start("king")
    assert second.status_code == 409
    nobody = Player(daily_server.url, None)
    assert nobody.start("king").status_code == 422
    assert nobody.start("no_such_game").status_code == 404


def test_a_daily_table_says_its_set_and_takes_nothing_back(daily_server: ServerThread) -> None:
    player = Player(daily_server.url, "Dmitri")
    started = player.start("king").json()
    address = f"{daily_server.ws_url}/ws/tables/{started['table_id']}?token={started['token']}"
    with connect(address) as ws:
        while True:
            message = receive(ws)
            if message["type"] == "view" and message["view"]["legal_actions"]:
                break
        assert message["table"]["daily"] == {"day": "2026-12-02", "game": "king", "deals": DEALS}
        assert message["table"]["undo"] is False and message["table"]["hints"] is False
        action = message["view"]["legal_actions"][0]
        ws.send(json.dumps({"type": "act", "action": action, "version": message["version"]}))
        ws.send(json.dumps({"type": "undo"}))
        refused = receive_until(ws, "error")
        assert refused["code"] == "undo_refused"


def test_a_daily_table_ends_with_its_set(daily_server: ServerThread) -> None:
    """Once the set's deals are scored the table is finished: nobody acts at it (the bots
    neither), and its record holds the set's deals, not the next one."""
    player = Player(daily_server.url, "Galina")
    started = player.start("king").json()
    play_seat(daily_server.ws_url, started["table_id"], started["token"])
    address = f"{daily_server.ws_url}/ws/tables/{started['table_id']}?token={started['token']}"
    with connect(address) as ws:
        message = receive_until(ws, "view")
        assert message["table"]["deals"] == DEALS
        assert message["view"]["finished"] and message["view"]["deals_scored"] == DEALS
        assert message["view"]["legal_actions"] == []
        version = message["version"]
        ws.send(json.dumps({"type": "act", "action": "pass", "version": version}))
        refused = receive_until(ws, "error")
        assert refused["code"] == "not_your_turn" and "over" in refused["message"]
    table = daily_server.app.state.manager.tables[started["table_id"]]
    assert table.version == version  # the bots did not play on
    assert table.record is not None and len(table.record["deals"]) == DEALS
    for path in ("record", "verify", "analysis?seat=0"):  # the day's page, once closed
        answer = player.get(f"/api/tables/{started['table_id']}/{path}")
        assert answer.status_code == 403 and "day's page" in answer.text


def test_a_daily_table_s_record_keeps_the_seed_secret() -> None:
    """A deal of the day's finished record carries no proof (the day's page adds it once the
    day closes); an ordinary table's reveals its seed."""
    seats = ["human", "bot:normal", "bot:normal", "bot:normal"]
    daily = {"day": "2026-12-02", "game": "hundred_one", "deals": 5}
    kept, _ = new_table("hundred_one", {}, seats, None, Seating([], daily=daily), False, "s" * 32)
    plain, _ = new_table("hundred_one", {}, seats, None, Seating([]), False, "s" * 32)
    assert FAIRNESS_KEY not in kept.finished_record()
    assert plain.finished_record()[FAIRNESS_KEY]["seed"] == "s" * 32


def test_results_of_deals_ended_close_together_are_all_counted(tmp_path: Path) -> None:
    """Two deals' writes may race: the later one, made from a stale attempt, still counts
    its new deal."""
    engine = create_engine(f"sqlite:///{tmp_path / 'daily.db'}")
    metadata.create_all(engine)
    assert daily_store.reserve(engine, "2026-12-02", "king", "account:a", "Ada", "a", 1.0)
    daily_store.seat_attempt(engine, "2026-12-02", "king", "account:a", "t1", "x")
    stale = daily_store.attempt_at(engine, "t1")
    assert stale is not None
    assert daily_store.add_results(engine, stale, [-2])
    assert daily_store.add_results(engine, stale, [-2, 0])  # read before the first wrote
    assert not daily_store.add_results(engine, stale, [-2])  # nothing new
    assert daily_store.counts(engine, "2026-12-02", "king") == [(0, -2, 1), (1, 0, 1)]
    engine.dispose()
