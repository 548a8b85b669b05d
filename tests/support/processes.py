"""What the tests of programs that start programs share: finding the processes left."""

from __future__ import annotations

import os
from pathlib import Path


def running_with(token: str) -> list[int]:
    """Live processes (other than this one) whose command line holds ``token``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                if token.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found
