"""Friends and invitations, for signed-in players.

A follow is one-way: an account follows another by its name. Two accounts that follow each
other are *friends*: only friends see whether the other is online (a session of his used in
the last few minutes), invite each other to a seat, and see each other's tables ("Friends'
tables"). An invitation asks a friend to take an open seat of a table the inviter sits at;
the invitee sees it while it is open (until it is accepted, declined, its seat is taken by
someone else, its table ends, or ``INVITATION_SECONDS`` pass). Accepting it takes the seat
through the tables' own seat-taking (``joining.join``) and binds it to the invitee's account.

Everything is kept in the store's database (``friends_store``): several server processes on
one database share it, and nothing of it lives in a process's memory. The calls here are
blocking (the database): routes run them in a thread.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, and_, delete, func, insert, select

from koloda.server.accounts import AccountError, name_key
from koloda.server.accounts_store import accounts_table, sessions_table
from koloda.server.friends_store import follows_table
from koloda.server.seating import Seating, seat_state

ONLINE_SECONDS = 180.0
"""A friend is online while a session of his was used this recently (a session's use is
written at most once a minute, and the lobby asks every few seconds)."""
INVITATION_SECONDS = 15 * 60.0
"""How long an invitation stays open."""
MAX_FOLLOWS = 500
"""Accounts one account may follow."""
MAX_OPEN_INVITATIONS = 30
"""Open invitations one account may have sent."""
FRIENDS_TABLES_SECONDS = 24 * 3600.0
"""A friend's unfinished table shows among "Friends' tables" while his seat there was
taken this recently."""
MAX_FRIENDS_TABLES = 30

OPEN, ACCEPTED, DECLINED, EXPIRED = "open", "accepted", "declined", "expired"


@dataclass(frozen=True)
class Person:
    """Someone the account follows or who follows it; ``online`` is known of friends only."""

    name: str
    following: bool
    follows_me: bool
    online: bool | None

    @property
    def friend(self) -> bool:
        return self.following and self.follows_me


@dataclass(frozen=True)
class Invitation:
    """An invitation to a seat, with its table's game and options (for its title)."""

    id: str
    from_name: str
    to_name: str
    table_id: str
    seat: int
    game: str | None
    options: dict[str, Any]
    created: float
    expires: float
    state: str


@dataclass(frozen=True)
class FriendTable:
    """A friend's unfinished table: which friends sit there, and its seats as the open
    tables' list shows them (``state``: taken, open, reserved, bot, joinable)."""

    table_id: str
    game: str
    options: dict[str, Any]
    friends: list[str]
    seats: list[dict[str, Any]]
    public: bool
    my_seat: int | None = None
    """The seat the asking account has there, if any (it returns through "My tables")."""


def _states(row: Any, seating: Seating) -> list[str]:
    return [seat_state(kind, row.token_hashes[s], seating, s) for s, kind in enumerate(row.seats)]


def seat_states(row: Any) -> list[str]:
    """The seat states of a stored table's row (``seating.seat_state``)."""
    return _states(row, Seating.from_json(row.seating, len(row.seats)))


def seats_of(row: Any) -> list[dict[str, Any]]:
    """A stored table's seats as the open tables' list shows them."""
    seating = Seating.from_json(row.seating, len(row.seats))
    states = _states(row, seating)
    return [
        {"seat": s, "kind": kind, "name": seating.names[s], "state": states[s]}
        for s, kind in enumerate(row.seats)
    ]


