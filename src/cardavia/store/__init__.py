"""The game store: SQLAlchemy tables, migrations and a repository of stored deals.

SQLite by default, PostgreSQL when ``DATABASE_URL`` points there. Nothing here connects
at import time: :func:`open_engine` is lazy and :func:`upgrade` runs when asked.
"""

from cardavia.store.engine import normalize_url, open_engine, sqlite_url
from cardavia.store.errors import StoreError, StoreUnavailableError, VersionConflictError
from cardavia.store.migrate import SchemaTooNewError, upgrade
from cardavia.store.repository import (
    FINISHED,
    NEVER,
    ONGOING,
    AIRun,
    DealSummary,
    GameStore,
    Pruned,
    StoredGame,
)

__all__ = [
    "FINISHED",
    "NEVER",
    "ONGOING",
    "AIRun",
    "DealSummary",
    "GameStore",
    "Pruned",
    "SchemaTooNewError",
    "StoreError",
    "StoreUnavailableError",
    "StoredGame",
    "VersionConflictError",
    "normalize_url",
    "open_engine",
    "sqlite_url",
    "upgrade",
]
