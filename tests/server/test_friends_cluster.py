"""Friends across two `koloda serve --cluster` processes on one private PostgreSQL server:
following on one is seen on the other, an invitation made through the other (to a table it
plays) is listed and accepted through the first, which passes the seat's taking on to the
table's owner, and the seat is bound to the invitee's account on both."""

from __future__ import annotations

from typing import Any

import httpx
from server_support import ServerProcess

PASSWORD = "correct horse battery"


class Player:
    """An account's session, used through either process (the cookie and CSRF token are
    the same for both)."""

    def __init__(self, server: ServerProcess, name: str) -> None:
        self.name = name
        made = httpx.post(f"{server.url}/api/accounts", json={"name": name, "password": PASSWORD})
        assert made.status_code == 201, made.text
        self.cookies = {"koloda_session": made.cookies["koloda_session"]}
        self.headers = {"X-CSRF-Token": made.json()["csrf_token"]}

    def get(self, server: ServerProcess, path: str) -> Any:
        answer = httpx.get(f"{server.url}{path}", cookies=self.cookies)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def post(self, server: ServerProcess, path: str, body: dict[str, Any]) -> httpx.Response:
        return httpx.post(
            f"{server.url}{path}", json=body, cookies=self.cookies, headers=self.headers
        )


def test_follow_on_one_invite_on_the_other_accept_on_the_first(
    pair: tuple[ServerProcess, ServerProcess],
) -> None:
    first, second = pair
    anna, boris = Player(first, "Anna"), Player(second, "Boris")
    assert anna.post(first, "/api/friends", {"name": "Boris"}).status_code == 200
    assert boris.post(first, "/api/friends", {"name": "anna"}).status_code == 200
    [seen] = anna.get(second, "/api/friends")["people"]
    assert seen["name"] == "Boris" and seen["friend"] and seen["online"]

    seats = ["human", "open", "bot:random", "bot:random"]
    made = anna.post(second, "/api/tables", {"game": "king", "options": {}, "seats": seats})
    assert made.status_code == 201, made.text
    table_id = made.json()["table_id"]
    invitation = {"name": "Boris", "table_id": table_id, "seat": 1}
    invited = anna.post(second, "/api/invitations", invitation)
    assert invited.status_code == 201, invited.text
    [listed] = boris.get(first, "/api/invitations")["received"]
    assert listed["id"] == invited.json()["id"] and listed["from_name"] == "Anna"
    [table] = boris.get(first, "/api/friends/tables")
    assert table["table_id"] == table_id and table["friends"] == ["Anna"]

    refused = httpx.post(  # CSRF is checked by the process asked, before it passes anything on
        f"{first.url}/api/invitations/{listed['id']}/accept", cookies=boris.cookies
    )
    assert refused.status_code == 403
    accepted = boris.post(first, f"/api/invitations/{listed['id']}/accept", {})
    assert accepted.status_code == 200, accepted.text
    seat = accepted.json()
    assert seat["table_id"] == table_id and seat["seat"] == 1
    for server in (first, second):
        mine = boris.get(server, "/api/me/tables")
        assert [(t["table_id"], t["seat"], t["token"]) for t in mine] == [
            (table_id, 1, seat["token"])
        ]
        facts = httpx.get(f"{server.url}/api/tables/{table_id}").json()
        assert facts["seats"][1]["state"] == "taken" and facts["seats"][1]["name"] == "Boris"
        assert boris.get(server, "/api/invitations") == {"received": [], "sent": []}
    again = boris.post(second, f"/api/invitations/{listed['id']}/accept", {})
    assert again.status_code == 409
