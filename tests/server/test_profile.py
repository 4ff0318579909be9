"""Players' profiles over the API: who may see one (his own always, another's when public:
403 to another and to a guest, 404 for none or a deleted account), the games list's filters
and pages, and the summary's numbers against a hand computation from the records of tables
really played (a signed-in player leaves his seat to the normal bot, which plays it to the
end for him); on PostgreSQL, a game played through one of two processes is on the profile
the other shows."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from server_support import ServerProcess, ServerThread, serving

from koloda.club.ratings import rated_presets

PASSWORD = "correct horse battery"
SHORT = {"max_deals": 1}
"""A casual game of one deal."""
BOTS = ["bot:easy", "bot:easy", "bot:easy"]
numbers = itertools.count(1)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    yield from serving(tmp_path_factory, "profile")


@dataclass
class Player:
    client: httpx.Client
    name: str
    csrf: dict[str, str]

    def get(self, path: str, **params: Any) -> httpx.Response:
        return self.client.get(path, params=params)


def sign_up(server: ServerThread | ServerProcess, stem: str = "Player") -> Player:
    client = httpx.Client(base_url=server.url, timeout=30)
    name = f"{stem} {next(numbers)}"
    made = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert made.status_code == 201, made.text
    return Player(client, name, {"X-CSRF-Token": made.json()["csrf_token"]})


def wait_for(condition: Any, seconds: float = 240.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError("not in time")


def table(player: Player, body: dict[str, Any], leave: bool) -> str:
    """A table made by the player (his seat 0, bound to his account); when ``leave``, he
    leaves it to the normal bot, which plays it to its end."""
    made = player.client.post("/api/tables", json=body, headers=player.csrf)
    assert made.status_code == 201, made.text
    table_id: str = made.json()["table_id"]
    if leave:
        token = made.json()["seats"][0]["token"]
        left = player.client.post(
            f"/api/tables/{table_id}/leave", json={"token": token}, headers=player.csrf
        )
        assert left.status_code == 200, left.text
    return table_id


def finished(player: Player, table_id: str) -> bool:
    return bool(player.get(f"/api/tables/{table_id}").json()["finished"])


@dataclass
class Played:
    """Anna's tables: two casual Spades of one deal, a rated Spades, a King left unfinished."""

    anna: Player
    casual: list[str]
    rated: str
    unfinished: str


@pytest.fixture(scope="module")
def played(server: ServerThread) -> Played:
    anna = sign_up(server, "Anna")
    casual = [
        table(anna, {"game": "spades", "options": SHORT, "seats": ["human", *BOTS]}, True)
        for _ in range(2)
    ]
    rated_body = {
        "game": "spades",
        "options": dict(rated_presets("spades")[0].options),
        "seats": ["human", *BOTS],
        "hints": False,
        "turn_seconds": 60,
        "rated": True,
    }
    rated = table(anna, rated_body, True)
    unfinished = table(anna, {"game": "king", "options": {}, "seats": ["human", *BOTS]}, False)
    for table_id in (*casual, rated):
        wait_for(lambda table_id=table_id: finished(anna, table_id))
    wait_for(lambda: anna.get(f"/api/ratings/{anna.name}").json()["ratings"], 60)
    return Played(anna, casual, rated, unfinished)


def by_hand(player: Player, table_id: str, seat: int = 0) -> tuple[str, float, int]:
    """His result, points and complete deals read from the downloaded record: in Spades
    seats 0 and 2 are side 0, its ``winner`` the winning sides (both on a tie)."""
    record = player.get(f"/api/tables/{table_id}/record").json()
    side = seat % 2
    winner = record["winner"]
    result = "lost" if side not in winner else "won" if len(winner) == 1 else "drawn"
    deals = sum(1 for deal in record["deals"] if "scores" in deal)
    return result, float(record["totals"][side]), deals


