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
from cardavia.store.table_repository import (
    TABLES_CHANNEL,
    Lease,
    LeaseRenewedError,
    StoredTable,
    TableSeat,
    TableStore,
)

__all__ = [
    "FINISHED",
    "NEVER",
    "ONGOING",
    "TABLES_CHANNEL",
    "AIRun",
    "DealSummary",
    "GameStore",
    "Lease",
    "LeaseRenewedError",
    "Pruned",
    "SchemaTooNewError",
    "StoreError",
    "StoreUnavailableError",
    "StoredGame",
    "StoredTable",
    "TableSeat",
    "TableStore",
    "VersionConflictError",
    "normalize_url",
    "open_engine",
    "sqlite_url",
    "upgrade",
]
