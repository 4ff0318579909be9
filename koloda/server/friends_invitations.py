"""Invitations to a seat, and "Friends' tables" (``friends`` says what they are).

An invitation is checked when it is made against the table's stored row: the inviter's
account has a seat bound there, the table is not finished, and the seat is a person's seat
nobody holds (``open``). It is listed to the invitee only while it is still open and its seat
still free. Accepting it is the routes' doing (the seat is taken at the live table, which may
be another process's); here it is found and, once the seat is taken, settled.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy import Connection, Engine, delete, func, insert, select, update

from koloda.server.accounts import AccountError
from koloda.server.accounts_store import accounts_table, bindings_table
from koloda.server.friends import (
    ACCEPTED,
    DECLINED,
    EXPIRED,
    FRIENDS_TABLES_SECONDS,
    INVITATION_SECONDS,
    MAX_FRIENDS_TABLES,
    MAX_OPEN_INVITATIONS,
    OPEN,
    Friends,
    FriendTable,
    Invitation,
    seat_states,
    seats_of,
)
from koloda.server.friends_store import invitations_table
from koloda.server.seating import Seating
from koloda.server.store import tables_table

KEPT_SECONDS = 24 * 3600.0
"""An invitation is kept this long after it expired (for its inviter's and invitee's
answers), then erased when the next one is made."""


def _bound_at(connection: Connection, account_id: str, table_id: str) -> bool:
    """Whether the account has a seat bound at the table."""
    found = connection.execute(
        select(bindings_table.c.seat).where(
            bindings_table.c.table_id == table_id, bindings_table.c.account_id == account_id
        )
    ).first()
    return found is not None


def _table_row(connection: Connection, table_id: str) -> Any:
    return connection.execute(
        select(
            tables_table.c.id,
            tables_table.c.game,
            tables_table.c.options,
            tables_table.c.seats,
            tables_table.c.token_hashes,
            tables_table.c.seating,
            tables_table.c.finished,
        ).where(tables_table.c.id == table_id)
    ).first()


def _still_open(row: Any, now: float) -> bool:
    """An invitation's row (joined with its table's) that its invitee may still accept."""
    if row.state != OPEN or row.expires <= now or row.game is None or row.finished:
        return False
    states = seat_states(row)
    return 0 <= int(row.seat) < len(states) and states[int(row.seat)] == "open"


class Invitations:
    """The invitations in the store's database (``app.state.invitations``)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.friends = Friends(engine)

    def invite(self, from_id: str, to_name: str, table_id: str, seat: int) -> Invitation:
        """Invite a friend to an open seat of a table the inviter sits at: 404 for no such
        account or table, 403 for one who is not a friend or a table the inviter has no
        seat at, 409 for a seat that is not free (or a finished table, or a friend with a
        seat there already), 422 past ``MAX_OPEN_INVITATIONS``. An open invitation of the
        same friend to the same seat is made anew."""
        now = time.time()
        with self.engine.begin() as connection:
            to_id, _ = self.friends.account_named(connection, to_name)
            if not self.friends.are_friends(connection, from_id, to_id):
                raise AccountError(403, "invite only your friends (who follow you back)")
            row = _table_row(connection, table_id)
            if row is None:
                raise AccountError(404, f"no table {table_id!r}")
            if not _bound_at(connection, from_id, table_id):
                raise AccountError(403, "invite only to a table you sit at")
            self._check_seat(connection, row, seat, to_id)
            connection.execute(  # invitations over for a day are forgotten
                delete(invitations_table).where(invitations_table.c.expires < now - KEPT_SECONDS)
            )
            self._close_same(connection, from_id, to_id, table_id, seat)
            self._check_count(connection, from_id, now)
            values = {
                "id": secrets.token_hex(16),
                "from_id": from_id,
                "to_id": to_id,
                "table_id": table_id,
                "seat": seat,
                "created": now,
                "expires": now + INVITATION_SECONDS,
                "state": OPEN,
            }
            connection.execute(insert(invitations_table).values(**values))
        found = self.find(str(values["id"]))
        assert found is not None
        return found

    @staticmethod
    def _check_seat(connection: Connection, row: Any, seat: int, to_id: str) -> None:
        states = seat_states(row)
        if not 0 <= seat < len(states):
            raise AccountError(422, f"seat must be 0..{len(states) - 1}")
        if row.finished:
            raise AccountError(409, "the game is over")
        if states[seat] != "open":
            raise AccountError(409, f"seat {seat} is not free")
        if _bound_at(connection, to_id, row.id):
            raise AccountError(409, "your friend has a seat at this table already")

    @staticmethod
    def _close_same(
        connection: Connection, from_id: str, to_id: str, table_id: str, seat: int
    ) -> None:
        connection.execute(
            update(invitations_table)
            .where(
                invitations_table.c.from_id == from_id,
                invitations_table.c.to_id == to_id,
                invitations_table.c.table_id == table_id,
                invitations_table.c.seat == seat,
                invitations_table.c.state == OPEN,
            )
            .values(state=EXPIRED)
        )

    @staticmethod
    def _check_count(connection: Connection, from_id: str, now: float) -> None:
        count = connection.execute(
            select(func.count()).where(
                invitations_table.c.from_id == from_id,
                invitations_table.c.state == OPEN,
                invitations_table.c.expires > now,
            )
        ).scalar_one()
        if count >= MAX_OPEN_INVITATIONS:
            raise AccountError(422, f"you have {MAX_OPEN_INVITATIONS} open invitations already")

    def _query(self) -> Any:
        sender, invitee = accounts_table.alias("sender"), accounts_table.alias("invitee")
        return (
            select(
                invitations_table,
                sender.c.name.label("from_name"),
                invitee.c.name.label("to_name"),
                tables_table.c.game,
                tables_table.c.options,
                tables_table.c.seats,
                tables_table.c.token_hashes,
                tables_table.c.seating,
                tables_table.c.finished,
            )
            .join(sender, sender.c.id == invitations_table.c.from_id)
            .join(invitee, invitee.c.id == invitations_table.c.to_id)
            .outerjoin(tables_table, tables_table.c.id == invitations_table.c.table_id)
        )

    @staticmethod
    def _invitation(row: Any, now: float) -> Invitation:
        state = str(row.state)
        if state == OPEN and not _still_open(row, now):
            state = EXPIRED
        return Invitation(
            id=str(row.id),
            from_name=str(row.from_name),
            to_name=str(row.to_name),
            table_id=str(row.table_id),
            seat=int(row.seat),
            game=row.game,
            options=dict(row.options or {}),
            created=float(row.created),
            expires=float(row.expires),
            state=state,
        )

    def find(self, invitation_id: str) -> Invitation | None:
        """An invitation as it stands now (an open one whose time passed, whose seat was
        taken or whose table ended reads as expired)."""
        row = self._row(invitation_id)
        return None if row is None else self._invitation(row, time.time())

    def _row(self, invitation_id: str) -> Any:
        """The invitation's row joined with its names and table's (None: no such one)."""
        with self.engine.connect() as connection:
            return connection.execute(
                self._query().where(invitations_table.c.id == invitation_id)
            ).first()

    def listed(self, account_id: str) -> tuple[list[Invitation], list[Invitation]]:
        """The account's open invitations: received and sent, newest first."""
        now = time.time()
        query = self._query().where(
            invitations_table.c.state == OPEN, invitations_table.c.expires > now
        )
        with self.engine.connect() as connection:
            received = connection.execute(
                query.where(invitations_table.c.to_id == account_id).order_by(
                    invitations_table.c.created.desc()
                )
            ).all()
            sent = connection.execute(
                query.where(invitations_table.c.from_id == account_id).order_by(
                    invitations_table.c.created.desc()
                )
            ).all()
        return self._open(received, now), self._open(sent, now)

    def _open(self, rows: Sequence[Any], now: float) -> list[Invitation]:
        """The rows' invitations that are still open (each row's seat read once)."""
        return [i for i in (self._invitation(row, now) for row in rows) if i.state == OPEN]

    def to_answer(self, invitation_id: str, account_id: str) -> Invitation:
        """The account's invitation that it may accept or decline now: 404 for none of his,
        409 for one answered already, 410 for one expired (or whose seat or table is gone)."""
        row = self._row(invitation_id)
        if row is None or str(row.to_id) != account_id:
            raise AccountError(404, "no such invitation of yours")
        found = self._invitation(row, time.time())
        if found.state in (ACCEPTED, DECLINED):
            raise AccountError(409, f"the invitation was {found.state} already")
        if found.state == EXPIRED:
            raise AccountError(410, "the invitation expired, or its seat is no longer free")
        return found

    def settle(self, invitation_id: str, state: str) -> Invitation:
        """An open invitation accepted or declined (one answered already stays as it was)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(invitations_table)
                .where(invitations_table.c.id == invitation_id, invitations_table.c.state == OPEN)
                .values(state=state)
            )
        found = self.find(invitation_id)
        assert found is not None
        return found

    def friends_tables(self, account_id: str) -> list[FriendTable]:
        """The unfinished tables where a friend took a seat in the last
        ``FRIENDS_TABLES_SECONDS``, newest first, at most ``MAX_FRIENDS_TABLES``."""
        since = time.time() - FRIENDS_TABLES_SECONDS
        with self.engine.connect() as connection:
            friends = self.friends.friend_ids(connection, account_id)
            if not friends:
                return []
            rows = connection.execute(
                select(bindings_table.c.table_id, accounts_table.c.name, tables_table)
                .join(accounts_table, accounts_table.c.id == bindings_table.c.account_id)
                .join(tables_table, tables_table.c.id == bindings_table.c.table_id)
                .where(
                    bindings_table.c.account_id.in_(friends),
                    bindings_table.c.bound >= since,
                    tables_table.c.finished.is_(False),
                )
                .order_by(bindings_table.c.bound.desc())
            ).all()
        found: dict[str, FriendTable] = {}
        for row in rows:
            table = found.get(row.table_id)
            if table is None:
                if len(found) >= MAX_FRIENDS_TABLES:
                    continue
                seating = Seating.from_json(row.seating, len(row.seats))
                table = FriendTable(
                    str(row.table_id),
                    row.game,
                    dict(row.options),
                    [],
                    seats_of(row),
                    seating.public,
                )
                found[row.table_id] = table
            if row.name not in table.friends:
                table.friends.append(str(row.name))
        mine = self._my_seats(account_id, list(found))
        return [replace(t, my_seat=mine.get(t.table_id)) for t in found.values()]

    def _my_seats(self, account_id: str, table_ids: list[str]) -> dict[str, int]:
        """The account's seats at these tables."""
        if not table_ids:
            return {}
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(bindings_table.c.table_id, bindings_table.c.seat).where(
                    bindings_table.c.account_id == account_id,
                    bindings_table.c.table_id.in_(table_ids),
                )
            )
            return {str(r.table_id): int(r.seat) for r in rows}
