"""People at the table: open seats and joining, public tables, names, presence, bots that wait
for the people, the pause between deals, table talk, hints, rematch and "play now"."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_support import Client, ServerThread, create_table, facts, next_of, post, receive
from websockets.sync.client import ClientConnection, connect


@pytest.fixture(scope="module")
def patient(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    """A server as it runs for people: bots wait for them, and 30 s after a deal."""
    path: Path = tmp_path_factory.mktemp("db") / "seats.db"
    running = ServerThread(f"sqlite:///{path}", deal_pause=30.0).start()
    yield running
    running.stop()


def socket(server: ServerThread, table_id: str, token: str | None = None) -> ClientConnection:
    query = f"?token={token}" if token else ""
    return connect(f"{server.ws_url}/ws/tables/{table_id}{query}").__enter__()


def test_open_seats_are_listed_and_joined(patient: ServerThread) -> None:
    body = {
        "game": "king",
        "options": {},
        "seats": ["human", "open", "bot:random", "open"],
        "names": ["Anna", None, None, None],
        "public": True,
    }
    created = post(patient, "/api/tables", body)
    assert created.status_code == 201
    table_id = created.json()["table_id"]
    assert [s["token"] is not None for s in created.json()["seats"]] == [True] + [False] * 3
    anna = socket(patient, table_id, created.json()["seats"][0]["token"])
    receive(anna)  # the list offers a table with someone at it
    listed = {t["table_id"]: t for t in httpx.get(f"{patient.url}/api/tables").json()}
    seats = listed[table_id]["seats"]
    assert [s["state"] for s in seats] == ["taken", "open", "bot", "open"]
    assert seats[0]["name"] == "Anna"

    boris = post(patient, f"/api/tables/{table_id}/join", {"name": " Boris\n "})
    assert boris.status_code == 200
    assert boris.json()["seat"] == 1
    taken = post(patient, f"/api/tables/{table_id}/join", {"seat": 1, "name": "Gleb"})
    assert taken.status_code == 409  # not free
    bot = post(patient, f"/api/tables/{table_id}/join", {"seat": 2})
    assert bot.status_code == 409  # a bot's seat at a table whose bots keep their seats
    vera = post(patient, f"/api/tables/{table_id}/join", {"name": "Vera"})
    assert vera.json()["seat"] == 3
    full = post(patient, f"/api/tables/{table_id}/join", {})
    assert full.status_code == 409 and "no free seat" in full.json()["detail"]
    assert table_id not in {t["table_id"] for t in httpx.get(f"{patient.url}/api/tables").json()}
    names = [s["name"] for s in facts(patient, table_id)["seats"]]
    assert names == ["Anna", "Boris", None, "Vera"]
    # the token of a joined seat plays that seat
    ws = socket(patient, table_id, vera.json()["token"])
    first = receive(ws)
    assert first["seat"] == 3 and first["table"]["names"][1] == "Boris"
    ws.close()
    anna.close()


def test_bots_wait_for_the_people_to_arrive(patient: ServerThread) -> None:
    created = create_table(patient.url, "king", {}, ["human", "bot:random", "bot:random", "open"])
    table_id = created["table_id"]
    assert facts(patient, table_id)["to_act"] != 0  # a bot leads the first trick
    anna = socket(patient, table_id, created["seats"][0]["token"])
    receive(anna)
    time.sleep(0.4)
    assert facts(patient, table_id)["version"] == 0, "seat 3 is still free"
    joined = post(patient, f"/api/tables/{table_id}/join", {"name": "Gleb"}).json()
    time.sleep(0.4)
    assert facts(patient, table_id)["version"] == 0, "Gleb has not opened the table yet"
    gleb = socket(patient, table_id, joined["token"])
    receive(gleb)
    deadline = time.monotonic() + 10
    while facts(patient, table_id)["version"] == 0:
        assert time.monotonic() < deadline, "the bots never started"
        time.sleep(0.05)
    anna.close()
    gleb.close()


def test_presence_and_table_talk(patient: ServerThread) -> None:
    created = create_table(patient.url, "spades", {}, ["human", "bot:random", "human", "open"])
    table_id = created["table_id"]
    anna = socket(patient, table_id, created["seats"][0]["token"])
    assert receive(anna)["table"]["presence"] == {"online": [0], "spectators": 0}
    boris = socket(patient, table_id, created["seats"][2]["token"])
    receive(boris)
    assert next_of(anna, "table")["table"]["presence"] == {"online": [0, 2], "spectators": 0}
    watcher = socket(patient, table_id)
    receive(watcher)
    assert next_of(anna, "table")["table"]["presence"]["spectators"] == 1

    boris.send(json.dumps({"type": "chat", "phrase": "good_luck"}))
    heard = next_of(anna, "chat")
    assert heard == {"type": "chat", "seat": 2, "phrase": "good_luck"}
    assert next_of(watcher, "chat")["phrase"] == "good_luck"
    boris.send(json.dumps({"type": "chat", "phrase": "good_luck"}))
    assert next_of(boris, "error")["message"] == "one phrase a second"
    anna.send(json.dumps({"type": "chat", "phrase": "you fool"}))
    assert next_of(anna, "error")["code"] == "bad_message"
    watcher.send(json.dumps({"type": "chat", "phrase": "hello"}))
    assert next_of(watcher, "error")["code"] == "bad_message"

    boris.close()
    assert next_of(anna, "table")["table"]["presence"] == {"online": [0], "spectators": 1}
    anna.close()
    watcher.close()


def test_hints(patient: ServerThread) -> None:
    created = create_table(patient.url, "tressette", {}, ["human"] * 4)
    table_id = created["table_id"]
    sockets = [socket(patient, table_id, s["token"]) for s in created["seats"]]
    views = [receive(ws) for ws in sockets]
    to_act = views[0]["view"]["to_act"]
    sockets[to_act].send(json.dumps({"type": "hint"}))
    hint = next_of(sockets[to_act], "hint")
    assert hint["action"] in views[to_act]["view"]["legal_actions"]
    other = (to_act + 1) % 4
    sockets[other].send(json.dumps({"type": "hint"}))
    assert next_of(sockets[other], "error")["code"] == "not_your_turn"
    for ws in sockets:
        ws.close()
    quiet = post(
        patient,
        "/api/tables",
        {"game": "tressette", "seats": ["human"] * 4, "hints": False},
    ).json()
    ws = socket(patient, quiet["table_id"], quiet["seats"][0]["token"])
    receive(ws)
    ws.send(json.dumps({"type": "hint"}))
    assert next_of(ws, "error")["code"] == "hints_off"
    ws.close()


def play_deal_as(ws: ClientConnection, seat: int, deals: int = 1) -> dict[str, Any]:
    """Play the seat's first legal action whenever it is to act, until ``deals`` deals are
    scored; answers the view that ended the last of them."""
    while True:
        message = receive(ws, timeout=20)
        assert message["type"] == "view", message
        view = message["view"]
        if view["deals_scored"] >= deals or view["finished"]:
            return message
        if view["legal_actions"]:
            ws.send(
                json.dumps(
                    {
                        "type": "act",
                        "action": view["legal_actions"][0],
                        "version": message["version"],
                    }
                )
            )


def test_bots_wait_for_next_deal(patient: ServerThread) -> None:
    created = create_table(
        patient.url, "king", {}, ["human", "bot:random", "bot:random", "bot:random"]
    )
    table_id = created["table_id"]
    anna = socket(patient, table_id, created["seats"][0]["token"])
    ended = play_deal_as(anna, 0)
    assert ended["table"]["waiting_for"] == [0]
    version = ended["version"]
    # deal 2 is led by a bot (seat 2): it waits for Anna's "next deal"
    assert ended["view"]["to_act"] != 0
    time.sleep(0.5)
    assert facts(patient, table_id)["version"] == version
    anna.send(json.dumps({"type": "next_deal"}))
    assert next_of(anna, "table")["table"]["waiting_for"] == []
    assert next_of(anna, "view")["version"] == version + 1
    anna.close()


def test_the_pause_between_deals_ends_by_itself(tmp_path: Path) -> None:
    server = ServerThread(f"sqlite:///{tmp_path / 'pause.db'}", deal_pause=0.3).start()
    try:
        created = create_table(server.url, "king", {}, ["human"] + ["bot:random"] * 3)
        anna = socket(server, created["table_id"], created["seats"][0]["token"])
        ended = play_deal_as(anna, 0)
        assert ended["table"]["waiting_for"] == [0]
        assert next_of(anna, "view", timeout=5)["version"] == ended["version"] + 1
        anna.close()
    finally:
        server.stop()


SHORT_SPADES = {"max_deals": 1}


def test_rematch_keeps_the_seats(patient: ServerThread) -> None:
    created = create_table(patient.url, "spades", SHORT_SPADES, ["human", "bot:random"] * 2)
    table_id = created["table_id"]
    tokens = [s["token"] for s in created["seats"]]
    early = post(patient, f"/api/tables/{table_id}/rematch", {"token": tokens[0]})
    assert early.status_code == 409  # the game is not over
    players = [Client(patient.ws_url, table_id, tokens[s], seed=s) for s in (0, 2)]
    for player in players:
        player.start()
    for player in players:
        player.join(timeout=60)
        assert player.finished and player.error is None
    stranger = post(patient, f"/api/tables/{table_id}/rematch", {"token": "nope"})
    assert stranger.status_code == 403
    boris = post(patient, f"/api/tables/{table_id}/rematch", {"token": tokens[2]})
    assert boris.status_code == 200
    again = boris.json()
    assert again["seat"] == 2 and again["table_id"] != table_id
    assert facts(patient, table_id)["rematch"] == again["table_id"]
    new = facts(patient, again["table_id"])
    assert [s["state"] for s in new["seats"]] == ["reserved", "bot", "taken", "bot"]
    assert new["options"] == facts(patient, table_id)["options"]
    # seat 0 is kept for Anna: a stranger cannot take it, Anna can with her old token
    assert post(patient, f"/api/tables/{again['table_id']}/join", {"seat": 0}).status_code == 403
    anna = post(patient, f"/api/tables/{table_id}/rematch", {"token": tokens[0]}).json()
    assert anna["table_id"] == again["table_id"] and anna["seat"] == 0
    ws = socket(patient, anna["table_id"], anna["token"])
    assert receive(ws)["seat"] == 0
    ws.close()


def test_play_now_seats_people_together(patient: ServerThread) -> None:
    options = {"players": 2, "hand_size": 2}
    first = post(
        patient, "/api/play-now", {"game": "hundred_one", "options": options, "name": "Anna"}
    )
    assert first.status_code == 200
    anna = first.json()
    assert anna["seat"] == 0
    second = post(
        patient, "/api/play-now", {"game": "hundred_one", "options": options, "name": "Boris"}
    ).json()
    assert second["table_id"] == anna["table_id"] and second["seat"] == 1
    seats = facts(patient, anna["table_id"])["seats"]
    assert [s["kind"] for s in seats] == ["human", "human"], "the bot gave its seat up at once"
    assert [s["state"] for s in seats] == ["taken", "taken"]
    assert seats[1]["name"] == "Boris"
    other_rules = post(patient, "/api/play-now", {"game": "hundred_one", "options": {}}).json()
    assert other_rules["table_id"] != anna["table_id"]
    boris_ws = socket(patient, anna["table_id"], second["token"])
    assert receive(boris_ws)["seat"] == 1  # his seat at once, not watching
    boris_ws.close()
    bad = post(patient, "/api/play-now", {"game": "chess"})
    assert bad.status_code == 422


def test_seats_and_names_survive_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'restart.db'}"
    server = ServerThread(url).start()
    body = {"game": "king", "seats": ["human", "open", "open", "bot:random"], "public": True}
    created = post(server, "/api/tables", body).json()
    table_id = created["table_id"]
    joined = post(server, f"/api/tables/{table_id}/join", {"seat": 2, "name": "Vera"}).json()
    server.stop()
    server = ServerThread(url).start()
    try:
        seats = facts(server, table_id)["seats"]
        assert [s["state"] for s in seats] == ["taken", "open", "taken", "bot"]
        assert seats[2]["name"] == "Vera"
        ws = socket(server, table_id, joined["token"])
        assert receive(ws)["seat"] == 2
        assert table_id in {t["table_id"] for t in httpx.get(f"{server.url}/api/tables").json()}
        ws.close()
    finally:
        server.stop()


def test_an_older_database_gets_the_new_column(tmp_path: Path) -> None:
    import sqlite3

    from koloda.server.store import Store

    path = tmp_path / "old.db"
    with sqlite3.connect(path) as old:  # the table as databases of earlier versions hold it
        old.execute(
            "CREATE TABLE koloda_tables (id VARCHAR(64) PRIMARY KEY, game VARCHAR(32) NOT NULL,"
            " options JSON NOT NULL, seats JSON NOT NULL, token_hashes JSON NOT NULL,"
            " seed VARCHAR(128) NOT NULL, first_dealer INTEGER NOT NULL, created FLOAT NOT NULL,"
            " version INTEGER NOT NULL, finished BOOLEAN NOT NULL, record JSON)"
        )
        old.execute(
            "INSERT INTO koloda_tables VALUES ('t1', 'king', '{}', '[\"human\",\"bot:random\","
            '"bot:random","bot:random"]\', \'["x",null,null,null]\', \'s\', 0, 0, 0, 0, NULL)'
        )
    store = Store(f"sqlite:///{path}")
    try:
        loaded = store.load("t1")
        assert loaded is not None and loaded.seating is None and loaded.seats[0] == "human"
    finally:
        store.close()


def test_the_turn_clock_lets_a_bot_play_for_an_absent_player(patient: ServerThread) -> None:
    # a clock long enough that connecting the four and sending each frame fit in it on a
    # loaded machine (at 0.4 s a seat could be taken as gone before its socket was open)
    body = {"game": "tressette", "seats": ["human"] * 4, "turn_seconds": 1.5}
    created = post(patient, "/api/tables", body).json()
    table_id = created["table_id"]
    sockets = [socket(patient, table_id, s["token"]) for s in created["seats"]]
    first = [receive(ws) for ws in sockets]
    to_act = first[0]["view"]["to_act"]
    watcher = sockets[(to_act + 2) % 4]
    news = next_of(watcher, "table", timeout=5)  # nobody plays: the clock runs out
    assert news["table"]["away"] == [to_act]
    played = next_of(watcher, "view", timeout=10)
    assert played["version"] == 1, "the normal bot played for the absent player"
    sockets[to_act].send(json.dumps({"type": "back"}))
    # the others' clocks run out too (nobody plays here); his seat is his again
    deadline = time.monotonic() + 10
    while to_act in next_of(watcher, "table", timeout=5)["table"]["away"]:
        assert time.monotonic() < deadline, "still away after saying he is back"
    for ws in sockets:
        ws.close()


def test_idle_tables_leave_memory_and_come_back(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'idle.db'}"
    server = ServerThread(url, idle_seconds=0.3).start()
    try:
        body = {"game": "spades", "seats": ["human", "open", "bot:random", "open"], "public": True}
        created = post(server, "/api/tables", body).json()
        table_id = created["table_id"]
        ws = socket(server, table_id, created["seats"][0]["token"])
        before = receive(ws)
        ws.close()
        manager = server.app.state.manager
        deadline = time.monotonic() + 10
        while table_id in manager.tables:
            assert time.monotonic() < deadline, "the idle table stayed in memory"
            time.sleep(0.05)
        listed = httpx.get(f"{server.url}/api/tables").json()
        assert [s["state"] for s in listed[0]["seats"]] == ["taken", "open", "bot", "open"]
        ws = socket(server, table_id, created["seats"][0]["token"])
        after = receive(ws)
        assert after["view"] == before["view"] and after["version"] == before["version"]
        ws.close()
    finally:
        server.stop()


def test_a_restarted_server_replays_tables_on_first_contact(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'lazy.db'}"
    server = ServerThread(url).start()
    ids = [create_table(server.url, "king", {}, ["human"] * 4)["table_id"] for _ in range(3)]
    server.stop()
    server = ServerThread(url).start()
    try:
        assert server.app.state.manager.tables == {}, "nothing is replayed at start"
        assert facts(server, ids[1])["version"] == 0
        assert set(server.app.state.manager.tables) == {ids[1]}
    finally:
        server.stop()
