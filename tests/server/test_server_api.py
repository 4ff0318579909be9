"""The HTTP side of the table API (docs/protocol.md): every endpoint and its error codes."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from server_support import ServerThread, create_table
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from koloda.server.protocol.ws import ViewMessage

KING_SEATS = ["human", "bot:random", "bot:random", "human"]
NATIVE = {"engine": "native"}


def test_server_create_table_gives_tokens_to_humans_only(server: ServerThread) -> None:
    created = create_table(server.url, "king", {"variant": "classic"}, KING_SEATS)
    assert created["table_id"]
    seats = created["seats"]
    assert [s["seat"] for s in seats] == [0, 1, 2, 3]
    assert [s["kind"] for s in seats] == KING_SEATS
    assert seats[0]["token"] and seats[3]["token"] and seats[0]["token"] != seats[3]["token"]
    assert seats[1]["token"] is None and seats[2]["token"] is None


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ({"game": "chess", "options": {}, "seats": ["human"] * 4}, "chess"),
        ({"game": "king", "options": {"variant": "five"}, "seats": ["human"] * 4}, "variant"),
        ({"game": "king", "options": {"colour": "red"}, "seats": ["human"] * 4}, "colour"),
        (
            {"game": "king", "options": {"stop_when_decided": "maybe"}, "seats": ["human"] * 4},
            "stop_when_decided",
        ),
        ({"game": "king", "options": {}, "seats": ["human"] * 3}, "seats"),
        ({"game": "king", "options": {"variant": "three"}, "seats": ["human"] * 4}, "seats"),
        ({"game": "king", "options": {}, "seats": ["human", "robot", "human", "human"]}, "robot"),
        (
            {"game": "king", "options": {}, "seats": ["human", "bot:nobody", "human", "human"]},
            "nobody",
        ),
        ({"game": "king", "options": [], "seats": ["human"] * 4}, "options"),
        (
            {"game": "king", "options": {}, "seats": ["human", "bot:cheater", "human", "human"]},
            "reads every hand",  # the cheater is a ceiling for measurements, not an opponent
        ),
        (  # a search of any size would hold a bot worker for as long as it asks
            {
                "game": "king",
                "options": {},
                "seats": ["human", "bot:ismcts:1000000"] + ["human"] * 2,
            },
            "without a budget",
        ),
        ({"options": {}, "seats": ["human"] * 4}, "game"),
        ({"game": "king", "options": {}}, "seats"),
    ],
)
def test_server_bad_tables_are_422_naming_the_problem(
    server: ServerThread, body: dict[str, Any], named: str
) -> None:
    response = httpx.post(f"{server.url}/api/tables", json=body)
    assert response.status_code == 422
    assert named in response.text


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/tables", {"game": "spades", "options": NATIVE, "seats": ["human"] * 4}),
        ("/api/check", {"game": "spades", "options": NATIVE}),
        ("/api/play-now", {"game": "spades", "options": NATIVE}),
    ],
)
def test_server_options_cannot_choose_the_engine(
    server: ServerThread, path: str, body: dict[str, Any]
) -> None:
    # the engine is the server's choice, as it is a record reader's: not a rule option
    response = httpx.post(f"{server.url}{path}", json=body)
    assert response.status_code == 422
    assert "engine is not a rule option" in response.text


def test_server_malformed_json_body_is_422(server: ServerThread) -> None:
    response = httpx.post(
        f"{server.url}/api/tables",
        content=b"{not json",
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 422


def test_server_public_facts(server: ServerThread) -> None:
    created = create_table(server.url, "king", {"variant": "three"}, ["human", "human", "human"])
    facts = httpx.get(f"{server.url}/api/tables/{created['table_id']}").json()
    assert facts["game"] == "king"
    assert facts["options"]["variant"] == "three"
    assert [s["kind"] for s in facts["seats"]] == ["human"] * 3
    assert "token" not in str(facts)
    assert facts["finished"] is False
    assert facts["to_act"] in (0, 1, 2)
    assert facts["version"] == 0


def test_server_unknown_table_is_404(server: ServerThread) -> None:
    for path in ("", "/record", "/sheet", "/view"):
        assert httpx.get(f"{server.url}/api/tables/nonesuch{path}").status_code == 404
    assert httpx.get(f"{server.url}/t/nonesuch").status_code == 404
    with pytest.raises(InvalidStatus) as refused:
        connect(f"{server.ws_url}/ws/tables/nonesuch")
    assert refused.value.response.status_code == 404


def test_server_record_is_403_until_the_game_is_over(server: ServerThread) -> None:
    created = create_table(server.url, "king", {"variant": "classic"}, KING_SEATS)
    response = httpx.get(f"{server.url}/api/tables/{created['table_id']}/record")
    assert response.status_code == 403
    assert "not finished" in response.json()["detail"]


def test_server_record_of_a_finished_game(server: ServerThread) -> None:
    created = create_table(
        server.url, "king", {"variant": "three"}, ["bot:random", "bot:random", "bot:random"]
    )
    table_id = created["table_id"]
    deadline = time.monotonic() + 60
    while not httpx.get(f"{server.url}/api/tables/{table_id}").json()["finished"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    response = httpx.get(f"{server.url}/api/tables/{table_id}/record")
    assert response.status_code == 200
    record = response.json()
    assert record["format"] == "koloda-record/1"
    assert record["game"] == "king" and record["options"]["variant"] == "three"
    assert record["finished"] is True and "winner" in record and "settlement" in record
    assert all("scores" in deal for deal in record["deals"])
    sheet = httpx.get(f"{server.url}/api/tables/{table_id}/sheet").json()
    assert sheet["totals"] == record["totals"]
    assert [d["scores"] for d in sheet["deals"]] == [d["scores"] for d in record["deals"]]
    sections = sheet["sheet"]["sections"]
    titles = [s["title"]["key"] for s in sections]
    assert titles == ["section.deals", "section.king.orders", "section.result"]
    assert len(sections[0]["rows"]) == len(record["deals"])
    assert "settlement" in sheet["html"] and "King (three players)" in sheet["html"]


def test_server_serves_the_catalogues(server: ServerThread) -> None:
    russian = httpx.get(f"{server.url}/i18n/ru.json").json()
    english = httpx.get(f"{server.url}/i18n/en.json").json()
    assert set(russian) == set(english) and russian["word.trick"]["few"] == "взятки"
    assert httpx.get(f"{server.url}/i18n/xx.json").status_code == 404
    script = httpx.get(f"{server.url}/i18n/catalogues.js")
    assert script.status_code == 200 and script.headers["content-type"].startswith(
        "text/javascript"
    )
    assert script.text.startswith("const CATALOGUES = ") and "взятку" in script.text


def test_server_wrong_token_is_403(server: ServerThread) -> None:
    created = create_table(server.url, "king", {"variant": "classic"}, KING_SEATS)
    table_id = created["table_id"]
    view = httpx.get(f"{server.url}/api/tables/{table_id}/view", params={"token": "forged"})
    assert view.status_code == 403
    with pytest.raises(InvalidStatus) as refused:
        connect(f"{server.ws_url}/ws/tables/{table_id}?token=forged")
    assert refused.value.response.status_code == 403


def test_server_view_over_http(server: ServerThread) -> None:
    created = create_table(server.url, "king", {"variant": "classic"}, KING_SEATS)
    table_id = created["table_id"]
    token = created["seats"][3]["token"]
    mine = httpx.get(f"{server.url}/api/tables/{table_id}/view", params={"token": token}).json()
    assert mine["type"] == "view" and mine["seat"] == 3
    assert len(mine["view"]["hand"]) == 8
    public = httpx.get(f"{server.url}/api/tables/{table_id}/view").json()
    assert public["seat"] is None and public["view"]["hand"] == []
    assert public["view"]["legal_actions"] == []
    # the message a WebSocket sends, whole: the turn clock's time left and where the board is
    for message in (mine, public):
        ViewMessage.model_validate(message)
        assert "clock_left" in message and message["facts"]["board"] == "/games/king/board.js"


def test_server_catalog_pages_and_docs(server: ServerThread) -> None:
    games = httpx.get(f"{server.url}/api/games").json()
    king = next(g for g in games if g["game"] == "king")
    variant = next(o for o in king["options"] if o["name"] == "variant")
    assert variant["choices"] == ["classic", "order", "three"] and variant["help"]
    bots = httpx.get(f"{server.url}/api/bots").json()
    assert "random" in bots["bots"] and "bot:random" in bots["seat_kinds"]
    assert httpx.get(f"{server.url}/docs").status_code == 200
    schema = httpx.get(f"{server.url}/openapi.json").json()
    assert "/api/tables" in schema["paths"] and "/api/tables/{table_id}/record" in schema["paths"]
    lobby = httpx.get(f"{server.url}/")
    assert lobby.status_code == 200 and "text/html" in lobby.headers["content-type"]
    assert "cdn" not in lobby.text.lower()


def test_the_cheater_is_not_offered(server: ServerThread) -> None:
    offered = httpx.get(f"{server.url}/api/bots").json()
    assert "hard" in offered["bots"] and "cheater" not in offered["bots"]
    assert "bot:cheater" not in offered["seat_kinds"]


def test_bots_are_offered_for_the_games_they_play(
    server: ServerThread, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot made for some games only (here one of the trick games, registered for the
    test) is offered there and not for 101, a 101 table with it is refused in one line, and
    an unknown game is a 404. ``ismcts-native`` plays all four (101's own search)."""
    from koloda.bots import base
    from koloda.core.errors import OptionError
    from koloda.server.catalog import games_catalog, offered_bots

    def trick_games_only(rules: Any) -> Any:
        if rules.info.name == "hundred_one":
            raise OptionError("trick-only plays the trick games only")
        return base.make_bot("random", rules)

    # registered in code for this test only (as register_bot does, undone after it)
    monkeypatch.setitem(base._REGISTERED, "trick-only", trick_games_only)
    offered_bots.cache_clear()
    games_catalog.cache_clear()
    try:
        games = {g["game"]: g for g in httpx.get(f"{server.url}/api/games").json()}
        assert "trick-only" in games["spades"]["bots"]
        assert "trick-only" not in games["hundred_one"]["bots"]
        assert "ismcts-native" in games["hundred_one"]["bots"]
        assert "hard" in games["hundred_one"]["bots"] and "cheater" not in games["king"]["bots"]
        offered = httpx.get(f"{server.url}/api/bots", params={"game": "hundred_one"}).json()
        assert "trick-only" not in offered["bots"] and "bot:hard" in offered["seat_kinds"]
        assert httpx.get(f"{server.url}/api/bots", params={"game": "chess"}).status_code == 404
        seats = ["human", "bot:trick-only", "bot:random", "bot:random"]
        refused = httpx.post(
            f"{server.url}/api/tables", json={"game": "hundred_one", "seats": seats}
        )
        assert refused.status_code == 422, refused.text
        assert "trick-only" in refused.text
    finally:
        monkeypatch.undo()
        offered_bots.cache_clear()
        games_catalog.cache_clear()
