"""A throwaway PostgreSQL cluster for tests (Debian's server, started by the suite itself).

``initdb`` refuses to run as root, so as root the cluster runs as the ``postgres`` user
on a data folder it owns under /tmp (pytest's tmp_path is not traversable by it).
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator


class PostgresUnavailable(RuntimeError):
    """Debian's PostgreSQL server is not installed here."""


def server_bin() -> str:
    """The folder of the newest installed server's ``initdb`` and ``pg_ctl``."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise PostgresUnavailable(
            "PostgreSQL is not installed: apt-get install -y postgresql (.ci/run does)"
        )
    return os.path.dirname(found[-1])


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _as_postgres(args: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


@contextlib.contextmanager
def throwaway_cluster() -> Iterator[str]:
    """Start a fresh cluster on a free loopback port; yield its SQLAlchemy URL; remove it."""
    bin_dir = server_bin()
    data = tempfile.mkdtemp(prefix="cardavia-pg-")
    if os.geteuid() == 0:
        shutil.chown(data, "postgres", "postgres")
    port = _free_port()
    run = {"check": True, "capture_output": True, "text": True}
    subprocess.run(
        _as_postgres([f"{bin_dir}/initdb", "-D", data, "-A", "trust", "-E", "UTF8",
                      "--locale=C.UTF-8", "--no-sync", "-U", "postgres"]),
        **run,
    )  # fmt: skip
    options = f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        _as_postgres([f"{bin_dir}/pg_ctl", "-D", data, "-w", "-l", f"{data}/log", "-o", options,
                      "start"]),
        **run,
    )  # fmt: skip
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_postgres([f"{bin_dir}/pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"]),
            check=False, capture_output=True,
        )  # fmt: skip
        shutil.rmtree(data, ignore_errors=True)
