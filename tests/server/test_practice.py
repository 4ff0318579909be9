"""Practice at a table against bots (docs/protocol.md, "Practice"): a person alone at an
unrated table takes back his last decision of the deal (the bots' moves after it go too, the
record keeps only the game as finally played); a study table shows every hand, and no other
table ever does. Over real WebSockets."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from server_support import ServerProcess, ServerThread, people_table, receive, serving
from test_server_parts import Manager, queued
from websockets.sync.client import ClientConnection, connect

from koloda.records import parse_record, replay
from koloda.server import practice
from koloda.server.presence import Presence

SPADES = {"max_deals": 1}
RECORDS = Path(__file__).resolve().parents[2] / "docs" / "records.schema.json"
BOTS = ["bot:random"] * 3


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    yield from serving(tmp_path_factory, "practice")


def make(base: str, seats: list[str], game: str = "spades", **extra: Any) -> dict[str, Any]:
    options = SPADES if game == "spades" else {}
    body = {"game": game, "options": options, "seats": seats, **extra}
    response = httpx.post(f"{base}/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def sit(ws_url: str, created: dict[str, Any], seat: int | None = 0) -> ClientConnection:
    query = "" if seat is None else f"?token={created['seats'][seat]['token']}"
    url = f"{ws_url}/ws/tables/{created['table_id']}{query}"
    return connect(url, ping_interval=None).__enter__()


def until_my_turn(ws: ClientConnection) -> dict[str, Any]:
    """Views until one where this seat is to act (or the game is over)."""
    while True:
        message = receive(ws)
        assert message["type"] == "view", message
        view = message["view"]
        if view["finished"] or view["to_act"] == message["seat"]:
            return message


def undo(ws: ClientConnection) -> dict[str, Any]:
    """Ask for an undo: its answer (a view marked ``undone``, or an error), views of moves
    made before it passed over."""
    ws.send(json.dumps({"type": "undo"}))
    while True:
        message = receive(ws)
        if message["type"] == "error" or message.get("undone"):
            return message


def position(message: dict[str, Any]) -> dict[str, Any]:
    """What the person sees of the game: his hand, his choices, the trick, the score."""
    view = message["view"]
    keys = ("hand", "legal_actions", "trick", "tricks_won", "bids", "totals", "to_act")
    return {"version": message["version"], **{k: view.get(k) for k in keys}}


def test_undo_against_bots_restores_the_hand_and_the_score(server: ServerThread) -> None:
    created = make(server.url, ["human", *BOTS])
    with sit(server.ws_url, created) as ws:
        first = until_my_turn(ws)
        assert first["table"]["undo"] is True and first["undoable"] is False
        assert undo(ws)["code"] == "undo_refused", "nothing of his to take back yet"
        mine = first
        # the bid and a few cards, with tricks taken meanwhile, up to a card the bots answer
        # (a card that wins the trick leads again at once)
        for decisions in range(1, 14):
            chosen = mine["view"]["legal_actions"][0]
            ws.send(json.dumps({"type": "act", "action": chosen, "version": mine["version"]}))
            before, mine = mine, until_my_turn(ws)
            if decisions >= 6 and mine["version"] > before["version"] + 1:
                break
        assert mine["undoable"] is True and mine["version"] > before["version"] + 1
        after = position(mine)

        undone = undo(ws)
        assert undone["undone"] is True
        assert position(undone) == position(before), "as it stood before his last decision"
        assert undone["opening"], "the deal so far, for the log"
        # the same move again: the bots answer as they did (their randomness is the position's)
        chosen = before["view"]["legal_actions"][0]
        ws.send(json.dumps({"type": "act", "action": chosen, "version": undone["version"]}))
        message = until_my_turn(ws)
        assert position(message) == after

        # then the game to its end: its record holds only the game as finally played
        while not message["view"]["finished"]:
            action = message["view"]["legal_actions"][-1]
            ws.send(json.dumps({"type": "act", "action": action, "version": message["version"]}))
            message = until_my_turn(ws)
        assert undo(ws)["code"] == "undo_refused", "the game is over"
    record = httpx.get(f"{server.url}/api/tables/{created['table_id']}/record").json()
    schema = json.loads(RECORDS.read_text(encoding="utf-8"))
    assert not list(Draft202012Validator(schema).iter_errors(record))
    assert "open_hands" not in record
    actions = [a for deal in record["deals"] for a in deal["actions"]]
    assert len(actions) == message["version"]
    assert replay(parse_record(record)).is_over


def test_undo_racing_the_bots_and_the_deals_end_is_whole_or_refused(
    server: ServerThread,
) -> None:
    """A decision and its undo sent at once, on every turn of a deal: the owner takes them in
    order, so the undo finds either the bots' answer or not yet, never half of it; after
    the deal's last card it finds a new deal, with nothing of his: refused, nothing changed."""
    created = make(server.url, ["human", *BOTS])
    with sit(server.ws_url, created) as ws:
        mine = until_my_turn(ws)
        while not mine["view"]["finished"]:
            chosen = mine["view"]["legal_actions"][0]
            ws.send(json.dumps({"type": "act", "action": chosen, "version": mine["version"]}))
            answer = undo(ws)
            if answer["type"] == "error":  # the deal (and here the game) ended first
                assert answer["code"] == "undo_refused"
                ws.send(json.dumps({"type": "sync"}))
                mine = until_my_turn(ws)
                assert mine["view"]["finished"]
                break
            assert position(answer) == position(mine)
            ws.send(json.dumps({"type": "act", "action": chosen, "version": answer["version"]}))
            mine = until_my_turn(ws)
    facts = httpx.get(f"{server.url}/api/tables/{created['table_id']}").json()
    record = httpx.get(f"{server.url}/api/tables/{created['table_id']}/record").json()
    assert len([a for d in record["deals"] for a in d["actions"]]) == facts["version"]
    assert replay(parse_record(record)).is_over


