"""The baseline: the store's schema of the release before migrations.

A new database gets every table here. A database that release (or an older one) made has the
store's tables and no revision: its tables and rows are kept, what it lacks is added (tables
made since it was, the ``seating`` column of ``koloda_tables``), and it is stamped at this
revision. The tables are spelled out here, not taken from ``store.metadata``, which moves on
with later revisions.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _tables() -> list[tuple[str, list[sa.Column[Any]]]]:
    """Every table of the baseline with its columns (keys in them)."""

    def key_id() -> sa.Column[Any]:
        return sa.Column("table_id", sa.String(64), primary_key=True)

    return [
        (
            "koloda_tables",
            [
                sa.Column("id", sa.String(64), primary_key=True),
                sa.Column("game", sa.String(32), nullable=False),
                sa.Column("options", sa.JSON, nullable=False),
                sa.Column("seats", sa.JSON, nullable=False),
                sa.Column("token_hashes", sa.JSON, nullable=False),
                sa.Column("seed", sa.String(128), nullable=False),
                sa.Column("first_dealer", sa.Integer, nullable=False),
                sa.Column("created", sa.Float, nullable=False),
                sa.Column("version", sa.Integer, nullable=False),
                sa.Column("finished", sa.Boolean, nullable=False),
                sa.Column("record", sa.JSON, nullable=True),
                sa.Column("seating", sa.JSON, nullable=True),
            ],
        ),
        (
            "koloda_deals",
            [
                key_id(),
                sa.Column("deal_index", sa.Integer, primary_key=True),
                sa.Column("setup", sa.Text, nullable=False),
            ],
        ),
        (
            "koloda_actions",
            [
                key_id(),
                sa.Column("seq", sa.Integer, primary_key=True),
                sa.Column("deal_index", sa.Integer, nullable=False),
                sa.Column("action", sa.String(200), nullable=False),
            ],
        ),
        (
            "koloda_leases",
            [
                key_id(),
                sa.Column("owner", sa.String(64), nullable=False),
                sa.Column("address", sa.String(200), nullable=False),
                sa.Column("expires", sa.Float, nullable=False),
            ],
        ),
        (
            "koloda_health",
            [
                sa.Column("id", sa.Integer, primary_key=True),
                sa.Column("checked", sa.Float, nullable=False),
            ],
        ),
    ]


def upgrade() -> None:
    """Every table the database lacks; the ``seating`` column where an older store made
    ``koloda_tables`` without it."""
    found = sa.inspect(op.get_bind())
    made_before = found.has_table("koloda_tables")
    for name, columns in _tables():
        if not found.has_table(name):
            op.create_table(name, *columns)
    if made_before:
        present = {column["name"] for column in found.get_columns("koloda_tables")}
        if "seating" not in present:
            op.add_column("koloda_tables", sa.Column("seating", sa.JSON, nullable=True))


def downgrade() -> None:
    """Downgrades are not supported: restore the backup made before the upgrade."""
    from koloda.server.migrations import DOWNGRADE_REFUSED

    raise NotImplementedError(DOWNGRADE_REFUSED)
