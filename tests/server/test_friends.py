"""Friends and invitations over the HTTP API, on SQLite and PostgreSQL: following by name
(unknown names and oneself refused), friends as those who follow each other with whether
they are online, CSRF refused, an invitation to a seat of someone else's table or to a taken
seat refused, accepting one takes the seat and binds it to the invitee's account, declining
one, an expired one, the friends' tables, and a deleted account's follows and invitations
gone."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from postgres_server import PostgresServer
from server_support import ServerThread, create_table
from sqlalchemy import select, update

from koloda.server.accounts_store import accounts_table
from koloda.server.friends_store import follows_table, invitations_table

PASSWORD = "correct horse battery"
OPEN_TABLE = ["human", "open", "bot:random", "bot:random"]


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerThread]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('friends') / 'koloda.db'}"
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


_numbers = iter(range(10**6))


class Player:
    """A signed-in client: its name and the session's CSRF token on every change."""

    def __init__(self, server: ServerThread, stem: str) -> None:
        self.name = f"{stem} {next(_numbers)}"
        self.client = httpx.Client(base_url=server.url)
        made = self.client.post("/api/accounts", json={"name": self.name, "password": PASSWORD})
        assert made.status_code == 201, made.text
        self.csrf = {"X-CSRF-Token": made.json()["csrf_token"]}

    def get(self, path: str) -> httpx.Response:
        return self.client.get(path)

    def post(self, path: str, body: dict[str, Any] | None = None) -> httpx.Response:
        return self.client.post(path, json=body or {}, headers=self.csrf)

    def delete(self, path: str) -> httpx.Response:
        return self.client.delete(path, headers=self.csrf)

    def follow(self, other: Player) -> None:
        answer = self.post("/api/friends", {"name": other.name})
        assert answer.status_code == 200, answer.text

    def table(self, seats: list[str] = OPEN_TABLE) -> str:
        made = self.post("/api/tables", {"game": "king", "options": {}, "seats": seats})
        assert made.status_code == 201, made.text
        table_id: str = made.json()["table_id"]
        return table_id

    def invite(self, other: Player, table_id: str, seat: int = 1) -> httpx.Response:
        return self.post(
            "/api/invitations", {"name": other.name, "table_id": table_id, "seat": seat}
        )

    def received(self) -> list[dict[str, Any]]:
        listed = self.get("/api/invitations")
        assert listed.status_code == 200, listed.text
        received: list[dict[str, Any]] = listed.json()["received"]
        return received


def friends(server: ServerThread) -> tuple[Player, Player]:
    """Two players who follow each other."""
    anna, boris = Player(server, "Anna"), Player(server, "Boris")
    anna.follow(boris)
    boris.follow(anna)
    return anna, boris


def test_following_by_name_and_friends_as_those_who_follow_each_other(
    server: ServerThread,
) -> None:
    anna, boris = Player(server, "Anna"), Player(server, "Boris")
    followed = anna.post("/api/friends", {"name": boris.name.upper()})  # any case
    assert followed.status_code == 200, followed.text
    assert followed.json() == {
        "name": boris.name,
        "following": True,
        "follows_me": False,
        "friend": False,
        "online": None,  # only a friend's is shown
    }
    assert anna.post("/api/friends", {"name": boris.name}).status_code == 200  # again: same
    assert boris.get("/api/friends").json()["people"] == [
        {"name": anna.name, "following": False, "follows_me": True, "friend": False, "online": None}
    ]
    boris.follow(anna)
    [seen] = anna.get("/api/friends").json()["people"]
    assert seen["friend"] and seen["online"] is True  # his session was used just now
    unknown = anna.post("/api/friends", {"name": "nobody at all"})
    assert unknown.status_code == 404 and "nobody at all" in unknown.json()["detail"]
    assert anna.post("/api/friends", {"name": anna.name}).status_code == 422
    assert anna.delete(f"/api/friends/{boris.name}").status_code == 204
    [after] = anna.get("/api/friends").json()["people"]
    assert not after["friend"] and after["follows_me"] and after["online"] is None
    assert anna.delete("/api/friends/nobody at all").status_code == 404