def test_a_private_profile_is_its_owner_s_alone(server: ServerThread, played: Played) -> None:
    anna, boris = played.anna, sign_up(server, "Boris")
    guest = httpx.Client(base_url=server.url)
    own = anna.get(f"/api/players/{anna.name}")
    assert own.status_code == 200, own.text
    assert own.json()["own"] is True and own.json()["public"] is False
    assert own.json()["name"] == anna.name
    for path in (f"/api/players/{anna.name}", f"/api/players/{anna.name}/games"):
        assert boris.get(path).status_code == 403
        refused = guest.get(path)
        assert refused.status_code == 403 and refused.json()["detail"]
    assert anna.get(f"/players/{anna.name}").status_code == 200
    page = guest.get(f"/players/{anna.name}")
    assert page.status_code == 403 and "profile.refused.private" in page.text
    # the name is matched whatever its case, as the account's is
    assert anna.get(f"/api/players/{anna.name.upper()}").json()["name"] == anna.name


def test_a_public_profile_is_anyone_s_to_see(server: ServerThread) -> None:
    cleo = sign_up(server, "Cleo")
    changed = cleo.client.patch(
        "/api/me", json={"public_profile": True, "languages": ["ru", "en"]}, headers=cleo.csrf
    )
    assert changed.status_code == 200, changed.text
    guest = httpx.Client(base_url=server.url)
    shown = guest.get(f"/api/players/{cleo.name}")
    assert shown.status_code == 200, shown.text
    body = shown.json()
    assert body["own"] is False and body["public"] is True
    assert body["languages"] == ["ru", "en"] and body["games"] == [] and body["ratings"] == []
    assert guest.get(f"/api/players/{cleo.name}/games").json()["games"] == []
    assert guest.get(f"/players/{cleo.name}").status_code == 200


def test_no_account_and_a_deleted_one_are_404(server: ServerThread) -> None:
    guest = httpx.Client(base_url=server.url)
    assert guest.get("/api/players/nobody-here").status_code == 404
    page = guest.get("/players/nobody-here")
    assert page.status_code == 404 and "profile.refused.missing" in page.text
    dora = sign_up(server, "Dora")
    table(dora, {"game": "spades", "options": SHORT, "seats": ["human", *BOTS]}, False)
    assert dora.get(f"/api/players/{dora.name}/games").json()["games"]
    assert dora.client.delete("/api/me", headers=dora.csrf).status_code == 204
    assert guest.get(f"/api/players/{dora.name}").status_code == 404
    assert guest.get(f"/api/players/{dora.name}/games").status_code == 404


def test_the_summary_is_the_records_counted_by_hand(played: Played) -> None:
    anna = played.anna
    results = [by_hand(anna, table_id) for table_id in (*played.casual, played.rated)]
    profile = anna.get(f"/api/players/{anna.name}").json()
    games = {line["game"]: line for line in profile["games"]}
    assert set(games) == {"spades", "king"}
    spades = games["spades"]
    assert spades["played"] == 3 and spades["unfinished"] == 0
    for result in ("won", "drawn", "lost"):
        assert spades[result] == sum(1 for r in results if r[0] == result)
    points, deals = sum(r[1] for r in results), sum(r[2] for r in results)
    assert spades["points"] == points and spades["deals"] == deals
    assert spades["points_per_deal"] == pytest.approx(points / deals)
    assert games["king"]["played"] == 0 and games["king"]["unfinished"] == 1
    assert games["king"]["points_per_deal"] is None
    # the rated table moved his rating, and its history point is that table's
    (rating,) = profile["ratings"]
    assert rating["rating_key"] == "spades:spades" and rating["games"] == 1
    assert rating["game"] == "spades" and rating["preset"] == "spades"
    assert [p["table_id"] for p in rating["history"]] == [played.rated]
    assert rating["history"][0]["display"] == rating["display"]


def test_each_line_has_his_result_points_and_record(played: Played) -> None:
    anna = played.anna
    lines = {g["table_id"]: g for g in anna.get(f"/api/players/{anna.name}/games").json()["games"]}
    assert set(lines) == {*played.casual, played.rated, played.unfinished}
    for table_id in (*played.casual, played.rated):
        line = lines[table_id]
        result, points, deals = by_hand(anna, table_id)
        assert (line["result"], line["points"], line["deals"]) == (result, points, deals)
        assert line["seat"] == 0 and line["finished"] is True
        download = anna.client.get(line["record"])
        assert download.status_code == 200
        assert "attachment" in download.headers["content-disposition"]
        assert download.json()["finished"] is True
        assert line["replay"] == f"/replay/{table_id}"
        assert anna.client.get(line["replay"]).status_code == 200
    assert lines[played.rated]["rated"] is True
    assert lines[played.rated]["rating_key"] == "spades:spades"
    assert lines[played.rated]["preset"] == "spades"
    assert all(lines[t]["rated"] is False for t in played.casual)
    king = lines[played.unfinished]
    assert king["result"] == "unfinished" and king["record"] is None and king["points"] is None
    assert king["preset"] is not None  # the default options are a lobby preset's


