"""Ratings over the API, on SQLite and PostgreSQL: a rated Spades table made and joined by
two accounts beside two bots, played to its end (the people leave their seats to the normal
bot, as anyone may, and the game goes on for them), both ratings moved and recorded, the
leaderboard with the bots beside it; the refusals of a rated table's terms; and rated
tables ending at once in several threads, no update lost."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from postgres_server import PostgresServer
from server_support import ServerThread, receive
from sqlalchemy import insert, select
from websockets.sync.client import connect

from koloda.club.ladder import bot_rating
from koloda.club.ratings import Rating, RatingError, rate_results, rated_presets
from koloda.core.registry import load_game
from koloda.server.accounts_store import accounts_table, bindings_table
from koloda.server.ratings_service import Ratings
from koloda.server.ratings_store import (
    rating_history_table,
    rating_pending_table,
    ratings_table,
)
from koloda.server.store import Store, tables_table

PASSWORD = "correct horse battery"
KEY = "spades:spades"
SPADES = dict(rated_presets("spades")[0].options)
SEATS = ["human", "open", "bot:easy", "bot:easy"]


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def database(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('ratings') / 'koloda.db'}"
        return
    postgres = PostgresServer().start()
    try:
        yield postgres.new_database()
    finally:
        postgres.stop()


@pytest.fixture(scope="module")
def server(database: str) -> Iterator[ServerThread]:
    running = ServerThread(database).start()
    yield running
    running.stop()


_names = iter(range(10**6))


def sign_up(server: ServerThread) -> tuple[httpx.Client, str, dict[str, str]]:
    """A client with a new account's session: the client, the name, the CSRF header."""
    client = httpx.Client(base_url=server.url)
    name = f"rated-{next(_names)}"
    answer = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    return client, name, {"X-CSRF-Token": answer.json()["csrf_token"]}


def rated_request(**changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "game": "spades",
        "options": SPADES,
        "seats": SEATS,
        "hints": False,
        "turn_seconds": 60,
        "rated": True,
    }
    body.update(changes)
    return body


