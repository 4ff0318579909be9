"""Accounts over the HTTP API, on SQLite and PostgreSQL: signing up, in and out (here and
everywhere), the session cookie's attributes, CSRF refused, failed sign-ins limited per
account and per address, a deleted account's cookie refused and its seats renamed, a guest's
tables claimed, and a signed-in player's new seats bound to his account."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from postgres_server import PostgresServer
from server_support import ServerThread, receive
from websockets.sync.client import connect

from koloda.i18n import Speaker
from koloda.server import accounts

KING: dict[str, Any] = {"game": "king", "options": {}}
PASSWORD = "correct horse battery"


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerThread]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('accounts') / 'koloda.db'}"
        running = ServerThread(url).start()
        yield running
        running.stop()
        return
    postgres = PostgresServer().start()
    try:
        running = ServerThread(postgres.new_database()).start()
        yield running
        running.stop()
    finally:
        postgres.stop()


@pytest.fixture
def fresh(tmp_path: Path) -> Iterator[ServerThread]:
    """A server of its own (the limits' tests count every failure from the one address the
    tests come from)."""
    running = ServerThread(f"sqlite:///{tmp_path / 'koloda.db'}").start()
    yield running
    running.stop()


_names = iter(range(10**6))


def new_name(stem: str = "player") -> str:
    return f"{stem}-{next(_names)}"


def sign_up(server: ServerThread, name: str | None = None) -> tuple[httpx.Client, str, str]:
    """A client with a new account's session: the client, the name, the CSRF token."""
    client = httpx.Client(base_url=server.url)
    name = name or new_name()
    answer = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    return client, name, answer.json()["csrf_token"]


def csrf(token: str) -> dict[str, str]:
    return {"X-CSRF-Token": token}


def test_sign_up_gives_a_session_cookie_and_the_account(server: ServerThread) -> None:
    client = httpx.Client(base_url=server.url)
    answer = client.post(
        "/api/accounts", json={"name": "Anna Smith", "password": PASSWORD, "languages": ["ru"]}
    )
    assert answer.status_code == 201, answer.text
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{'koloda_session'}=")
    attributes = {part.strip().split("=")[0].lower() for part in cookie.split(";")}
    assert {"httponly", "path", "samesite"} <= attributes
    assert "samesite=lax" in cookie.lower() and "path=/" in cookie.lower()
    assert "secure" not in attributes, "plain HTTP: the cookie cannot be Secure"
    me = client.get("/api/me")
    assert me.status_code == 200
    assert me.json()["account"]["name"] == "Anna Smith"
    assert me.json()["account"]["languages"] == ["ru"]
    assert me.json()["csrf_token"] == answer.json()["csrf_token"]
    # the name is taken whatever its case; bad names and short passwords are refused
    again = httpx.post(
        f"{server.url}/api/accounts", json={"name": "anna smith", "password": PASSWORD}
    )
    assert again.status_code == 409
    for name, password in (("ab", PASSWORD), ("no/slashes", PASSWORD), ("Boris", "short")):
        refused = httpx.post(
            f"{server.url}/api/accounts", json={"name": name, "password": password}
        )
        assert refused.status_code == 422, (name, refused.text)


def test_the_cookie_is_secure_behind_tls(server: ServerThread) -> None:
    """Behind a proxy that ends TLS (uvicorn takes the scheme from X-Forwarded-Proto, from
    the loopback), the cookie is Secure."""
    answer = httpx.post(
        f"{server.url}/api/accounts",
        json={"name": new_name(), "password": PASSWORD},
        headers={"X-Forwarded-Proto": "https"},
    )
    assert answer.status_code == 201
    assert "secure" in answer.headers["set-cookie"].lower()


