"""``cardavia bench load`` counts the CPU of the server's whole process tree: Granian
serves from a worker process, and the parent alone showed ``server_cpu_share: 0.0``."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from cardavia.bench.load import cpu_seconds

PARENT = """
import subprocess, sys
child = subprocess.Popen([sys.executable, "-c", sys.argv[1]])
print("started", flush=True)
child.wait()
print("reaped", flush=True)
sys.stdin.read()
"""
BUSY = "import time\nend = time.process_time() + 0.6\nwhile time.process_time() < end: pass"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_cpu_of_a_worker_counts_while_it_runs_and_once_reaped() -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, BUSY],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert parent.stdout is not None and parent.stdout.readline() == "started\n"
        before = cpu_seconds(parent.pid)
        seen, deadline = before, time.monotonic() + 30
        while seen - before < 0.3 and time.monotonic() < deadline:  # the worker burns
            time.sleep(0.05)
            seen = cpu_seconds(parent.pid)
        assert seen - before >= 0.3
        assert parent.stdout.readline() == "reaped\n"
        assert cpu_seconds(parent.pid) - before >= 0.5  # the reaped worker's, in cutime
    finally:
        parent.kill()
        parent.wait()
