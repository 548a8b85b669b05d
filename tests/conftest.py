"""Fixtures every test folder may use: a PostgreSQL server and fresh databases on it.

The suite starts its own throwaway PostgreSQL cluster (Debian's server) the first time a
test asks for one, unless ``$CARDAVIA_TEST_POSTGRES_URL`` or a PostgreSQL
``$DATABASE_URL`` names a server to use instead. Either way each test gets a database
of its own, created for it and dropped after it, so an existing database on a given
server is never touched (the URL's user needs ``CREATEDB``).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine

from cardavia.bench import postgres
from cardavia.store import normalize_url, sqlite_url

DATABASES = ("sqlite", "postgresql")
"""The kinds of database the storage and API tests run on."""


def _given_postgres() -> str | None:
    given = os.environ.get("CARDAVIA_TEST_POSTGRES_URL")
    if given:
        return given
    url = os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql")) else None


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str | None]:
    """The URL of a PostgreSQL server to make test databases on, or ``None``."""
    given = _given_postgres()
    if given:
        yield given
        return
    if not postgres.installed():
        if os.environ.get("CI"):
            pytest.fail("CI must run the PostgreSQL tests: apt-get install -y postgresql")
        yield None
        return
    with postgres.throwaway_cluster() as cluster:
        yield cluster.url


def _admin(server: str) -> Engine:
    return create_engine(normalize_url(server), isolation_level="AUTOCOMMIT")


@pytest.fixture
def postgres_url(postgres_server: str | None) -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database, dropped after the test."""
    if postgres_server is None:
        pytest.skip("PostgreSQL is not installed here (apt-get install -y postgresql)")
    name = f"cardavia_test_{uuid.uuid4().hex[:12]}"
    admin = _admin(postgres_server)
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    url = normalize_url(postgres_server).set(database=name)
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        # FORCE: a server process the test killed may not have said goodbye yet.
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(params=DATABASES)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database of each kind: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return sqlite_url(tmp_path / "cardavia.sqlite3")
    url: str = request.getfixturevalue("postgres_url")
    return url
