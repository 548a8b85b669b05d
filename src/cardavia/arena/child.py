"""An external program the arena talks to in lines, never waiting past a deadline.

The program runs in a session of its own, so that killing it also kills anything it
started. Its standard error goes to a temporary file (a pipe nobody read would fill
up and stall it); the last lines are quoted when it fails. Every read and write waits
with ``select`` until a deadline, so a program that hangs, or stops reading, costs the
arena its timeout and no more.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import shlex
import signal
import subprocess
import tempfile
import time
from typing import IO

MAX_LINE = 1 << 20
"""The longest line a program may write (1 MiB): a longer one is garbage."""
EXIT_GRACE = 1.0
"""Seconds a program is given to exit by itself after ``bye`` before it is killed."""


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
        # Closed in kill(), which every path out of the arena reaches.
        self._stderr: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115
        environment = dict(os.environ, PYTHONUNBUFFERED="1")  # a Python bot's print() flushes
        try:
            self._process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                start_new_session=True,
                env=environment,
            )
        except OSError as error:
            self._stderr.close()
            raise ChildFault("crash", f"cannot start {argv[0]!r}: {error.strerror}") from None
        assert self._process.stdin is not None and self._process.stdout is not None
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
        """Kill the program and everything it started; release the pipes and the file."""
        if self._killed:
            return
        self._killed = True
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._process.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            self._process.kill()
        self._process.wait()
        for stream in (self._process.stdin, self._process.stdout):
            with contextlib.suppress(OSError):
                stream.close()  # type: ignore[union-attr]
        self._selector.close()
        self._stderr.close()

    def stderr_tail(self, lines: int = 5) -> str:
        """The last lines the program wrote to its standard error."""
        try:
            self._stderr.seek(0, os.SEEK_END)
            size = self._stderr.tell()
            self._stderr.seek(max(0, size - 4096))
            text = self._stderr.read().decode("utf-8", "replace")
        except (OSError, ValueError):
            return ""
        return "\n".join(text.strip().splitlines()[-lines:])

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
