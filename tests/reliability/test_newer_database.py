"""The server refuses a database migrated by a newer Cardavia, and leaves it alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from cardavia.store import SchemaTooNewError, open_engine, upgrade
from cardavia.testing.servers import ServerProcess, ServerStartError
from cardavia.web.app import create_app
from cardavia.web.infra.settings import Settings

from .conftest import server_env

NEWER = "9999_from_the_future"


def make_newer(database_url: str) -> None:
    """A database as a newer Cardavia would leave it: a revision this code does not know,
    and a table this code has never heard of."""
    engine = open_engine(database_url)
    upgrade(engine)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = :v"), {"v": NEWER})
        connection.execute(text("CREATE TABLE tomorrow (x INTEGER)"))
    engine.dispose()


def revision(database_url: str) -> str | None:
    engine = open_engine(database_url)
    with engine.connect() as connection:
        found = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
    engine.dispose()
    return None if found is None else str(found)


def test_the_server_process_refuses_to_start_on_a_newer_database(
    database_url: str, tmp_path: Path
) -> None:
    make_newer(database_url)
    server = ServerProcess(server_env(database_url, tmp_path))
    server.launch()
    try:
        with pytest.raises(ServerStartError):
            server.wait_ready(timeout=60)
        assert server.wait(timeout=10) == 3
        output = server.output()
        assert NEWER in output and "upgrade Cardavia before serving it" in output
        assert "Cardavia cannot serve" in output and "Traceback" not in output, output
    finally:
        server.close()
    assert revision(database_url) == NEWER, "the database was left as it was"


def test_the_app_refuses_a_newer_database_before_serving_anything(
    database_url: str, tmp_path: Path
) -> None:
    make_newer(database_url)
    app = create_app(Settings(database_url=database_url, data_dir=tmp_path))
    with pytest.raises(SchemaTooNewError, match=NEWER), TestClient(app):
        pass
    assert revision(database_url) == NEWER
