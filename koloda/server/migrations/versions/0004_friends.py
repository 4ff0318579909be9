"""Friends: who follows whom, and the invitations to a seat (``koloda.server.friends_store``).
The tables are spelled out here, as they were made at this revision.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """The friends' tables, with their indexes."""
    op.create_table(
        "koloda_follows",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("follows_id", sa.String(32), primary_key=True),
        sa.Column("since", sa.Float, nullable=False),
    )
    op.create_index("ix_koloda_follows_follows_id", "koloda_follows", ["follows_id"])
    op.create_table(
        "koloda_invitations",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("from_id", sa.String(32), nullable=False),
        sa.Column("to_id", sa.String(32), nullable=False),
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
    )
    op.create_index("ix_koloda_invitations_from_id", "koloda_invitations", ["from_id"])
    op.create_index("ix_koloda_invitations_to_id", "koloda_invitations", ["to_id"])
    op.create_index("ix_koloda_invitations_table_seat", "koloda_invitations", ["table_id", "seat"])


def downgrade() -> None:
    """Downgrades are not supported: restore the backup made before the upgrade."""
    from koloda.server.migrations import DOWNGRADE_REFUSED

    raise NotImplementedError(DOWNGRADE_REFUSED)