def test_sign_in_and_sign_out(server: ServerThread) -> None:
    first, name, _ = sign_up(server)
    other = httpx.Client(base_url=server.url)
    assert other.get("/api/me").status_code == 401
    answer = other.post("/api/session", json={"name": name.upper(), "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    token = answer.json()["csrf_token"]
    assert other.get("/api/me").json()["account"]["name"] == name
    out = other.delete("/api/session", headers=csrf(token))
    assert out.status_code == 200 and out.json() == {"sessions_ended": 1}
    assert other.get("/api/me").status_code == 401
    assert first.get("/api/me").status_code == 200, "the other session goes on"


def test_sign_out_everywhere_ends_every_session(server: ServerThread) -> None:
    first, name, token = sign_up(server)
    second = httpx.Client(base_url=server.url)
    assert second.post("/api/session", json={"name": name, "password": PASSWORD}).is_success
    ended = first.post("/api/session/everywhere", headers=csrf(token))
    assert ended.status_code == 200 and ended.json()["sessions_ended"] == 2
    assert first.get("/api/me").status_code == 401
    assert second.get("/api/me").status_code == 401


def test_csrf_missing_or_wrong_is_refused_and_nothing_changes(server: ServerThread) -> None:
    client, name, token = sign_up(server)
    for headers in ({}, csrf("not-the-token"), csrf(token + "x")):
        for method, path in (
            ("POST", "/api/session/everywhere"),
            ("DELETE", "/api/me"),
            ("DELETE", "/api/session"),
        ):
            refused = client.request(method, path, headers=headers)
            assert refused.status_code == 403, (method, path, headers)
            assert "X-CSRF-Token" in refused.json()["detail"]
        made = client.post("/api/tables", json={**KING, "seats": ["human"] + ["bot:random"] * 3})
        assert made.status_code == 403
    assert client.get("/api/me").json()["account"]["name"] == name, "still signed in"
    assert client.get("/api/me/tables").json() == [], "no table was made"
    # a guest (no cookie) makes tables as before; with the token, the signed-in one does too
    guest = httpx.post(f"{server.url}/api/tables", json={**KING, "seats": ["human"] * 4})
    assert guest.status_code == 201, guest.text
    made = client.post("/api/tables", json={**KING, "seats": ["human"] * 4}, headers=csrf(token))
    assert made.status_code == 201


def test_failed_sign_ins_are_limited_per_account(fresh: ServerThread) -> None:
    _, name, _ = sign_up(fresh)
    client = httpx.Client(base_url=fresh.url)
    for _ in range(accounts.PER_ACCOUNT):
        wrong = client.post("/api/session", json={"name": name, "password": "wrong password"})
        assert wrong.status_code == 401
    limited = client.post("/api/session", json={"name": name, "password": PASSWORD})
    assert limited.status_code == 429, "even the right password waits"
    assert 0 < int(limited.headers["Retry-After"]) <= accounts.ATTEMPT_SECONDS + 1
    assert client.get("/api/me").status_code == 401


def test_failed_sign_ins_are_limited_per_address(fresh: ServerThread) -> None:
    """Failures against many names from one address: the address is refused, for a name it
    never tried too."""
    _, name, _ = sign_up(fresh)
    client = httpx.Client(base_url=fresh.url)
    tried = 0
    while True:
        answer = client.post(
            "/api/session", json={"name": new_name("nobody"), "password": "wrong password"}
        )
        if answer.status_code == 429:
            break
        assert answer.status_code == 401
        tried += 1
        assert tried <= accounts.PER_ADDRESS, "the address was never limited"
    assert tried == accounts.PER_ADDRESS
    right = client.post("/api/session", json={"name": name, "password": PASSWORD})
    assert right.status_code == 429


def test_a_deleted_accounts_cookie_is_refused_and_his_seats_renamed(server: ServerThread) -> None:
    client, name, token = sign_up(server)
    made = client.post(
        "/api/tables",
        json={**KING, "seats": ["human"] + ["bot:random"] * 3, "names": [name, None, None, None]},
        headers=csrf(token),
    )
    assert made.status_code == 201
    table_id = made.json()["table_id"]
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[0]["name"] == name
    cookie = client.cookies["koloda_session"]
    deleted = client.delete("/api/me", headers=csrf(token))
    assert deleted.status_code == 204
    stale = httpx.Client(base_url=server.url, cookies={"koloda_session": cookie})
    assert stale.get("/api/me").status_code == 401
    assert stale.get("/api/me/tables").status_code == 401
    assert stale.delete("/api/me", headers=csrf(token)).status_code == 401
    assert stale.post("/api/session/everywhere", headers=csrf(token)).status_code == 401
    word = Speaker("en", []).word("ui.deleted_player")
    seats = httpx.get(f"{server.url}/api/tables/{table_id}").json()["seats"]
    assert seats[0]["name"] == word != name
    stored = server.app.state.store.load(table_id)
    assert stored.seating["names"][0] == word, "the stored table says so too"
    # the name is free again, and the old password opens nothing
    assert (
        httpx.post(
            f"{server.url}/api/session", json={"name": name, "password": PASSWORD}
        ).status_code
        == 401
    )


def guest_table(server: ServerThread) -> tuple[str, str]:
    made = httpx.post(f"{server.url}/api/tables", json={**KING, "seats": ["human"] * 4})
    assert made.status_code == 201
    return made.json()["table_id"], made.json()["seats"][0]["token"]


def test_a_guests_tables_are_claimed_and_found_from_another_device(server: ServerThread) -> None:
    (first, first_token), (second, second_token) = guest_table(server), guest_table(server)
    client, name, token = sign_up(server)
    claim = {
        "tables": [
            {"table_id": first, "token": first_token},
            {"table_id": second, "token": second_token},
            {"table_id": second, "token": "not-a-token"},
            {"table_id": "no-such-table", "token": first_token},
        ]
    }
    assert client.post("/api/me/tables", json=claim).status_code == 403, "CSRF"
    claimed = client.post("/api/me/tables", json=claim, headers=csrf(token))
    assert claimed.status_code == 200, claimed.text
    assert claimed.json()["refused"] == [second, "no-such-table"]
    # from another device, signed in: both tables with their seats' tokens
    device = httpx.Client(base_url=server.url)
    assert device.post("/api/session", json={"name": name, "password": PASSWORD}).is_success
    mine = {t["table_id"]: t for t in device.get("/api/me/tables").json()}
    assert set(mine) == {first, second}
    assert mine[first]["token"] == first_token and mine[first]["seat"] == 0
    assert mine[second]["game"] == "king" and mine[second]["finished"] is False
    # the old links keep working
    for table_id, seat_token in ((first, first_token), (second, second_token)):
        view = httpx.get(f"{server.url}/api/tables/{table_id}/view", params={"token": seat_token})
        assert view.status_code == 200 and view.json()["seat"] == 0


def test_a_signed_in_players_new_seats_are_bound_to_his_account(server: ServerThread) -> None:
    client, _, token = sign_up(server)
    made = client.post(
        "/api/tables",
        json={**KING, "seats": ["bot:random", "human", "open", "open"]},
        headers=csrf(token),
    )
    assert made.status_code == 201
    table_id = made.json()["table_id"]
    joiner, _, joiner_token = sign_up(server)
    joined = joiner.post(f"/api/tables/{table_id}/join", json={}, headers=csrf(joiner_token))
    assert joined.status_code == 200, joined.text
    mine = client.get("/api/me/tables").json()
    assert [(t["table_id"], t["seat"]) for t in mine] == [(table_id, 1)]
    assert mine[0]["token"] == made.json()["seats"][1]["token"]
    theirs = joiner.get("/api/me/tables").json()
    assert [(t["table_id"], t["seat"], t["token"]) for t in theirs] == [
        (table_id, joined.json()["seat"], joined.json()["token"])
    ]
    # a guest's join binds nothing
    guest = httpx.post(f"{server.url}/api/tables/{table_id}/join", json={})
    assert guest.status_code == 200
    assert len(client.get("/api/me/tables").json()) == 1


def test_a_seat_opened_over_the_websocket_with_a_session_is_bound(server: ServerThread) -> None:
    """The table's token seats him as ever; his session cookie binds the seat to his account
    (a guest's connection binds nothing)."""
    table_id, seat_token = guest_table(server)
    client, _, _ = sign_up(server)
    url = f"{server.ws_url}/ws/tables/{table_id}?token={seat_token}"
    with connect(url, open_timeout=10) as guest:
        assert receive(guest, timeout=10)["seat"] == 0
    assert client.get("/api/me/tables").json() == []
    cookie = f"koloda_session={client.cookies['koloda_session']}"
    with connect(url, open_timeout=10, additional_headers={"Cookie": cookie}) as ws:
        assert receive(ws, timeout=10)["seat"] == 0
    mine = client.get("/api/me/tables").json()
    assert [(t["table_id"], t["seat"], t["token"]) for t in mine] == [(table_id, 0, seat_token)]


def test_the_account_changes_its_profile_flag_and_languages(server: ServerThread) -> None:
    client, _, token = sign_up(server)
    assert client.patch("/api/me", json={"public_profile": True}).status_code == 403, "CSRF"
    changed = client.patch(
        "/api/me",
        json={"public_profile": True, "languages": ["ru", "en", "ru"]},
        headers=csrf(token),
    )
    assert changed.status_code == 200, changed.text
    account = client.get("/api/me").json()["account"]
    assert account["public_profile"] is True and account["languages"] == ["ru", "en"]
    kept = client.patch("/api/me", json={"languages": ["pt-BR"]}, headers=csrf(token))
    assert kept.json()["account"] == {**account, "languages": ["pt-BR"]}
    bad = client.patch("/api/me", json={"languages": ["<script>"]}, headers=csrf(token))
    assert bad.status_code == 422
    assert client.get("/api/me").json()["account"]["languages"] == ["pt-BR"]


def test_a_deleted_accounts_seat_is_renamed_in_a_table_put_away(tmp_path: Path) -> None:
    """A table no longer in memory: its stored row is renamed, and it comes back so."""
    quiet = ServerThread(f"sqlite:///{tmp_path / 'koloda.db'}", idle_seconds=0.5).start()
    try:
        client, name, token = sign_up(quiet)
        made = client.post(
            "/api/tables",
            json={**KING, "seats": ["human"] + ["bot:random"] * 3, "names": [name, *[None] * 3]},
            headers=csrf(token),
        )
        table_id = made.json()["table_id"]
        manager = quiet.app.state.manager
        deadline = time.monotonic() + 20
        while table_id in manager.tables:
            assert time.monotonic() < deadline, "the table was not put away"
            time.sleep(0.1)
        assert client.delete("/api/me", headers=csrf(token)).status_code == 204
        assert table_id not in manager.tables, "renamed in the store, not brought back"
        word = Speaker("en", []).word("ui.deleted_player")
        seats = httpx.get(f"{quiet.url}/api/tables/{table_id}").json()["seats"]
        assert seats[0]["name"] == word
    finally:
        quiet.stop()


def test_play_now_binds_the_signed_in_players_seat(server: ServerThread) -> None:
    client, name, token = sign_up(server)
    seat = client.post("/api/play-now", json={"game": "spades", "name": name}, headers=csrf(token))
    assert seat.status_code == 200, seat.text
    mine = client.get("/api/me/tables").json()
    assert [(t["table_id"], t["seat"], t["token"]) for t in mine] == [
        (seat.json()["table_id"], seat.json()["seat"], seat.json()["token"])
    ]
    assert mine[0]["game"] == "spades"
