"""Ratings: each account's rating per rated game, its history, and the rated tables whose
update is pending (``koloda.server.ratings_store``). The tables are spelled out here, as
they were made at this revision.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """The ratings' tables, with their indexes."""
    op.create_table(
        "koloda_ratings",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("rating_key", sa.String(96), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ix_koloda_ratings_key_mu", "koloda_ratings", ["rating_key", "mu"])
    op.create_table(
        "koloda_rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("rating_key", sa.String(96), nullable=False),
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("display", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_koloda_rating_history_account_id", "koloda_rating_history", ["account_id"])
    op.create_index("ix_koloda_rating_history_table_id", "koloda_rating_history", ["table_id"])
    op.create_table(
        "koloda_rating_pending",
        sa.Column("table_id", sa.String(64), primary_key=True),
        sa.Column("rating_key", sa.String(96), nullable=False),
        sa.Column("since", sa.Float, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("last_error", sa.Text, nullable=True),
    )


def downgrade() -> None:
    """Downgrades are not supported: restore the backup made before the upgrade."""
    from koloda.server.migrations import DOWNGRADE_REFUSED

    raise NotImplementedError(DOWNGRADE_REFUSED)