def test_a_guest_is_not_let_in_and_a_change_without_the_csrf_token_is_refused(
    server: ServerThread,
) -> None:
    guest = httpx.Client(base_url=server.url)
    for path in ("/api/friends", "/api/invitations", "/api/friends/tables"):
        assert guest.get(path).status_code == 401
    assert guest.post("/api/friends", json={"name": "x y z"}).status_code == 401
    anna, boris = Player(server, "Anna"), Player(server, "Boris")
    table_id = anna.table()
    for path, body in (
        ("/api/friends", {"name": boris.name}),
        ("/api/invitations", {"name": boris.name, "table_id": table_id, "seat": 1}),
    ):
        refused = anna.client.post(path, json=body)  # the cookie, no token
        assert refused.status_code == 403 and "CSRF" in refused.json()["detail"]
    assert anna.client.delete(f"/api/friends/{boris.name}").status_code == 403
    assert boris.get("/api/friends").json()["people"] == []


def test_an_invitation_is_for_a_friend_to_a_free_seat_of_a_table_of_yours(
    server: ServerThread,
) -> None:
    anna, boris = friends(server)
    vera = Player(server, "Vera")
    vera.follow(anna)  # one way only: not a friend of hers
    table_id = anna.table()
    assert anna.invite(vera, table_id).status_code == 403
    theirs = boris.table()  # Anna has no seat there
    refused = anna.invite(boris, theirs)
    assert refused.status_code == 403 and "sit at" in refused.json()["detail"]
    assert anna.invite(boris, table_id, seat=0).status_code == 409  # her own, taken
    assert anna.invite(boris, table_id, seat=2).status_code == 409  # a bot's
    assert anna.invite(boris, table_id, seat=9).status_code == 422
    assert anna.invite(boris, "no-such-table").status_code == 404
    guest = create_table(server.url, "king", {}, OPEN_TABLE)
    assert anna.invite(boris, guest["table_id"]).status_code == 403
    assert boris.received() == []
    made = anna.invite(boris, table_id)
    assert made.status_code == 201, made.text
    assert made.json()["state"] == "open" and made.json()["to_name"] == boris.name
    again = anna.invite(boris, table_id)  # made anew: one invitation listed
    assert again.status_code == 201
    [listed] = boris.received()
    assert listed["id"] == again.json()["id"] and listed["from_name"] == anna.name
    assert listed["game"] == "king" and listed["seat"] == 1
    sent = anna.get("/api/invitations").json()
    assert [i["id"] for i in sent["sent"]] == [listed["id"]] and sent["received"] == []
    taken = httpx.post(f"{server.url}/api/tables/{table_id}/join", json={"seat": 1})
    assert taken.status_code == 200  # a guest took the seat: the invitation is gone
    assert boris.received() == []
    assert boris.post(f"/api/invitations/{listed['id']}/accept").status_code == 410
    assert anna.invite(boris, table_id).status_code == 409


def test_accepting_takes_the_seat_and_binds_it_to_the_invitee(server: ServerThread) -> None:
    anna, boris = friends(server)
    table_id = anna.table()
    made = anna.invite(boris, table_id).json()
    assert anna.post(f"/api/invitations/{made['id']}/accept").status_code == 404  # not hers
    no_token = boris.client.post(f"/api/invitations/{made['id']}/accept")
    assert no_token.status_code == 403
    accepted = boris.post(f"/api/invitations/{made['id']}/accept")
    assert accepted.status_code == 200, accepted.text
    seat = accepted.json()
    assert seat["table_id"] == table_id and seat["seat"] == 1 and seat["token"]
    mine = boris.get("/api/me/tables").json()
    assert [(t["table_id"], t["seat"], t["token"]) for t in mine] == [(table_id, 1, seat["token"])]
    facts = httpx.get(f"{server.url}/api/tables/{table_id}").json()
    assert facts["seats"][1]["state"] == "taken" and facts["seats"][1]["name"] == boris.name
    view = httpx.get(f"{server.url}/api/tables/{table_id}/view", params={"token": seat["token"]})
    assert view.status_code == 200 and view.json()["seat"] == 1
    assert boris.received() == []
    twice = boris.post(f"/api/invitations/{made['id']}/accept")
    assert twice.status_code == 409 and "accepted" in twice.json()["detail"]


