"""The WebSocket side: bad input is refused with its error code and changes nothing;
actions apply once and in order; a reconnecting seat gets its full view back."""

from __future__ import annotations

import json
from typing import Any

from server_support import ServerThread, create_table, receive, receive_until
from websockets.sync.client import ClientConnection, connect

HUMANS = ["human", "human", "human", "human"]


def open_seats(server: ServerThread, seats: list[str]) -> tuple[str, list[str | None]]:
    created = create_table(server.url, "king", {"variant": "classic"}, seats)
    return created["table_id"], [s["token"] for s in created["seats"]]


def seat_socket(server: ServerThread, table_id: str, token: str | None) -> ClientConnection:
    query = f"?token={token}" if token else ""
    ws = connect(f"{server.ws_url}/ws/tables/{table_id}{query}", max_size=1 << 22)
    return ws.__enter__()  # closed by the test


def sync(ws: ClientConnection) -> dict[str, Any]:
    ws.send(json.dumps({"type": "sync"}))
    return receive_until(ws, "view")


def expect_error(ws: ClientConnection, payload: str | bytes, code: str) -> dict[str, Any]:
    ws.send(payload)
    message = receive(ws)
    assert message["type"] == "error", message
    assert message["code"] == code, message
    assert message["message"]
    return message


def test_server_bad_input_is_refused_and_changes_nothing(server: ServerThread) -> None:
    table_id, tokens = open_seats(server, HUMANS)
    sockets = [seat_socket(server, table_id, t) for t in tokens]
    first = [receive(ws) for ws in sockets]
    to_act = first[0]["view"]["to_act"]
    ws = sockets[to_act]
    mine = first[to_act]
    legal = mine["view"]["legal_actions"]
    assert legal and mine["version"] == 0
    illegal = (
        next(c for c in mine["view"]["hand"] if c not in legal)
        if len(legal) < len(mine["view"]["hand"])
        else None
    )
    other = sockets[(to_act + 1) % 4]

    expect_error(ws, "{not json", "bad_message")
    expect_error(ws, "[1, 2]", "bad_message")
    expect_error(ws, json.dumps({"type": "dance"}), "bad_message")
    expect_error(ws, json.dumps({"action": legal[0]}), "bad_message")
    expect_error(ws, json.dumps({"type": "act"}), "bad_message")
    expect_error(ws, json.dumps({"type": "act", "action": 7}), "bad_message")
    expect_error(ws, json.dumps({"type": "act", "action": legal[0], "version": "x"}), "bad_message")
    expect_error(ws, json.dumps({"type": "act", "action": "x" * 200_000}), "bad_message")
    expect_error(ws, b'{"type": "act"}', "bad_message")
    expect_error(ws, json.dumps({"type": "act", "action": "ZZ"}), "illegal_action")
    expect_error(ws, json.dumps({"type": "act", "action": "order:positive"}), "illegal_action")
    if illegal is not None:
        refused = expect_error(ws, json.dumps({"type": "act", "action": illegal}), "illegal_action")
        assert legal[0] in refused["message"]
    expect_error(ws, json.dumps({"type": "act", "action": legal[0], "version": 5}), "stale_version")
    expect_error(other, json.dumps({"type": "act", "action": legal[0]}), "not_your_turn")
    spectator = seat_socket(server, table_id, None)
    receive(spectator)
    expect_error(spectator, json.dumps({"type": "act", "action": legal[0]}), "not_your_turn")

    again = sync(ws)
    assert again["version"] == 0
    assert again["view"] == mine["view"]

    # a duplicate send applies once: the second is stale
    action = json.dumps({"type": "act", "action": legal[0], "version": 0})
    ws.send(action)
    ws.send(action)
    applied = receive(ws)
    assert applied["type"] == "view" and applied["version"] == 1
    assert applied["events"][0] == {
        "type": "card_played",
        "seat": to_act,
        "card": legal[0],
        "key": "event.card_played",  # the sentence as data, worded by the page's catalogue
        "params": {"seat": {"seat": to_act}, "card": {"card": legal[0]}},
    }
    duplicate = receive(ws)
    assert duplicate["type"] == "error" and duplicate["code"] == "stale_version"
    assert sync(ws)["version"] == 1
    for s in sockets:
        s.close()
    spectator.close()


def test_server_reconnect_gets_the_full_view(server: ServerThread) -> None:
    table_id, tokens = open_seats(server, ["human", "bot:random", "bot:random", "bot:random"])
    ws = seat_socket(server, table_id, tokens[0])
    view = receive(ws)
    while not view["view"]["legal_actions"]:
        view = receive(ws)
    ws.send(
        json.dumps(
            {"type": "act", "action": view["view"]["legal_actions"][0], "version": view["version"]}
        )
    )
    after = receive_until(ws, "view")
    ws.close()
    back = seat_socket(server, table_id, tokens[0])
    restored = receive(back)
    assert restored["type"] == "view" and restored["seat"] == 0
    assert restored["version"] >= after["version"]
    assert restored["view"]["hand"] == after["view"]["hand"]
    assert len(restored["view"]["hand"]) == 7
    back.close()


def test_server_ping(server: ServerThread) -> None:
    table_id, tokens = open_seats(server, HUMANS)
    with seat_socket(server, table_id, tokens[0]) as ws:
        receive(ws)
        ws.send(json.dumps({"type": "ping"}))
        assert receive(ws) == {"type": "pong"}


def test_a_newcomer_hears_how_the_deal_in_play_began(server: ServerThread) -> None:
    """A connection's first view carries ``opening``: the events of the deal so far (101:
    who deals, the starter, then every move), redacted for that seat; a sync does not repeat
    them, and someone who arrives later in the deal hears the same beginning and the moves
    made since."""
    created = create_table(server.url, "hundred_one", {"players": 3}, ["human"] * 3)
    table_id, tokens = created["table_id"], [s["token"] for s in created["seats"]]
    anna = seat_socket(server, table_id, tokens[0])
    first = receive(anna)
    opening = first["opening"]
    keys = [e["key"] for e in opening]
    assert keys[:2] == ["event.deal_started", "event.starter_turned"]
    assert opening[1]["params"]["card"]["card"] is not None  # the starter lies face up
    mine, *others = opening[0]["hands"]
    assert sorted(mine) == sorted(first["view"]["hand"]) and others == [[], []]  # hers only
    assert "opening" not in sync(anna)
    latest = first
    for moves in range(3):  # some moves of the deal, each by the seat to act, newly connected
        seat = latest["view"]["to_act"]
        with seat_socket(server, table_id, tokens[seat]) as ws:
            mine = receive(ws)
            told = [e["key"] for e in mine["opening"]]
            assert told[: len(keys)] == keys and len(told) >= len(keys) + moves
            hands = mine["opening"][0]["hands"]
            assert all((h != []) == (s == seat) for s, h in enumerate(hands))
            action = mine["view"]["legal_actions"][0]
            ws.send(json.dumps({"type": "act", "action": action, "version": mine["version"]}))
            latest = receive_until(ws, "view")
    with seat_socket(server, table_id, None) as spectator:
        told = receive(spectator)["opening"]
        assert [e["key"] for e in told][: len(keys)] == keys and len(told) >= len(keys) + 3
        assert all(not hand for hand in told[0].get("hands", []))
    anna.close()
