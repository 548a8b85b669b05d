"""Real ``cardavia serve`` processes on loopback ports, for benchmarks and tests.

A benchmark or a fault test must see the server as a person's browser does: a separate
process that can be killed, restarted, or run twice on one database. Each process logs
to a file of its own (not a pipe: a chatty server would block on a full pipe).
"""

from __future__ import annotations

import contextlib
import http.client
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from cardavia.games.registry import get_game
from cardavia.testing.postgres import free_port


class ServerStartError(RuntimeError):
    """The server process exited, or did not listen, before it was ready."""


class ServerProcess:
    """One ``cardavia serve`` process on ``127.0.0.1:port``.

    ``env`` is added to this process's environment (``DATABASE_URL``, ``CARDAVIA_*``);
    the same port is kept across :meth:`kill` and :meth:`start`, as a restarted service
    would.
    """

    def __init__(
        self,
        env: Mapping[str, str],
        port: int | None = None,
        args: Sequence[str] = (),
        program: Sequence[str] = (sys.executable, "-m", "cardavia.cli", "serve"),
    ) -> None:
        self.env = {**os.environ, **env}
        self.port = port if port is not None else free_port()
        self.args = tuple(args)
        """More options of ``cardavia serve`` (``--server uvicorn``)."""
        self.program = tuple(program)
        """The command before ``--port``: ``cardavia serve``, or a test's own server that
        takes the same options."""
        handle, name = tempfile.mkstemp(prefix="cardavia-serve-", suffix=".log")
        os.close(handle)
        self.log = Path(name)
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The server's base URL."""
        return f"http://127.0.0.1:{self.port}"

    def launch(self) -> None:
        """Start the process without waiting for it (see :meth:`wait_ready`)."""
        command = [*self.program, "--port", str(self.port), *self.args]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command,
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                # A group of its own, so that a kill takes the HTTP server's workers
                # too, as a crash of the service would (Granian's worker outlives a
                # SIGKILLed parent for a moment and would answer with resets).
                start_new_session=True,
            )

    def wait_ready(self, timeout: float = 60.0) -> None:
        """Wait until the server answers a page (a listening socket is not enough: the
        HTTP server may listen before its worker's start-up, migrations included, is
        done)."""
        assert self.process is not None, "launch() first"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServerStartError(
                    f"the server exited with {self.process.returncode}: {self.output()}"
                )
            if self._answers():
                return
            time.sleep(0.05)
        self.kill()
        raise ServerStartError(f"the server did not listen within {timeout} s: {self.output()}")

    def _answers(self) -> bool:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            connection.request("GET", "/api/tables/none")
            connection.getresponse().read()
        except (OSError, http.client.HTTPException):
            return False
        finally:
            connection.close()
        return True

    def start(self, timeout: float = 60.0) -> None:
        """Start the process and wait until it is ready."""
        self.launch()
        self.wait_ready(timeout)

    def wait(self, timeout: float) -> int:
        """Wait for the process to exit; its exit code."""
        assert self.process is not None
        return self.process.wait(timeout=timeout)

    def kill(self) -> None:
        """SIGKILL: the process gets no chance to finish anything (a crash)."""
        if self.process is None:
            return
        # The whole group, even when the parent is gone: its workers may not be.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        """SIGTERM, as a service manager stops a server; SIGKILL if it lingers."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def output(self) -> str:
        """What the process wrote so far (its log file)."""
        return self.log.read_text(errors="replace")

    def close(self) -> None:
        """Stop the process and remove its log."""
        self.stop()
        self.log.unlink(missing_ok=True)


def tree_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds used so far by process ``pid`` and every process below
    it (the HTTP server's worker, the AI workers), from Linux's /proc: the live ones'
    own, and those of the children they have waited for (a worker that ended and was
    reaped still counts, in its parent's ``cutime`` and ``cstime``)."""
    total = 0.0
    for member in process_tree(pid):
        try:
            fields = Path(f"/proc/{member}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # it ended meanwhile
        total += sum(int(value) for value in fields[11:15]) / os.sysconf("SC_CLK_TCK")
    return total


def settled_cpu_seconds(pid: int, quiet: float = 0.02, timeout: float = 30.0) -> float:
    """:func:`tree_cpu_seconds` once the processes used less than ``quiet`` CPU seconds in
    half a second (or after ``timeout``)."""
    last = tree_cpu_seconds(pid)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        time.sleep(0.5)
        now = tree_cpu_seconds(pid)
        if now - last < quiet:
            return now
        last = now
    return last


def process_tree(pid: int) -> list[int]:
    """``pid`` and its descendants, as /proc lists them now."""
    found, queue = [], [pid]
    while queue:
        member = queue.pop()
        found.append(member)
        for task in Path(f"/proc/{member}/task").glob("*/children"):
            try:
                queue += [int(child) for child in task.read_text().split()]
            except OSError:
                continue
    return found


def tree_rss_bytes(pid: int) -> int:
    """The resident memory of ``pid`` and its descendants, in bytes."""
    total = 0
    for member in process_tree(pid):
        try:
            status = Path(f"/proc/{member}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) * 1024
    return total


def source_env(source: str | None) -> dict[str, str]:
    """The environment that runs the server from another source tree (``src`` of another
    checkout, to measure an older version side by side), or nothing."""
    return {"PYTHONPATH": source} if source else {}


def deal_alone_body(
    game: str, ai: str = "basic", seed: int | None = None, name: str = "bench"
) -> dict[str, object]:
    """The body of ``POST /api/tables`` that deals ``game`` at once at a table of one
    person (``name``) against AIs of level ``ai`` (deal number ``seed``, or a secret
    one): how a bot, a benchmark or a fault test starts a deal against the AIs."""
    others = [ai] * (get_game(game).players - 1)
    body: dict[str, object] = {"game": game, "name": name, "seats": others, "start": True}
    return body if seed is None else body | {"seed": seed}
