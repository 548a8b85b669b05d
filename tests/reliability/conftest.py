"""Fixtures for the reliability tests: real ``cardavia serve`` processes.

Every server here plays with the real ``basic`` AIs (a separate process cannot be handed
test players) and has no limit on new deals: all test traffic comes from one address.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardavia.store import sqlite_url
from cardavia.testing.servers import ServerProcess


def server_env(database_url: str, data_dir: Path) -> dict[str, str]:
    """The environment of a test server on ``database_url``."""
    return {
        "DATABASE_URL": database_url,
        "CARDAVIA_DATA": str(data_dir),
        "CARDAVIA_NEW_GAMES_PER_MINUTE": "0",
        # Decisions stay on show for a short hold (the site's 1.5 s would add a second
        # and a half to every claim window of a people's table, testing nothing more).
        "CARDAVIA_HOLD_SECONDS": "0.3",
    }


@pytest.fixture
def two_servers(empty_postgres_url: str, tmp_path: Path) -> Iterator[list[ServerProcess]]:
    """Two server processes on two ports sharing one fresh PostgreSQL database.

    Both start at the same moment on an empty database, so both try to migrate it at
    once: the migration lock must let exactly one do it.
    """
    servers = [ServerProcess(server_env(empty_postgres_url, tmp_path)) for _ in range(2)]
    try:
        for server in servers:
            server.launch()
        for server in servers:
            server.wait_ready()
        yield servers
    finally:
        for server in servers:
            server.close()


@pytest.fixture
def racing_servers(
    empty_postgres_url: str, tmp_path: Path
) -> Iterator[tuple[list[ServerProcess], Path]]:
    """Two server processes sharing one fresh PostgreSQL database, each of whose writes
    of a table waits until the other has read that version too while the barrier (the
    path given with them) is armed by :func:`racing_server.meeting`."""
    barrier = tmp_path / "barrier"
    barrier.mkdir()
    env = {**server_env(empty_postgres_url, tmp_path), "RACING_BARRIER": str(barrier)}
    program = (sys.executable, str(Path(__file__).parents[1] / "support" / "racing_server.py"))
    servers = [ServerProcess(env, program=program) for _ in range(2)]
    try:
        for server in servers:
            server.start()
        yield servers, barrier
    finally:
        for server in servers:
            server.close()


@pytest.fixture
def sqlite_server_env(tmp_path: Path) -> dict[str, str]:
    """The environment of a server on a fresh SQLite file."""
    return server_env(sqlite_url(tmp_path / "cardavia.sqlite3"), tmp_path)
