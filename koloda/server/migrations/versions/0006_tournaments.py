"""Tournaments: each tournament, its entrants and its card tables
(``koloda.server.tournaments.store``). The tables are spelled out here, as they were made at
this revision.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """The tournaments' tables, with their indexes."""
    op.create_table(
        "koloda_tournaments",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("preset", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("minutes", sa.Integer, nullable=False),
        sa.Column("deals", sa.Integer, nullable=False),
        sa.Column("turn_seconds", sa.Float, nullable=False),
        sa.Column("creator", sa.String(80), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("starts", sa.Float, nullable=True),
        sa.Column("started", sa.Float, nullable=True),
        sa.Column("ends", sa.Float, nullable=True),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("due", sa.Integer, nullable=False),
        sa.Column("state", sa.String(10), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
    )
    op.create_index("ix_koloda_tournaments_state", "koloda_tournaments", ["state"])
    op.create_table(
        "koloda_tournament_entrants",
        sa.Column("tournament", sa.String(32), primary_key=True),
        sa.Column("player", sa.String(80), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("account_id", sa.String(32), nullable=True),
        sa.Column("joined", sa.Float, nullable=False),
        sa.Column("withdrawn", sa.Boolean, nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("points", sa.Float, nullable=False),
        sa.Column("tables", sa.Integer, nullable=False),
        sa.Column("met", sa.JSON, nullable=False),
        sa.Column("waiting", sa.Float, nullable=True),
    )
    op.create_table(
        "koloda_tournament_tables",
        sa.Column("table_id", sa.String(64), primary_key=True),
        sa.Column("tournament", sa.String(32), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("tokens", sa.JSON, nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.Column("shares", sa.JSON, nullable=True),
        sa.Column("points", sa.JSON, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index(
        "ix_koloda_tournament_tables_tournament", "koloda_tournament_tables", ["tournament"]
    )


def downgrade() -> None:
    """Downgrades are not supported: restore the backup made before the upgrade."""
    from koloda.server.migrations import DOWNGRADE_REFUSED

    raise NotImplementedError(DOWNGRADE_REFUSED)
