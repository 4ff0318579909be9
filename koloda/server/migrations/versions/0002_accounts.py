"""Accounts, optional: accounts, their passkeys, sessions, failed sign-ins, the seats bound
to them, passkey challenges and the server's own keys (``koloda.server.accounts_store``).
The tables are spelled out here, as they were made at this revision.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """The accounts' tables, with their indexes."""
    op.create_table(
        "koloda_accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(96), nullable=False, unique=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("password_hash", sa.Text, nullable=True),
        sa.Column("public_profile", sa.Boolean, nullable=False),
        sa.Column("languages", sa.JSON, nullable=False),
    )
    op.create_table(
        "koloda_passkeys",
        sa.Column("credential_id", sa.String(512), primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("public_key", sa.Text, nullable=False),
        sa.Column("sign_count", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_koloda_passkeys_account_id", "koloda_passkeys", ["account_id"])
    op.create_table(
        "koloda_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("last_seen", sa.Float, nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
    )
    op.create_index("ix_koloda_sessions_account_id", "koloda_sessions", ["account_id"])
    op.create_table(
        "koloda_signin_attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_koloda_signin_attempts_key_at", "koloda_signin_attempts", ["key", "at"])
    op.create_table(
        "koloda_seat_bindings",
        sa.Column("table_id", sa.String(64), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("sealed_token", sa.Text, nullable=False),
        sa.Column("bound", sa.Float, nullable=False),
    )
    op.create_index("ix_koloda_seat_bindings_account_id", "koloda_seat_bindings", ["account_id"])
    op.create_table(
        "koloda_passkey_challenges",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("challenge", sa.String(128), nullable=False),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("account_id", sa.String(32), nullable=True),
        sa.Column("name", sa.String(24), nullable=True),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_table(
        "koloda_secrets",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    """Downgrades are not supported: restore the backup made before the upgrade."""
    from koloda.server.migrations import DOWNGRADE_REFUSED

    raise NotImplementedError(DOWNGRADE_REFUSED)
