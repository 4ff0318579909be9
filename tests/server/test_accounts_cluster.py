"""Accounts across two `koloda serve --cluster` processes on one private PostgreSQL server:
a session made on one works on the other, signing out everywhere on one ends it on both,
failed sign-ins are counted across both, a seat bound on one is found on the other, and a
passkey challenge handed out by one is answered on the other."""

from __future__ import annotations

import httpx
from server_support import ServerProcess, create_table
from test_accounts_passkeys import Authenticator

from koloda.server import accounts

PASSWORD = "correct horse battery"


def test_a_session_made_on_one_process_works_on_the_other(
    pair: tuple[ServerProcess, ServerProcess],
) -> None:
    first, second = pair
    made = httpx.post(f"{first.url}/api/accounts", json={"name": "Ada", "password": PASSWORD})
    assert made.status_code == 201, made.text
    cookie, token = made.cookies["koloda_session"], made.json()["csrf_token"]
    jar = {"koloda_session": cookie}
    there = httpx.get(f"{second.url}/api/me", cookies=jar)
    assert there.status_code == 200 and there.json()["account"]["name"] == "Ada"
    # a table made through the second is bound, and found through the first
    table = httpx.post(
        f"{second.url}/api/tables",
        json={"game": "king", "options": {}, "seats": ["human"] + ["bot:random"] * 3},
        cookies=jar,
        headers={"X-CSRF-Token": token},
    )
    assert table.status_code == 201, table.text
    mine = httpx.get(f"{first.url}/api/me/tables", cookies=jar).json()
    assert [t["table_id"] for t in mine] == [table.json()["table_id"]]
    assert mine[0]["token"] == table.json()["seats"][0]["token"]
    # CSRF is checked by either process; signing out everywhere on one ends it on both
    refused = httpx.post(f"{second.url}/api/session/everywhere", cookies=jar)
    assert refused.status_code == 403
    ended = httpx.post(
        f"{second.url}/api/session/everywhere", cookies=jar, headers={"X-CSRF-Token": token}
    )
    assert ended.status_code == 200
    assert httpx.get(f"{first.url}/api/me", cookies=jar).status_code == 401


def test_failed_sign_ins_are_counted_across_the_processes(
    pair: tuple[ServerProcess, ServerProcess],
) -> None:
    first, second = pair
    made = httpx.post(f"{first.url}/api/accounts", json={"name": "Boris", "password": PASSWORD})
    assert made.status_code == 201
    for attempt in range(accounts.PER_ACCOUNT):
        server = (first, second)[attempt % 2]
        wrong = httpx.post(
            f"{server.url}/api/session", json={"name": "Boris", "password": "wrong password"}
        )
        assert wrong.status_code == 401
    for server in (first, second):
        limited = httpx.post(
            f"{server.url}/api/session", json={"name": "Boris", "password": PASSWORD}
        )
        assert limited.status_code == 429 and int(limited.headers["Retry-After"]) > 0


def test_a_passkey_ceremony_begun_on_one_process_ends_on_the_other(
    pair: tuple[ServerProcess, ServerProcess],
) -> None:
    first, second = pair
    authenticator = Authenticator()
    begun = httpx.post(f"{first.url}/api/passkeys/register/begin", json={"name": "Vera"})
    assert begun.status_code == 200
    # the page's origin is the process it was served by: the second here
    answer = authenticator.create(begun.json()["options"], second.url)
    done = httpx.post(
        f"{second.url}/api/passkeys/register/finish",
        json={"challenge_id": begun.json()["challenge_id"], "credential": answer},
    )
    assert done.status_code == 201, done.text
    signin = httpx.post(f"{second.url}/api/passkeys/signin/begin").json()
    signed = httpx.post(
        f"{first.url}/api/passkeys/signin/finish",
        json={
            "challenge_id": signin["challenge_id"],
            "credential": authenticator.get(signin["options"], first.url),
        },
    )
    assert signed.status_code == 200, signed.text
    assert signed.json()["account"]["name"] == "Vera"


def test_a_table_made_by_a_guest_is_claimed_through_either(
    pair: tuple[ServerProcess, ServerProcess],
) -> None:
    first, second = pair
    made = create_table(first.url, "king", {}, ["human"] + ["bot:random"] * 3)
    client = httpx.Client(base_url=second.url)
    signed = client.post("/api/accounts", json={"name": "Gleb", "password": PASSWORD})
    claim = {"tables": [{"table_id": made["table_id"], "token": made["seats"][0]["token"]}]}
    claimed = client.post(
        "/api/me/tables", json=claim, headers={"X-CSRF-Token": signed.json()["csrf_token"]}
    )
    assert claimed.status_code == 200 and claimed.json()["refused"] == []
    assert [t["table_id"] for t in claimed.json()["tables"]] == [made["table_id"]]


def test_a_seat_taken_through_the_process_that_does_not_own_the_table_is_bound(
    pair: tuple[ServerProcess, ServerProcess],
) -> None:
    """The join is passed on to the table's owner with the session's cookie and CSRF token:
    the owner checks them and binds the seat."""
    first, second = pair
    made = create_table(first.url, "king", {}, ["human", "open", "bot:random", "bot:random"])
    client = httpx.Client(base_url=second.url)
    signed = client.post("/api/accounts", json={"name": "Dina", "password": PASSWORD})
    token = signed.json()["csrf_token"]
    refused = client.post(f"/api/tables/{made['table_id']}/join", json={})
    assert refused.status_code == 403, "CSRF, checked before the request is passed on"
    joined = client.post(
        f"/api/tables/{made['table_id']}/join", json={}, headers={"X-CSRF-Token": token}
    )
    assert joined.status_code == 200, joined.text
    mine = client.get("/api/me/tables").json()
    assert [(t["table_id"], t["seat"], t["token"]) for t in mine] == [
        (made["table_id"], 1, joined.json()["token"])
    ]
