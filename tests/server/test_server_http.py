"""The web table's HTTP answers: security headers, an HTML page for unknown tables, one-line
problems for malformed bodies, the documentation offline, and response schemas."""

from __future__ import annotations

import re
import time

import httpx
from server_support import ServerThread, create_table


def test_security_headers_on_pages_and_api(server: ServerThread) -> None:
    for path in ("/", "/api/games", "/static/style.css"):
        response = httpx.get(f"{server.url}{path}")
        assert response.status_code == 200
        policy = response.headers["content-security-policy"]
        assert "default-src 'self'" in policy
        assert "frame-ancestors 'none'" in policy
        assert "script-src 'self';" in policy  # no inline scripts on the pages
        assert response.headers["referrer-policy"] == "no-referrer"
        assert response.headers["x-content-type-options"] == "nosniff"


def test_unknown_table_page_is_an_html_404(server: ServerThread) -> None:
    response = httpx.get(f"{server.url}/t/no-such-table")
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert "There is no such table" in response.text
    assert '"detail"' not in response.text
    # the API keeps its JSON answer
    api = httpx.get(f"{server.url}/api/tables/no-such-table")
    assert api.status_code == 404
    assert api.json() == {"detail": "no table 'no-such-table'"}


def test_malformed_bodies_get_one_problem_line(server: ServerThread) -> None:
    for body in ({"game": 7, "seats": "x"}, {"options": {}}, [1, 2]):
        response = httpx.post(f"{server.url}/api/tables", json=body)
        assert response.status_code == 422
        problem = response.json()
        assert set(problem) == {"detail"}
        assert isinstance(problem["detail"], str)
        assert "\n" not in problem["detail"]
        assert problem["detail"].startswith("malformed request: ")


def test_docs_work_offline(server: ServerThread) -> None:
    page = httpx.get(f"{server.url}/docs")
    assert page.status_code == 200
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sources, page.text
    for source in sources:
        assert source.startswith("/"), f"{source} is not served here"
        assert httpx.get(f"{server.url}{source}").status_code == 200


def test_responses_have_schemas(server: ServerThread) -> None:
    schema = httpx.get(f"{server.url}/openapi.json").json()
    paths = schema["paths"]

    def answer(path: str) -> object:
        return paths[path]["get"]["responses"]["200"]["content"]["application/json"]["schema"]

    assert answer("/api/tables/{table_id}") == {"$ref": "#/components/schemas/TableFacts"}
    assert answer("/api/tables/{table_id}/view") == {"$ref": "#/components/schemas/ViewMessage"}
    created = create_table(server.url, "spades", {}, ["human", "bot:random"] * 2)
    facts = httpx.get(f"{server.url}/api/tables/{created['table_id']}").json()
    assert facts["seats"][1] == {"seat": 1, "kind": "bot:random", "name": None, "state": "bot"}


def test_the_lobby_reads_the_games_facts(server: ServerThread) -> None:
    games = {g["game"]: g for g in httpx.get(f"{server.url}/api/games").json()}
    assert games["spades"]["sides"] == [[0, 2], [1, 3]] and games["spades"]["partnership"]
    assert not games["king"]["partnership"]
    assert games["hundred_one"]["points_are_penalties"]
    checked = httpx.post(
        f"{server.url}/api/check", json={"game": "hundred_one", "options": {"players": 3}}
    ).json()
    assert checked["num_seats"] == 3 and checked["sides"] == [[0], [1], [2]]


def test_a_finished_table_reveals_the_seed_it_committed_to(server: ServerThread) -> None:
    from koloda.records import parse_record
    from koloda.records.fairness import verify

    created = create_table(server.url, "spades", {"max_deals": 1}, ["bot:random"] * 4)
    table_id = created["table_id"]
    view = httpx.get(f"{server.url}/api/tables/{table_id}/view").json()
    committed = view["table"]["commitment"]
    assert len(committed) == 64
    deadline = time.monotonic() + 30
    while (record := httpx.get(f"{server.url}/api/tables/{table_id}/record")).status_code != 200:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    document = record.json()
    assert document["fairness"]["commitment"] == committed
    assert verify(parse_record(document)) == []


def test_a_finished_game_is_analysed_for_each_seat(server: ServerThread) -> None:
    created = create_table(server.url, "spades", {"max_deals": 1}, ["bot:random"] * 4)
    table_id = created["table_id"]
    early = httpx.get(f"{server.url}/api/tables/{table_id}/analysis", params={"seat": 0})
    deadline = time.monotonic() + 30
    while httpx.get(f"{server.url}/api/tables/{table_id}/record").status_code != 200:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    if early.status_code != 200:  # random bots may finish the deal before the first request
        assert early.status_code == 403 and "not finished" in early.text
    bad = httpx.get(f"{server.url}/api/tables/{table_id}/analysis", params={"seat": 4})
    assert bad.status_code == 422
    answer = httpx.get(
        f"{server.url}/api/tables/{table_id}/analysis", params={"seat": 1}, timeout=120
    ).json()
    assert answer["seat"] == 1 and 1 <= len(answer["decisions"]) <= 3  # random play loses
    losses = [d["loss"] for d in answer["decisions"]]
    assert losses == sorted(losses, reverse=True) and losses[-1] > 0
    for decision in answer["decisions"]:
        assert decision["seat"] == 1 and decision["view"]["seat"] == 1
        assert decision["chosen"] != decision["best"]
        assert decision["chosen"] in decision["values"] and decision["best"] in decision["values"]
