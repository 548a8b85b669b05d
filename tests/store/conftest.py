"""Store fixtures: every store test runs on SQLite and on PostgreSQL.

The PostgreSQL server (a throwaway cluster the suite starts itself, or the one
``$CARDAVIA_TEST_POSTGRES_URL`` / ``$DATABASE_URL`` names) and the fresh database each
test gets come from ``tests/conftest.py``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy.engine import Engine

from cardavia.store import open_engine


@pytest.fixture
def engine(empty_database_url: str) -> Iterator[Engine]:
    """A database of each kind with no tables yet."""
    engine = open_engine(empty_database_url)
    yield engine
    engine.dispose()
