"""Alembic's environment for the store: it migrates through the connection the caller opened
(``migrations.upgrade``), inside the caller's transaction. There is no offline (SQL script)
mode."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from koloda.server.store import metadata

connection = context.config.attributes.get("connection")
if not isinstance(connection, Connection) or context.is_offline_mode():
    raise RuntimeError("the store's migrations run through koloda.server.migrations.upgrade")
context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters a table by copying it
    transactional_ddl=True,
)
with context.begin_transaction():
    context.run_migrations()