def test_undo_is_refused_with_another_person_or_for_a_spectator(server: ServerThread) -> None:
    created = make(server.url, ["human", "human", *BOTS[:2]])
    with sit(server.ws_url, created, 0) as first, sit(server.ws_url, created, 1) as second:
        message = receive(first)
        assert message["table"]["undo"] is False and "undoable" not in message
        receive(second)
        refused = undo(first)
        assert refused["code"] == "undo_refused" and "alone" in refused["message"]
    alone = make(server.url, ["human", *BOTS])
    with sit(server.ws_url, alone, None) as watcher:
        assert "undoable" not in receive(watcher)
        assert undo(watcher)["code"] == "undo_refused"


def test_a_rated_table_has_no_undo() -> None:
    table = people_table("spades")
    table.token_hashes = ["taken", None, None, None]
    table.seats = ["human", "bot:random", "bot:random", "bot:random"]
    assert practice.solo_seat(table) == 0
    table.seating.rated = "spades:standard"
    assert practice.solo_seat(table) is None
    assert practice.refusal(table, 0) == "a rated table has no undo"


def test_a_turn_clock_from_before_an_undo_does_not_run_out_on_the_turn_again() -> None:
    """An undo back to a turn starts its clock again at the same version: the first clock's
    end, still on its way, hands nothing to the bot."""

    async def scene() -> None:
        table = people_table("king", turn_seconds=30)
        presence = Presence(Manager(table))  # type: ignore[arg-type]
        seat = table.state.to_act
        assert seat is not None
        table.clock_started = 200.0  # started again after the undo
        presence.time_up(table, table.version, seat, 100.0)  # the first clock of the turn
        presence.time_up(table, table.version, seat, 200.0)
        stale, current = queued(table)
        stale.function(table)
        assert table.away == set()
        current.function(table)
        assert table.away == {seat}

    asyncio.run(scene())


def all_cards(view: dict[str, Any]) -> list[list[str]]:
    hands: list[list[str]] = view["open_hands"]
    return hands


