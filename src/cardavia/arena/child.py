"""An external program the arena talks to in lines, never waiting past a deadline.

The program runs in a session (and process group) of its own, with a mark in its
environment that everything it starts inherits. Ending it ends its whole tree: the
group, every descendant found in ``/proc``, and every process carrying the mark, also
those that left the group with ``setsid()`` and were orphaned (:func:`end_tree`).

Its standard error is a pipe that a thread of its own keeps emptying (a pipe nobody
read would fill up and stall the program), keeping only the last :data:`STDERR_KEPT`
bytes: the last lines are quoted when it fails, and a program writing gigabytes costs
no disk and no memory. Every read and write of its input and output waits with
``select`` until a deadline, so a program that hangs, or stops reading, costs the arena
its timeout and no more.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import shlex
import signal
import subprocess
import threading
import time
import uuid
from pathlib import Path

MAX_LINE = 1 << 20
"""The longest line a program may write (1 MiB): a longer one is garbage."""
EXIT_GRACE = 1.0
"""Seconds a program is given to exit by itself after ``bye`` before it is killed."""
STDERR_KEPT = 8192
"""The bytes of a program's standard error kept, the last ones (a traceback's end)."""
MARK = "CARDAVIA_BOT_MARK"
"""The environment variable that marks a program and everything it starts."""
SWEEPS = 20
"""Rounds of :func:`end_tree` at most: a process forking as fast as it can is caught
within a few, and the arena never loops for ever on a process it cannot kill."""


class ChildFault(Exception):
    """The program crashed, hung or wrote something unreadable; ``kind`` says which."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


