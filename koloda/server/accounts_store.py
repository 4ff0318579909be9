"""The accounts' tables (optional accounts: a guest plays as before). They join the store's
``metadata``; the migrations' revision 0002 makes them.

What is kept: an account's name, when it was made, its password's argon2id hash (none for a
passkey-only account), whether its profile is public and its languages; its passkeys' public
keys and signature counters; its sessions (only a hash of each cookie, with the session's
CSRF token); recent failed sign-ins (for the limits, across processes); the seats bound to it
(each with its seat token sealed by a key of the server's, so that the player returns to the
seat from any device); and the passkey challenges handed out, for a few minutes.
"""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Column, Float, Index, Integer, String, Table, Text

from koloda.server.store import metadata

accounts_table = Table(
    "koloda_accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(24), nullable=False),
    Column("name_key", String(96), nullable=False, unique=True),
    Column("created", Float, nullable=False),
    Column("password_hash", Text, nullable=True),
    Column("public_profile", Boolean, nullable=False, default=False),
    Column("languages", JSON, nullable=False),
)
"""``name_key``: the name case-folded, unique (names differ by more than their case)."""

passkeys_table = Table(
    "koloda_passkeys",
    metadata,
    Column("credential_id", String(512), primary_key=True),
    Column("account_id", String(32), nullable=False, index=True),
    Column("public_key", Text, nullable=False),
    Column("sign_count", Integer, nullable=False, default=0),
    Column("created", Float, nullable=False),
)
"""A passkey: its credential id and COSE public key (base64url), its signature counter."""

sessions_table = Table(
    "koloda_sessions",
    metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("account_id", String(32), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("last_seen", Float, nullable=False),
    Column("csrf", String(64), nullable=False),
)
"""A signed-in browser: the SHA-256 of its cookie (never the cookie itself) and the token its
state-changing requests must carry in ``X-CSRF-Token``."""

attempts_table = Table(
    "koloda_signin_attempts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(200), nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_koloda_signin_attempts_key_at", "key", "at"),
)
"""A failed sign-in, counted against ``account:<name key>`` and ``address:<client key>``."""

bindings_table = Table(
    "koloda_seat_bindings",
    metadata,
    Column("table_id", String(64), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", String(32), nullable=False, index=True),
    Column("sealed_token", Text, nullable=False),
    Column("bound", Float, nullable=False),
)
"""A seat bound to an account, with its seat token sealed (``accounts.Sealer``)."""

challenges_table = Table(
    "koloda_passkey_challenges",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("challenge", String(128), nullable=False),
    Column("purpose", String(16), nullable=False),
    Column("account_id", String(32), nullable=True),
    Column("name", String(24), nullable=True),
    Column("expires", Float, nullable=False),
)
"""A passkey ceremony begun: its challenge, used once, until ``expires``. ``purpose`` is
``register`` (for ``account_id``, or a new account named ``name``) or ``signin``."""

secrets_table = Table(
    "koloda_secrets",
    metadata,
    Column("name", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)
"""The server's own keys, made once and shared by its processes (the seat tokens' sealing
key, unless KOLODA_SEAL_KEY gives one)."""