class Friends:
    """The follows and invitations in the store's database (``app.state.friends``)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # ----- follows ---------------------------------------------------------------------------

    def account_named(self, connection: Connection, name: str) -> tuple[str, str]:
        """The id and name of the account called ``name`` (any case), or AccountError 404."""
        row = connection.execute(
            select(accounts_table.c.id, accounts_table.c.name).where(
                accounts_table.c.name_key == name_key(name)
            )
        ).first()
        if row is None:
            raise AccountError(404, f"no account named {' '.join(name.split())!r}")
        return str(row.id), str(row.name)

    def follow(self, account_id: str, name: str) -> Person:
        """Follow the account called ``name`` (again: nothing changes); 404 for no such
        account, 422 for oneself or past ``MAX_FOLLOWS``."""
        with self.engine.begin() as connection:
            other, shown = self.account_named(connection, name)
            if other == account_id:
                raise AccountError(422, "you cannot follow yourself")
            if not self._follows(connection, account_id, other):
                count = connection.execute(
                    select(func.count()).where(follows_table.c.account_id == account_id)
                ).scalar_one()
                if count >= MAX_FOLLOWS:
                    raise AccountError(422, f"you follow {MAX_FOLLOWS} accounts already")
                connection.execute(
                    insert(follows_table).values(
                        account_id=account_id, follows_id=other, since=time.time()
                    )
                )
        return self.person(account_id, other, shown)

    def unfollow(self, account_id: str, name: str) -> None:
        """Follow the account called ``name`` no more (404 for no such account)."""
        with self.engine.begin() as connection:
            other, _ = self.account_named(connection, name)
            connection.execute(
                delete(follows_table).where(
                    follows_table.c.account_id == account_id,
                    follows_table.c.follows_id == other,
                )
            )

    @staticmethod
    def _follows(connection: Connection, account_id: str, other: str) -> bool:
        found = connection.execute(
            select(follows_table.c.since).where(
                follows_table.c.account_id == account_id, follows_table.c.follows_id == other
            )
        ).first()
        return found is not None

    def are_friends(self, connection: Connection, one: str, other: str) -> bool:
        return self._follows(connection, one, other) and self._follows(connection, other, one)

    def person(self, account_id: str, other: str, name: str) -> Person:
        """How ``other`` stands to the account."""
        with self.engine.connect() as connection:
            following = self._follows(connection, account_id, other)
            follows_me = self._follows(connection, other, account_id)
            online = self._online(connection, [other]) if following and follows_me else None
        return Person(name, following, follows_me, None if online is None else other in online)

    @staticmethod
    def _online(connection: Connection, ids: list[str]) -> set[str]:
        """Which of the accounts used a session in the last ``ONLINE_SECONDS``."""
        if not ids:
            return set()
        rows = connection.execute(
            select(sessions_table.c.account_id)
            .where(
                sessions_table.c.account_id.in_(ids),
                sessions_table.c.last_seen >= time.time() - ONLINE_SECONDS,
            )
            .distinct()
        )
        return {str(row.account_id) for row in rows}

    def people(self, account_id: str) -> list[Person]:
        """Whom the account follows and who follows it, by name; friends first."""
        with self.engine.connect() as connection:
            following = {
                str(r.follows_id)
                for r in connection.execute(
                    select(follows_table.c.follows_id).where(
                        follows_table.c.account_id == account_id
                    )
                )
            }
            followers = {
                str(r.account_id)
                for r in connection.execute(
                    select(follows_table.c.account_id).where(
                        follows_table.c.follows_id == account_id
                    )
                )
            }
            ids = following | followers
            names = {
                str(r.id): str(r.name)
                for r in connection.execute(
                    select(accounts_table.c.id, accounts_table.c.name).where(
                        accounts_table.c.id.in_(ids)
                    )
                )
            }
            online = self._online(connection, sorted(following & followers))
        found = [
            Person(
                names[i],
                i in following,
                i in followers,
                (i in online) if i in following and i in followers else None,
            )
            for i in ids
            if i in names
        ]
        return sorted(found, key=lambda p: (not p.friend, not p.following, p.name.casefold()))

    def friend_ids(self, connection: Connection, account_id: str) -> list[str]:
        """The account's friends (who follow it back)."""
        back = follows_table.alias("back")
        rows = connection.execute(
            select(follows_table.c.follows_id)
            .join(
                back,
                and_(
                    back.c.account_id == follows_table.c.follows_id,
                    back.c.follows_id == follows_table.c.account_id,
                ),
            )
            .where(follows_table.c.account_id == account_id)
        )
        return [str(r.follows_id) for r in rows]