def wait_for(condition: Any, seconds: float = 240.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError("not in time")


def test_a_rated_game_moves_both_players_ratings(server: ServerThread) -> None:
    anna, anna_name, anna_csrf = sign_up(server)
    boris, boris_name, boris_csrf = sign_up(server)
    made = anna.post("/api/tables", json=rated_request(), headers=anna_csrf)
    assert made.status_code == 201, made.text
    table_id = made.json()["table_id"]
    anna_token = made.json()["seats"][0]["token"]
    joined = boris.post(f"/api/tables/{table_id}/join", json={}, headers=boris_csrf)
    assert joined.status_code == 200, joined.text
    boris_token = joined.json()["token"]
    assert httpx.get(f"{server.url}/api/tables/{table_id}").json()["rated"] == KEY
    with connect(f"{server.ws_url}/ws/tables/{table_id}?token={anna_token}") as ws:
        view = receive(ws)
        assert view["table"]["rated"] == KEY and view["table"]["hints"] is False
    # both leave: the normal bot plays their seats to the end, and the game counts for them
    for client, token, header in ((anna, anna_token, anna_csrf), (boris, boris_token, boris_csrf)):
        left = client.post(f"/api/tables/{table_id}/leave", json={"token": token}, headers=header)
        assert left.status_code == 200, left.text
    wait_for(lambda: httpx.get(f"{server.url}/api/tables/{table_id}").json()["finished"])
    mine = wait_for(lambda: anna.get(f"/api/ratings/{anna_name}").json()["ratings"], 30)
    assert [r["rating_key"] for r in mine] == [KEY] and mine[0]["games"] == 1
    assert mine[0]["mu"] != Rating().mu and mine[0]["sigma"] < Rating().sigma
    history = anna.get(f"/api/ratings/{anna_name}").json()["history"]
    assert [(h["table_id"], h["display"]) for h in history] == [(table_id, mine[0]["display"])]
    # partners in Spades: seats 0 and 2 are one side, so Anna and Boris (0 and 1) are not
    theirs = wait_for(lambda: boris.get(f"/api/ratings/{boris_name}").json()["ratings"], 30)
    assert theirs[0]["games"] == 1 and theirs[0]["mu"] != mine[0]["mu"]
    # another's profile is private unless he makes it public
    assert anna.get(f"/api/ratings/{boris_name}").status_code == 403
    boris.patch("/api/me", json={"public_profile": True}, headers=boris_csrf)
    assert anna.get(f"/api/ratings/{boris_name}").status_code == 200
    board = httpx.get(f"{server.url}/api/leaderboard/{KEY}", params={"min_games": 1}).json()
    names = [line["name"] for line in board["standings"]]
    assert anna_name in names and boris_name in names
    displays = [line["display"] for line in board["standings"]]
    assert displays == sorted(displays, reverse=True)
    # the easy bots played (seats 2 and 3, one on each side): their level moved from the
    # ladder's figure by the mean of its two seats' changes — the one won what the other
    # lost, so its μ stays and only its σ moved — and the lobby labels it so; the hard
    # level did not play
    easy, ladder = board["bots"]["easy"], bot_rating(KEY, "easy")
    assert easy["mu"] == pytest.approx(ladder.mu, abs=1e-6)
    assert easy["sigma"] != pytest.approx(ladder.sigma, abs=1e-6)
    assert board["bots"]["hard"]["display"] == bot_rating(KEY, "hard").display()
    labelled = httpx.get(f"{server.url}/api/games").json()
    spades = next(game for game in labelled if game["game"] == "spades")
    assert spades["bot_ratings"][KEY.split(":")[1]]["easy"]["display"] == easy["display"]
    unplayed = httpx.get(f"{server.url}/api/leaderboard/{KEY}", params={"min_games": 2}).json()
    assert anna_name not in [line["name"] for line in unplayed["standings"]]
    assert httpx.get(f"{server.url}/api/leaderboard/spades:nothing").status_code == 404


def test_a_rated_table_is_refused_unless_on_rated_terms(server: ServerThread) -> None:
    anna, _, anna_csrf = sign_up(server)
    guest = httpx.Client(base_url=server.url)
    refusals = {
        "signed-in": guest.post("/api/tables", json=rated_request()),
        "hints off": anna.post("/api/tables", json=rated_request(hints=True), headers=anna_csrf),
        "turn clock": anna.post(
            "/api/tables", json=rated_request(turn_seconds=0), headers=anna_csrf
        ),
        "rated preset": anna.post("/api/tables", json=rated_request(options={}), headers=anna_csrf),
        "one human seat": anna.post(
            "/api/tables",
            json=rated_request(seats=["human", "human", "bot:easy", "bot:easy"]),
            headers=anna_csrf,
        ),
    }
    for words, answer in refusals.items():
        assert answer.status_code == 422, (words, answer.text)
        assert words in answer.json()["detail"], (words, answer.text)
    made = anna.post("/api/tables", json=rated_request(), headers=anna_csrf)
    table_id = made.json()["table_id"]
    assert guest.post(f"/api/tables/{table_id}/join", json={}).status_code == 403
    again = anna.post(f"/api/tables/{table_id}/join", json={}, headers=anna_csrf)
    assert again.status_code == 409, "one account, one seat at a rated table"
    # an unrated table of the same game is as ever
    plain = guest.post("/api/tables", json={"game": "spades", "seats": SEATS})
    assert plain.status_code == 201 and plain.json()["table_id"]
    assert httpx.get(f"{server.url}/api/tables/{plain.json()['table_id']}").json()["rated"] is None


def _finished_table(store: Store, table_id: str, accounts: list[str]) -> None:
    """A finished rated Spades table (its record's results only: what the update reads)
    with the accounts in seats 0 and 1, bound to them, and its update pending."""
    with store.engine.begin() as connection:
        connection.execute(
            insert(tables_table).values(
                id=table_id,
                game="spades",
                options=SPADES,
                seats=SEATS,
                token_hashes=[None] * 4,
                seed="0",
                first_dealer=0,
                created=time.time(),
                version=0,
                finished=True,
                record={"finished": True, "totals": [520, 310]},
            )
        )
        for seat, account in enumerate(accounts):
            connection.execute(
                insert(bindings_table).values(
                    table_id=table_id, seat=seat, account_id=account, sealed_token="-", bound=0.0
                )
            )
    Ratings(store.engine).mark_pending(table_id, KEY)


def _games_of(store: Store, holder: str) -> int:
    """The rated games kept for ``holder`` under ``KEY`` (0 when none)."""
    with store.engine.connect() as connection:
        games = connection.execute(
            select(ratings_table.c.games).where(
                ratings_table.c.account_id == holder, ratings_table.c.rating_key == KEY
            )
        ).scalar()
    return int(games or 0)


def test_tables_ending_at_once_lose_no_update(database: str) -> None:
    store = Store(database, fsync=False)
    try:
        accounts = [f"acc-{next(_names)}", f"acc-{next(_names)}"]
        with store.engine.begin() as connection:
            for account in accounts:
                connection.execute(
                    insert(accounts_table).values(
                        id=account,
                        name=account,
                        name_key=account,
                        created=0.0,
                        public_profile=False,
                        languages=[],
                    )
                )
        tables = [f"{accounts[0]}-t{n}" for n in range(8)]
        for table_id in tables:
            _finished_table(store, table_id, accounts)
        ratings = Ratings(store.engine)
        easy = ratings.bot_levels(KEY)["easy"]  # as the module's earlier games left it
        easy_games = _games_of(store, "bot:easy")
        start = threading.Barrier(4)
        errors: list[BaseException] = []

        def settle(mine: list[str]) -> None:
            start.wait()
            for table_id in mine:
                try:
                    assert ratings.settle(table_id)
                except BaseException as error:
                    errors.append(error)

        threads = [threading.Thread(target=settle, args=(tables[i::4],)) for i in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert not errors, errors
        # every update counted, each from the one before: as if the games ended one by one;
        # the easy level (a seat on each side) moves by the mean of its seats' changes
        info = load_game("spades", **SPADES).info
        expected = [Rating(), Rating(), easy, easy]
        for _ in tables:
            after = rate_results(info, {"finished": True, "totals": [520, 310]}, expected)
            moved = expected[2].mu + (after[2].mu + after[3].mu - 2 * expected[2].mu) / 2
            level = Rating(moved, (after[2].sigma + after[3].sigma) / 2)
            expected = [after[0], after[1], level, level]
        with store.engine.connect() as connection:
            for seat, account in enumerate([*accounts, "bot:easy"]):
                row = connection.execute(
                    select(ratings_table).where(
                        ratings_table.c.account_id == account, ratings_table.c.rating_key == KEY
                    )
                ).one()
                assert row.games == len(tables) + (easy_games if seat == 2 else 0)
                assert row.mu == pytest.approx(expected[seat].mu)
                assert row.sigma == pytest.approx(expected[seat].sigma)
                lines = connection.execute(
                    select(rating_history_table).where(
                        rating_history_table.c.account_id == account,
                        rating_history_table.c.table_id.in_(tables),
                    )
                ).all()
                assert sorted(line.table_id for line in lines) == sorted(tables)
        assert not set(tables) & set(ratings.pending())
        assert not ratings.settle(tables[0]), "a settled table is not settled twice"
    finally:
        store.close()


def test_the_games_list_labels_each_rated_presets_bot_levels(server: ServerThread) -> None:
    games = {g["game"]: g for g in httpx.get(f"{server.url}/api/games").json()}
    spades = games["spades"]["bot_ratings"]
    assert set(spades) == {preset.id for preset in rated_presets("spades")}
    for level, shown in spades["spades"].items():
        rating = bot_rating(KEY, level)
        assert shown == {"display": rating.display(), "provisional": rating.provisional}
    assert "spades_nil" not in spades, "an unrated preset has no bot ratings"


def test_an_update_that_fails_stays_pending_and_one_left_over_is_taken_up(database: str) -> None:
    store = Store(database, fsync=False)
    try:
        ratings = Ratings(store.engine)
        accounts = [f"acc-{next(_names)}", f"acc-{next(_names)}"]
        broken, left_over = f"{accounts[0]}-broken", f"{accounts[0]}-left"
        _finished_table(store, broken, accounts)
        with store.engine.begin() as connection:  # results of the wrong shape
            connection.execute(
                tables_table.update()
                .where(tables_table.c.id == broken)
                .values(record={"finished": True, "totals": [1]})
            )
        with pytest.raises(RatingError):
            ratings.settle(broken)
        assert broken in ratings.pending()
        with store.engine.connect() as connection:
            why = connection.execute(
                select(rating_pending_table.c.last_error).where(
                    rating_pending_table.c.table_id == broken
                )
            ).scalar_one()
        assert why and "sides" in why
        _finished_table(store, left_over, accounts)  # its game ended, its update never ran
        assert ratings.settle_pending() == 1
        assert left_over not in ratings.pending() and broken in ratings.pending()
        assert [kept.games for kept in ratings.of_account(accounts[0])] == [1]
    finally:
        store.close()


def test_a_rated_table_whose_pending_row_was_lost_is_rated_once(database: str) -> None:
    store = Store(database, fsync=False)
    try:
        ratings = Ratings(store.engine)
        accounts = [f"acc-{next(_names)}", f"acc-{next(_names)}"]
        table_id = f"{accounts[0]}-lost"
        _finished_table(store, table_id, accounts)
        with store.engine.begin() as connection:
            connection.execute(
                rating_pending_table.delete().where(rating_pending_table.c.table_id == table_id)
            )
        ratings.ensure_pending(table_id, KEY)
        assert ratings.settle(table_id)
        ratings.ensure_pending(table_id, KEY)  # rated already: not pending again
        assert table_id not in ratings.pending() and not ratings.settle(table_id)
        assert [kept.games for kept in ratings.of_account(accounts[1])] == [1]
    finally:
        store.close()
