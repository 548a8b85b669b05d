"""Reading record files safely: only regular files, only up to a size limit.

``cardavia replay`` is pointed at files it did not write. A FIFO would block the run
for ever, ``/dev/zero`` would fill the memory, a 50 MB file is no record: each of them
becomes one :class:`~cardavia.core.errors.RecordError` that names the file's fault,
and the caller goes on to the next file.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from cardavia.core.errors import RecordError

MAX_RECORD_BYTES = 1 << 20
"""The largest record file read: a finished deal's record is 2-4 KB; a megabyte leaves
room for any ``meta`` a person adds, and keeps a hostile file from filling the memory."""


def read_record_file(path: Path, limit: int = MAX_RECORD_BYTES) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit``); else ``RecordError``."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer (it has no effect on a
        # regular file); the type is then checked on what was opened, not on the name.
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise RecordError(f"cannot read the file: {exc.strerror}") from None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise RecordError(f"not a regular file ({_kind(info.st_mode)}): only files are read")
        if info.st_size > limit:
            raise RecordError(f"the file is larger than {limit} bytes: no record is that long")
        with os.fdopen(descriptor, "rb", closefd=False) as file:
            data = file.read(limit + 1)
    except OSError as exc:
        raise RecordError(f"cannot read the file: {exc.strerror}") from None
    finally:
        os.close(descriptor)
    if len(data) > limit:  # it grew while being read
        raise RecordError(f"the file is larger than {limit} bytes: no record is that long")
    return data


def _kind(mode: int) -> str:
    kinds = (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a named pipe"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((name for test, name in kinds if test(mode)), "not a file")
