"""The arena's hold on one program: its standard error is kept bounded (the last lines,
never a growing file) and ending it ends every process it started."""

from __future__ import annotations

import os
import shlex
import stat
import sys
import time
import uuid

from processes import running_with

from cardavia.arena.child import Child

SPAWNER = """
import os, subprocess, sys, time
daemon = "import os, sys, time; os.setsid(); os.fork() and os._exit(0); time.sleep(3600)"
keep = "import os, time; os.setsid(); time.sleep(3600)"
for code in (daemon, keep):
    subprocess.Popen([sys.executable, "-c", code, sys.argv[1]])
time.sleep(1)  # (the orphan's parent has exited: it hangs under init by now)
print("ready", flush=True)
time.sleep(3600)
"""


def open_file_bytes() -> int:
    """Bytes in the regular files this process holds open (temporary files included)."""
    total = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            status = os.fstat(int(fd))
        except OSError:
            continue
        if stat.S_ISREG(status.st_mode):
            total += status.st_size
    return total


def test_standard_error_keeps_only_its_last_bytes() -> None:
    before = open_file_bytes()
    code = (
        "import sys\n"
        "for _ in range(30): sys.stderr.write(('x' * 1023 + '\\n') * 1024)\n"
        "sys.stderr.write('the last words\\n'); sys.stderr.flush()\n"
        "print('done', flush=True)\n"
    )
    child = Child(shlex.join([sys.executable, "-c", code]))
    try:
        # 30 MB of standard error neither stalls the program nor lands in a file.
        assert child.receive(time.monotonic() + 30) == b"done"
        assert open_file_bytes() - before < 1 << 20
        child._process.wait(10)
        assert child.stderr_tail(2).splitlines() == ["x" * 200 + "…", "the last words"]
        assert len(child.stderr_tail(100_000)) < 64 << 10  # only the last lines are kept
    finally:
        child.kill()


def test_ending_a_program_ends_what_left_its_session() -> None:
    token = uuid.uuid4().hex
    child = Child(shlex.join([sys.executable, "-c", SPAWNER, token]))
    try:
        assert child.receive(time.monotonic() + 30) == b"ready"
        deadline = time.monotonic() + 10
        while len(running_with(token)) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(running_with(token)) == 3  # the program and the two it left behind
    finally:
        child.kill()
    deadline = time.monotonic() + 5
    while running_with(token) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert running_with(token) == []
