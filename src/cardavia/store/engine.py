"""Opening the database: SQLite by default, PostgreSQL (psycopg 3) by URL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy.engine import URL, Engine, make_url

CONNECT_TIMEOUT = 3
"""Seconds to wait for PostgreSQL to accept a connection before answering 503."""
POOL_TIMEOUT = 5
"""Seconds a request waits for a pooled connection before answering 503 (overload)."""


def normalize_url(url: str) -> URL:
    """The SQLAlchemy URL for ``url``, with PostgreSQL always through psycopg 3.

    ``postgres://`` and ``postgresql://`` are what hosting platforms hand out; bare,
    SQLAlchemy would pick psycopg2, which Cardavia does not install.
    """
    parsed = make_url(url)
    if parsed.drivername in ("postgres", "postgresql"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def sqlite_url(path: Path) -> str:
    """The URL of the SQLite file at ``path``."""
    return f"sqlite:///{path.resolve()}"


def open_engine(url: str) -> Engine:
    """An engine for ``url``; connects lazily (nothing happens until the first query).

    SQLite runs in WAL mode, so readers never wait for the writer, with ``synchronous
    = FULL``: a commit is on disk before the server answers, even across a power cut.
    """
    parsed = normalize_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            parsed,
            connect_args={"check_same_thread": False, "timeout": 10},
            pool_size=8,
            max_overflow=8,
            pool_timeout=POOL_TIMEOUT,
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    connect_args: dict[str, Any] = {}
    if "connect_timeout" not in parsed.query:
        # A host that does not answer at all must become a prompt 503, not a request
        # hanging for the operating system's TCP timeout (minutes).
        connect_args["connect_timeout"] = CONNECT_TIMEOUT
    # pre_ping: a connection broken by a database restart is replaced, not handed out.
    return create_engine(
        parsed,
        connect_args=connect_args,
        pool_pre_ping=True,
        pool_size=8,
        max_overflow=8,
        pool_timeout=POOL_TIMEOUT,
    )


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()