def ids(player: Player, **params: Any) -> list[str]:
    answer = player.get(f"/api/players/{player.name}/games", **params)
    assert answer.status_code == 200, answer.text
    return [line["table_id"] for line in answer.json()["games"]]


def test_the_filters_and_pages(played: Played) -> None:
    anna = played.anna
    newest_first = [played.unfinished, played.rated, *reversed(played.casual)]
    assert ids(anna) == newest_first
    assert ids(anna, game="king") == [played.unfinished]
    assert ids(anna, game="spades") == newest_first[1:]
    assert ids(anna, rated="true") == [played.rated]
    assert ids(anna, rated="false") == [played.unfinished, *reversed(played.casual)]
    assert ids(anna, result="unfinished") == [played.unfinished]
    by_result = {result: ids(anna, result=result) for result in ("won", "drawn", "lost")}
    assert sorted(t for found in by_result.values() for t in found) == sorted(newest_first[1:])
    for result, found in by_result.items():
        assert all(by_hand(anna, table_id)[0] == result for table_id in found)
    assert ids(anna, game="spades", rated="false", result="unfinished") == []
    # pages
    first = anna.get(f"/api/players/{anna.name}/games", limit=2).json()
    assert [g["table_id"] for g in first["games"]] == newest_first[:2] and first["more"] is True
    last = anna.get(f"/api/players/{anna.name}/games", limit=2, offset=2).json()
    assert [g["table_id"] for g in last["games"]] == newest_first[2:] and last["more"] is False
    finished_ids = [t for t in newest_first if t != played.unfinished]
    for result, found in by_result.items():
        if found:
            page = anna.get(f"/api/players/{anna.name}/games", result=result, limit=1, offset=0)
            assert [g["table_id"] for g in page.json()["games"]] == found[:1]
            assert page.json()["more"] is (len(found) > 1)
            assert ids(anna, result=result, offset=len(found)) == []
    assert set(finished_ids) == {t for found in by_result.values() for t in found}


@pytest.mark.parametrize(
    "params",
    [
        {"result": "best"},
        {"rated": "maybe"},
        {"game": "chess"},
        {"limit": 0},
        {"limit": 101},
        {"offset": -1},
    ],
)
def test_bad_filters_are_422_in_one_line(played: Played, params: dict[str, Any]) -> None:
    answer = played.anna.get(f"/api/players/{played.anna.name}/games", **params)
    assert answer.status_code == 422, answer.text
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail


def test_a_game_played_through_one_process_is_on_the_profile_of_the_other(
    pair: tuple[ServerProcess, ServerProcess],
) -> None:
    first, second = pair
    anna = sign_up(first, "Anna")
    table_id = table(anna, {"game": "spades", "options": SHORT, "seats": ["human", *BOTS]}, True)
    wait_for(lambda: finished(anna, table_id))
    result, points, deals = by_hand(anna, table_id)
    cookies = {"koloda_session": anna.client.cookies["koloda_session"]}
    there = httpx.get(f"{second.url}/api/players/{anna.name}/games", cookies=cookies)
    assert there.status_code == 200, there.text
    (line,) = there.json()["games"]
    assert (line["table_id"], line["result"], line["points"], line["deals"]) == (
        table_id,
        result,
        points,
        deals,
    )
    summary = httpx.get(f"{second.url}/api/players/{anna.name}", cookies=cookies).json()
    assert summary["games"][0]["played"] == 1 and summary["games"][0]["points"] == points
    assert httpx.get(f"{second.url}/api/players/{anna.name}").status_code == 403