class Child:
    """One running program (``command`` split like a shell would, run without one)."""

    def __init__(self, command: str) -> None:
        self.command = command
        try:
            argv = shlex.split(command)
        except ValueError as error:  # an unclosed quotation mark
            raise ChildFault("crash", f"cannot read the command: {error}") from None
        if not argv:
            raise ChildFault("crash", "an empty command")
        self._mark = uuid.uuid4().hex
        environment = dict(os.environ, PYTHONUNBUFFERED="1")  # a Python bot's print() flushes
        environment[MARK] = self._mark
        try:
            self._process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
                env=environment,
            )
        except OSError as error:
            raise ChildFault("crash", f"cannot start {argv[0]!r}: {error.strerror}") from None
        assert self._process.stdin is not None and self._process.stdout is not None
        assert self._process.stderr is not None
        # Stopped in kill(), which every path out of the arena reaches.
        self._stderr = Tail(self._process.stderr.fileno(), STDERR_KEPT)
        self._in = self._process.stdin.fileno()
        self._out = self._process.stdout.fileno()
        os.set_blocking(self._in, False)
        os.set_blocking(self._out, False)
        self._buffer = b""
        self._selector = selectors.DefaultSelector()
        self._killed = False

    @property
    def pending(self) -> bytes:
        """What the program wrote beyond the last line read (already received)."""
        return self._buffer

    def send(self, line: bytes, deadline: float) -> None:
        """Write ``line`` whole before ``deadline`` (a ``time.monotonic()`` value)."""
        view = memoryview(line)
        while view:
            if not self._wait(self._in, selectors.EVENT_WRITE, deadline):
                raise ChildFault("hang", "stopped reading its input")
            try:
                written = os.write(self._in, view)
            except BlockingIOError:
                continue
            except (BrokenPipeError, ConnectionResetError):
                raise self._crashed() from None
            view = view[written:]

    def receive(self, deadline: float) -> bytes:
        """The program's next line (without its newline), read before ``deadline``."""
        while b"\n" not in self._buffer:
            if len(self._buffer) > MAX_LINE:
                raise ChildFault("malformed", f"wrote more than {MAX_LINE} bytes without a newline")
            if not self._wait(self._out, selectors.EVENT_READ, deadline):
                raise ChildFault("hang", "no answer in time")
            chunk = self._read()
            if chunk is None:
                continue
            if not chunk:
                raise self._crashed()
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        return line

    def unasked(self) -> bytes:
        """Whatever the program wrote that nobody has read yet (read without waiting)."""
        while (chunk := self._read()) and len(self._buffer) <= MAX_LINE:
            self._buffer += chunk
        return self._buffer

    def close(self) -> None:
        """Let the program exit by itself (its input is closed), then kill what is left
        (also when the arena is interrupted meanwhile)."""
        try:
            with contextlib.suppress(OSError):
                self._process.stdin.close()  # type: ignore[union-attr]
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._process.wait(EXIT_GRACE)
        finally:
            self.kill()

    def kill(self) -> None:
        """Kill the program and everything it started; release the pipes."""
        if self._killed:
            return
        self._killed = True
        # Before the program is reaped: its pid (its group's id) cannot be reused yet.
        end_tree(self._process.pid, self._mark)
        with contextlib.suppress(OSError):
            self._process.kill()
        self._process.wait()
        self._stderr.stop()
        for stream in (self._process.stdin, self._process.stdout, self._process.stderr):
            with contextlib.suppress(OSError):
                stream.close()  # type: ignore[union-attr]
        self._selector.close()

    def stderr_tail(self, lines: int = 5, width: int = 200) -> str:
        """The last lines the program wrote to its standard error, each cut to ``width``
        characters and made printable (a terminal's escapes become ``?``)."""
        kept = self._stderr.text().strip().splitlines()[-lines:]
        cut = (line if len(line) <= width else line[:width] + "…" for line in kept)
        return "\n".join("".join(c if c.isprintable() else "?" for c in line) for line in cut)

    # --- inside -------------------------------------------------------------------------

    def _read(self) -> bytes | None:
        """Bytes ready on the program's output: ``b""`` at its end, ``None`` if none yet."""
        try:
            return os.read(self._out, 65536)
        except BlockingIOError:
            return None
        except OSError:
            return b""

    def _wait(self, fd: int, event: int, deadline: float) -> bool:
        """Wait until ``fd`` is ready for ``event``; False once ``deadline`` passed."""
        self._selector.register(fd, event)
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                if self._selector.select(left):
                    return True
        finally:
            self._selector.unregister(fd)

    def exit_message(self) -> str:
        """How the program ended: ``exited (exit status 1); its last error lines: …``."""
        status = self._process.poll()
        if status is None:
            return "closed its output"
        how = f"killed by signal {-status}" if status < 0 else f"exit status {status}"
        tail = self.stderr_tail()
        return f"exited ({how})" + (f"; its last error lines: {tail}" if tail else "")

    def _crashed(self) -> ChildFault:
        """The fault of a program whose pipes closed: it exited (or is about to)."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._process.wait(EXIT_GRACE)
        return ChildFault("crash", self.exit_message())


class Tail:
    """The last ``keep`` bytes of a pipe, read as they come by a thread of its own."""

    def __init__(self, fd: int, keep: int) -> None:
        self._fd = fd
        self._keep = keep
        self._data = b""
        self._ended = False
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        os.set_blocking(fd, False)
        self._thread = threading.Thread(target=self._run, name="bot-stderr", daemon=True)
        self._thread.start()

    def text(self) -> str:
        """What was kept, with what the pipe holds now (all a program wrote before it
        was seen to exit)."""
        self._pull()
        with self._lock:
            return self._data.decode("utf-8", "replace")

    def stop(self) -> None:
        """Stop reading (the caller closes the pipe afterwards)."""
        self._stopping.set()
        self._thread.join()

    def _run(self) -> None:
        with selectors.DefaultSelector() as selector:
            selector.register(self._fd, selectors.EVENT_READ)
            while not self._stopping.is_set() and not self._ended:
                if selector.select(0.2):
                    self._pull()

    def _pull(self) -> None:
        """Read what the pipe holds, keeping the last bytes (one reader at a time)."""
        with self._lock:
            while not self._ended:
                try:
                    chunk = os.read(self._fd, 65536)
                except BlockingIOError:
                    return
                except OSError:
                    chunk = b""
                if not chunk:
                    self._ended = True
                    return
                self._data = (self._data + chunk)[-self._keep :]


def end_tree(leader: int, mark: str) -> None:
    """SIGKILL a program's process group, its descendants and every process with its
    mark, round after round until none is left (at most :data:`SWEEPS` rounds).

    The process group alone misses a descendant that called ``setsid()``; descendants
    alone miss one that was orphaned (its parent exited, so it hangs under ``init``);
    the mark in the environment finds both, unless the process also replaced its
    environment. Where there is no ``/proc`` (macOS) only the group is killed.
    """
    for _ in range(SWEEPS):
        found = _tree(leader, mark)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(leader, signal.SIGKILL)
        for pid in found:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        if not found:
            return


def _tree(leader: int, mark: str) -> set[int]:
    """The live processes of ``leader``'s tree: its descendants, its group and session,
    and those whose environment holds the ``mark`` (read from ``/proc``)."""
    marked = f"\0{MARK}={mark}\0".encode()
    children: dict[int, list[int]] = {}
    found: set[int] = set()
    try:
        entries = [entry for entry in Path("/proc").iterdir() if entry.name.isdigit()]
    except OSError:
        return found
    for entry in entries:
        pid = int(entry.name)
        try:
            stat = (entry / "stat").read_bytes()
            # pid (command) state ppid pgrp session …: the command may hold ")" or spaces.
            state, ppid, group, session = stat[stat.rindex(b")") + 2 :].split()[:4]
            if state in (b"Z", b"X"):  # dead, waiting to be reaped: nothing to kill
                continue
            children.setdefault(int(ppid), []).append(pid)
            if leader in (int(group), int(session)) or marked in _environment(entry):
                found.add(pid)
        except (OSError, ValueError):
            continue  # gone meanwhile, or not ours to read
    below = [leader]
    while below:
        for child in children.get(below.pop(), []):
            if child not in found:
                found.add(child)
                below.append(child)
    found.discard(leader)  # (killed with its group, and reaped by the caller)
    found.discard(os.getpid())
    return found


def _environment(entry: Path) -> bytes:
    """A process's environment, NUL-separated (empty when it is not ours to read)."""
    try:
        return b"\0" + (entry / "environ").read_bytes() + b"\0"
    except OSError:
        return b""