def test_declining_leaves_the_seat_free(server: ServerThread) -> None:
    anna, boris = friends(server)
    table_id = anna.table()
    made = anna.invite(boris, table_id).json()
    declined = boris.post(f"/api/invitations/{made['id']}/decline")
    assert declined.status_code == 200 and declined.json()["state"] == "declined"
    assert boris.received() == [] and anna.get("/api/invitations").json()["sent"] == []
    assert boris.post(f"/api/invitations/{made['id']}/accept").status_code == 409
    facts = httpx.get(f"{server.url}/api/tables/{table_id}").json()
    assert facts["seats"][1]["state"] == "open"


def test_an_expired_invitation_is_not_listed_and_cannot_be_accepted(server: ServerThread) -> None:
    anna, boris = friends(server)
    table_id = anna.table()
    made = anna.invite(boris, table_id).json()
    engine = server.app.state.store.engine
    with engine.begin() as connection:
        connection.execute(
            update(invitations_table)
            .where(invitations_table.c.id == made["id"])
            .values(expires=made["created"] - 1)
        )
    assert boris.received() == []
    late = boris.post(f"/api/invitations/{made['id']}/accept")
    assert late.status_code == 410 and "expired" in late.json()["detail"]
    assert boris.post(f"/api/invitations/{made['id']}/decline").status_code == 410
    facts = httpx.get(f"{server.url}/api/tables/{table_id}").json()
    assert facts["seats"][1]["state"] == "open"
    with engine.begin() as connection:  # a day after it expired, the next invitation erases it
        connection.execute(
            update(invitations_table)
            .where(invitations_table.c.id == made["id"])
            .values(expires=made["created"] - 2 * 24 * 3600)
        )
    assert anna.invite(boris, table_id).status_code == 201
    assert boris.post(f"/api/invitations/{made['id']}/accept").status_code == 404


def test_friends_tables_are_those_where_a_friend_sits_to_join_or_watch(
    server: ServerThread,
) -> None:
    anna, boris = friends(server)
    vera = Player(server, "Vera")
    vera.follow(anna)
    assert boris.get("/api/friends/tables").json() == []
    table_id = anna.table()
    [table] = boris.get("/api/friends/tables").json()
    assert table["table_id"] == table_id and table["friends"] == [anna.name]
    assert table["my_seat"] is None and not table["public"]
    assert [s["state"] for s in table["seats"]] == ["taken", "open", "bot", "bot"]
    assert vera.get("/api/friends/tables").json() == []  # she follows, Anna does not
    joined = boris.post(f"/api/tables/{table_id}/join", {"seat": 1, "name": boris.name})
    assert joined.status_code == 200
    [table] = boris.get("/api/friends/tables").json()
    assert [s["state"] for s in table["seats"]] == ["taken", "taken", "bot", "bot"]
    assert table["my_seat"] == 1


def test_a_deleted_account_s_follows_and_invitations_are_gone(server: ServerThread) -> None:
    anna, boris = friends(server)
    table_id = boris.table()
    made = boris.invite(anna, table_id).json()
    assert [i["id"] for i in anna.received()] == [made["id"]]
    engine = server.app.state.store.engine
    account_id = _account_id(server, anna.name)
    assert anna.delete("/api/me").status_code == 204
    assert boris.get("/api/friends").json()["people"] == []
    assert boris.get("/api/invitations").json() == {"received": [], "sent": []}
    with engine.connect() as connection:
        for column in (follows_table.c.account_id, follows_table.c.follows_id):
            assert connection.execute(select(follows_table).where(column == account_id)).all() == []
        for column in (invitations_table.c.from_id, invitations_table.c.to_id):
            found = connection.execute(select(invitations_table).where(column == account_id))
            assert found.all() == []


def _account_id(server: ServerThread, name: str) -> str:
    with server.app.state.store.engine.connect() as connection:
        row = connection.execute(
            select(accounts_table.c.id).where(accounts_table.c.name == name)
        ).first()
    assert row is not None
    return str(row.id)
