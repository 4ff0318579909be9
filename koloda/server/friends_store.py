"""The friends' tables: who follows whom, and the invitations to a seat. They join the
store's ``metadata``; the migrations' revision 0004 makes them.

A follow is one-way (an account follows another by name); two accounts that follow each
other are *friends* (``friends``). An invitation asks one account to take an open seat of a
table another sits at; it is open until it is accepted, declined or past ``expires``.
"""

from __future__ import annotations

from sqlalchemy import Column, Connection, Float, Index, Integer, String, Table, delete, or_

from koloda.server.store import metadata

follows_table = Table(
    "koloda_follows",
    metadata,
    Column("account_id", String(32), primary_key=True),
    Column("follows_id", String(32), primary_key=True),
    Column("since", Float, nullable=False),
    Index("ix_koloda_follows_follows_id", "follows_id"),
)
"""``account_id`` follows ``follows_id`` (since when)."""

invitations_table = Table(
    "koloda_invitations",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("from_id", String(32), nullable=False, index=True),
    Column("to_id", String(32), nullable=False, index=True),
    Column("table_id", String(64), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
    Column("state", String(16), nullable=False),
    Index("ix_koloda_invitations_table_seat", "table_id", "seat"),
)
"""An invitation of ``to_id`` by ``from_id`` to a seat of a table; ``state`` is ``open``,
``accepted``, ``declined`` or ``expired`` (an open one past ``expires`` is read as expired).
Its seat is taken on accepting it, through the table's own seat-taking, and bound to the
invitee's account."""


def erase_account(connection: Connection, account_id: str) -> None:
    """Erase an account's follows (both ways) and invitations (sent and received), in the
    transaction that deletes the account."""
    follows, invitations = follows_table.c, invitations_table.c
    connection.execute(
        delete(follows_table).where(
            or_(follows.account_id == account_id, follows.follows_id == account_id)
        )
    )
    connection.execute(
        delete(invitations_table).where(
            or_(invitations.from_id == account_id, invitations.to_id == account_id)
        )
    )
