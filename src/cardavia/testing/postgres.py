"""A throwaway PostgreSQL cluster (Debian's server) for benchmarks and tests.

``cardavia bench load --database postgresql`` and the test suite start their own server
this way, so neither needs a PostgreSQL set up by hand. The cluster lives in a fresh
folder under /tmp, listens on a free loopback port only, and is removed afterwards.

``initdb`` refuses to run as root, so as root every server command runs as the
``postgres`` user (``runuser``) on a folder that user owns; pytest's ``tmp_path`` is
not traversable by it, hence ``tempfile.mkdtemp`` (see shared/design/TOOLCHAIN.md).
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
from pathlib import Path


class PostgresUnavailableError(RuntimeError):
    """Debian's PostgreSQL server is not installed here."""


def server_bin() -> Path:
    """The folder of the newest installed server's ``initdb`` and ``pg_ctl``."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise PostgresUnavailableError(
            "PostgreSQL is not installed: apt-get install -y postgresql (.ci/run does)"
        )
    return Path(found[-1]).parent


def installed() -> bool:
    """True when a throwaway cluster can be started here."""
    try:
        server_bin()
    except PostgresUnavailableError:
        return False
    return os.geteuid() != 0 or shutil.which("runuser") is not None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on just now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _as_postgres(args: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


class Cluster:
    """One PostgreSQL server on its own data folder and loopback port.

    ``durable=False`` turns ``fsync`` off (tests: fast, and a crash of the machine loses
    nothing that matters); the benchmark keeps PostgreSQL's durable defaults so that its
    figures include real commits.
    """

    def __init__(self, *, durable: bool = False, max_connections: int = 200) -> None:
        self.bin = server_bin()
        self.data = tempfile.mkdtemp(prefix="cardavia-pg-")
        if os.geteuid() == 0:
            shutil.chown(self.data, "postgres", "postgres")
        self.port = free_port()
        self.durable = durable
        self.max_connections = max_connections
        self.running = False
        self._run(
            str(self.bin / "initdb"), "-D", self.data, "-A", "trust", "-E", "UTF8",
            "--locale=C.UTF-8", "--no-sync", "-U", "postgres",
        )  # fmt: skip

    @property
    def url(self) -> str:
        """The SQLAlchemy URL of the cluster's ``postgres`` database."""
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        """Start the server (on the same port as before) and wait until it accepts."""
        options = (
            f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1"
            f" -c max_connections={self.max_connections}"
        )
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run(
            str(self.bin / "pg_ctl"), "-D", self.data, "-l", f"{self.data}/server.log",
            "-o", options, "-w", "start",
        )  # fmt: skip
        self.running = True

    def stop(self, mode: str = "fast") -> None:
        """Stop the server: ``fast`` disconnects every client, ``immediate`` is a crash."""
        self._run(str(self.bin / "pg_ctl"), "-D", self.data, "-m", mode, "-w", "stop")
        self.running = False

    def remove(self) -> None:
        """Stop the server if it runs and delete its folder."""
        if self.running:
            with contextlib.suppress(subprocess.CalledProcessError):
                self.stop("immediate")
        shutil.rmtree(self.data, ignore_errors=True)

    def _run(self, *args: str) -> None:
        # No pipes: the server pg_ctl starts would inherit and hold them open, and run()
        # would wait for it to exit. Output goes to the cluster's own log instead.
        subprocess.run(
            _as_postgres(list(args)),
            check=True,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )


@contextlib.contextmanager
def throwaway_cluster(*, durable: bool = False) -> Iterator[Cluster]:
    """A started cluster on a free loopback port, removed on the way out."""
    cluster = Cluster(durable=durable)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.remove()
