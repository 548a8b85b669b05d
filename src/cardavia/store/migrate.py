"""Schema migrations (Alembic), run by the server when it starts.

There is no ``alembic.ini``: the script directory is this package's ``migrations``
folder and the connection is the server's own, so migrations always touch the database
the server is about to use. A database whose revision this code does not know was
migrated by a newer Cardavia: the server refuses it rather than guess.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.engine import Engine

from cardavia.store.errors import StoreError

MIGRATIONS = Path(__file__).parent / "migrations"
_LOCK = 0x43617264  # "Card": the advisory lock key that serialises migrations


class SchemaTooNewError(StoreError):
    """The database was migrated by a newer Cardavia than this one."""


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head_revision() -> str:
    """The newest schema revision this code knows."""
    head = ScriptDirectory.from_config(_config()).get_current_head()
    if head is None:  # pragma: no cover - the package always ships revision 0001
        raise StoreError("no migrations found")
    return head


def current_revision(engine: Engine) -> str | None:
    """The database's schema revision, ``None`` for an empty database."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine) -> str:
    """Bring the database to the newest revision; return it.

    Raises :class:`SchemaTooNewError` when the database is at a revision this code
    does not know (written by a newer version: running on it could corrupt deals).
    """
    config = _config()
    known = {script.revision for script in ScriptDirectory.from_config(config).walk_revisions()}
    current = current_revision(engine)
    if current is not None and current not in known:
        raise SchemaTooNewError(
            f"the database is at schema revision {current!r}, which this Cardavia does not "
            f"know (its newest is {head_revision()!r}): upgrade Cardavia before serving it"
        )
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Several processes may start at once on one database: the first to take
            # this lock migrates, the others wait for its commit and find nothing to do.
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
    return head_revision()