def test_a_study_table_shows_every_hand_and_no_other_table_does(server: ServerThread) -> None:
    study = make(server.url, ["human", *BOTS], game="king", open_hands=True)
    with sit(server.ws_url, study, None) as watcher, sit(server.ws_url, study) as ws:
        seen = receive(watcher)  # the bots wait for the person: nothing is played yet
        message = receive(ws)
        assert message["table"]["open_hands"] is True
        hands = all_cards(message["view"])
        assert hands[0] == message["view"]["hand"]
        assert [len(h) for h in hands] == message["view"]["hand_sizes"]
        assert len({card for hand in hands for card in hand}) == message["facts"]["deck"]
        assert seen["version"] == message["version"] == 0
        assert all_cards(seen["view"]) == hands, "a spectator sees the same"
    joined = httpx.post(f"{server.url}/api/tables/{study['table_id']}/join", json={"name": "Vera"})
    assert joined.status_code == 409, "nobody else sits at a study table"
    normal = make(server.url, ["human", *BOTS], game="king")
    with sit(server.ws_url, normal) as ws, sit(server.ws_url, normal, None) as watcher:
        for connection in (ws, watcher):
            message = receive(connection)
            assert "open_hands" not in message["view"]
            assert message["table"]["open_hands"] is False
            shown = set(message["view"]["hand"])
            assert len(shown) == (8 if connection is ws else 0)


@pytest.mark.parametrize(
    ("seats", "extra", "why"),
    [
        (["human", "human", "bot:random", "bot:random"], {}, "one person's seat"),
        (["human", "open", "bot:random", "bot:random"], {}, "one person's seat"),
        (["bot:random"] * 4, {}, "one person's seat"),
    ],
)
def test_a_study_table_is_for_one_person(
    server: ServerThread, seats: list[str], extra: dict[str, Any], why: str
) -> None:
    body = {"game": "spades", "options": SPADES, "seats": seats, "open_hands": True, **extra}
    response = httpx.post(f"{server.url}/api/tables", json=body)
    assert response.status_code == 422
    assert why in response.json()["detail"]


def test_an_undo_and_the_open_hands_outlive_a_restart(tmp_path: Path) -> None:
    """The undo is stored (the actions taken back are gone from the database) and the study
    table is still one after the server is stopped and started again."""
    database = f"sqlite:///{tmp_path / 'koloda.db'}"
    server = ServerThread(database).start()
    try:
        created = make(server.url, ["human", *BOTS], open_hands=True)
        with sit(server.ws_url, created) as ws:
            mine = until_my_turn(ws)
            for _ in range(3):
                chosen = mine["view"]["legal_actions"][0]
                ws.send(json.dumps({"type": "act", "action": chosen, "version": mine["version"]}))
                mine = until_my_turn(ws)
            undone = undo(ws)
            assert undone["undone"] is True
    finally:
        server.stop()
    server = ServerThread(database).start()
    try:
        with sit(server.ws_url, created) as ws:
            again = receive(ws)
            assert position(again) == position(undone)
            assert again["view"]["open_hands"] == undone["view"]["open_hands"]
            assert again["undoable"] is True
    finally:
        server.stop()


def test_an_undo_through_another_process_outlives_its_owner(
    pair: tuple[ServerProcess, ServerProcess],
) -> None:
    """Two processes on one PostgreSQL database: an undo asked through the process that does
    not own the table is done by its owner; once the owner is killed, the other takes the
    table over from the database as the undo left it."""
    first, second = pair
    created = make(first.url, ["human", *BOTS], game="king", open_hands=True)
    with sit(second.ws_url, created) as ws:
        mine = until_my_turn(ws)
        for _ in range(2):
            chosen = mine["view"]["legal_actions"][0]
            ws.send(json.dumps({"type": "act", "action": chosen, "version": mine["version"]}))
            mine = until_my_turn(ws)
        undone = undo(ws)
        assert undone["undone"] is True and undone["version"] < mine["version"]
    first.kill()
    deadline = time.monotonic() + 30
    while True:
        try:
            with sit(second.ws_url, created) as ws:
                again = receive(ws)
                break
        except Exception:
            assert time.monotonic() < deadline, "the table was not taken over"
            time.sleep(0.2)
    assert position(again) == position(undone)
    assert again["view"]["open_hands"] == undone["view"]["open_hands"]
