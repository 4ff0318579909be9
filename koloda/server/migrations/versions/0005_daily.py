"""The deal of the day: the server's secret for the days' seeds, each player's attempt and
each deal's field (``koloda.server.daily.store``). The tables are spelled out here, as they
were made at this revision.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """The deal of the day's tables, with their index."""
    op.create_table(
        "koloda_daily_secret",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(64), nullable=False),
    )
    op.create_table(
        "koloda_daily_attempts",
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("player", sa.String(80), primary_key=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("account_id", sa.String(32), nullable=True),
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("token", sa.String(64), nullable=True),
        sa.Column("started", sa.Float, nullable=False),
        sa.Column("deals_done", sa.Integer, nullable=False),
        sa.Column("points", sa.JSON, nullable=False),
    )
    op.create_index("ix_koloda_daily_attempts_table_id", "koloda_daily_attempts", ["table_id"])
    op.create_table(
        "koloda_daily_counts",
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("deal", sa.Integer, primary_key=True),
        sa.Column("points", sa.Integer, primary_key=True),
        sa.Column("players", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    """Downgrades are not supported: restore the backup made before the upgrade."""
    from koloda.server.migrations import DOWNGRADE_REFUSED

    raise NotImplementedError(DOWNGRADE_REFUSED)
