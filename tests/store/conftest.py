"""Store fixtures: the same tests run on SQLite and, when the server is installed, on a
throwaway PostgreSQL cluster started here (or the one ``$CARDAVIA_TEST_POSTGRES_URL``
names)."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine

from cardavia.store import open_engine, sqlite_url


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str | None]:
    """A PostgreSQL URL, or ``None`` when no server is installed (those cases skip)."""
    given = os.environ.get("CARDAVIA_TEST_POSTGRES_URL")
    if given:
        yield given
        return
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found or shutil.which("runuser") is None or os.geteuid() != 0:
        yield None
        return
    bin_dir = Path(found[-1]).parent
    # initdb refuses to run as root, and pytest's tmp_path is not traversable by the
    # postgres user: a folder of its own under /tmp (TOOLCHAIN.md).
    data = tempfile.mkdtemp(prefix="cardavia-pg-")
    shutil.chown(data, "postgres", "postgres")
    port = _free_port()

    def as_postgres(*args: str) -> None:
        # No pipes: the server started by pg_ctl would hold them open, and run() would wait.
        subprocess.run(
            ["runuser", "-u", "postgres", "--", *args],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    as_postgres(
        str(bin_dir / "initdb"), "-D", data, "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8",
        "--no-sync",
    )  # fmt: skip
    options = f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off"
    log = f"{data}/server.log"
    as_postgres(str(bin_dir / "pg_ctl"), "-D", data, "-l", log, "-o", options, "-w", "start")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        as_postgres(str(bin_dir / "pg_ctl"), "-D", data, "-m", "immediate", "stop")
        shutil.rmtree(data, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    """An empty database of each kind."""
    if request.param == "sqlite":
        engine = open_engine(sqlite_url(tmp_path / "store.sqlite3"))
    else:
        url = request.getfixturevalue("postgres_url")
        if url is None:
            pytest.skip("PostgreSQL is not installed here")
        engine = open_engine(url)
        with engine.begin() as connection:
            connection.execute(text("DROP SCHEMA public CASCADE"))
            connection.execute(text("CREATE SCHEMA public"))
    yield engine
    engine.dispose()
