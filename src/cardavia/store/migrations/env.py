"""Alembic's environment: migrations always run on a connection Cardavia hands over.

:func:`cardavia.store.migrate.upgrade` passes the connection in ``config.attributes``, so
there is no ``alembic.ini`` and no URL to keep in step with the server's settings.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from cardavia.store.tables import metadata

connection: Connection | None = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only reachable by running alembic by hand
    raise RuntimeError("run migrations through cardavia.store.migrate, which passes a connection")

context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
