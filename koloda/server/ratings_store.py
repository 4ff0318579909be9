"""The ratings' tables: each account's rating per rating key (``ratings.rating_key``), every
change of it with the table that made it, and the rated tables whose update is still to be
made. They join the store's ``metadata``; the migrations' revision 0003 makes them.

A bot level's rating is kept here too, under the id ``bot:<level>``, once a rated game has
moved it from the bot ladder's figure (``koloda/club/bot_ratings.json``).
"""

from __future__ import annotations

from sqlalchemy import Column, Float, Index, Integer, String, Table, Text

from koloda.server.store import metadata

ratings_table = Table(
    "koloda_ratings",
    metadata,
    Column("account_id", String(32), primary_key=True),
    Column("rating_key", String(96), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False, default=0),
    Column("updated", Float, nullable=False),
    Index("ix_koloda_ratings_key_mu", "rating_key", "mu"),
)
"""An account's rating in one rated game: μ, σ and how many rated games made it."""

rating_history_table = Table(
    "koloda_rating_history",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", String(32), nullable=False, index=True),
    Column("rating_key", String(96), nullable=False),
    Column("table_id", String(64), nullable=False, index=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("display", Integer, nullable=False),
    Column("at", Float, nullable=False),
)
"""An account's rating after one rated table's game."""

rating_pending_table = Table(
    "koloda_rating_pending",
    metadata,
    Column("table_id", String(64), primary_key=True),
    Column("rating_key", String(96), nullable=False),
    Column("since", Float, nullable=False),
    Column("attempts", Integer, nullable=False, default=0),
    Column("last_error", Text, nullable=True),
)
"""A rated table whose ratings are not updated yet: made with the table, gone in the
transaction that updates its players' ratings."""
