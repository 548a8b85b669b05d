"""A ``cardavia serve`` whose writes of a table wait until another process has read the
same version of it: two processes sent the same step at once then race to the write
every time, where a plain server's second request often reads after the first one's
write and never meets the database's version check.

Run as ``python racing_server.py --port N`` with the server's usual environment and
``RACING_BARRIER``, a directory shared by the processes that are to meet. Writes meet
only while a test holds :func:`meeting` open (a deal's start, which no other process
writes, goes ahead at once). It serves with uvicorn in this process, so that the store
made here is the one that serves.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn

from cardavia.store import GameStore, StoredTable, TableStore
from cardavia.web.app import create_app
from cardavia.web.infra.settings import Settings

MEET = 2
"""How many processes write each version: the racing test's two."""
ALONE_SECONDS = 10.0
"""How long a write waits for the other before it goes ahead alone: a write no request
raced (a lapsed seat swept), or a step the other process never read, which the racing
test then finds."""
ARMED = "armed"
"""The file whose presence in the barrier makes writes meet."""


@contextmanager
def meeting(barrier: Path) -> Iterator[None]:
    """Writes of the servers on ``barrier`` meet while in this block."""
    armed = barrier / ARMED
    armed.touch()
    try:
        yield
    finally:
        armed.unlink()


class MeetingTableStore(TableStore):
    """A table store whose :meth:`commit` first waits at a barrier of files, one per
    process, named by the table and the version read."""

    def __init__(self, games: GameStore, barrier: Path) -> None:
        super().__init__(games)
        self.barrier = barrier

    def commit(self, old: StoredTable, new: StoredTable, **written: Any) -> None:
        """Wait until :data:`MEET` processes have read ``old``'s version (while the
        barrier is armed), then write as :meth:`TableStore.commit` does."""
        key = f"{old.id}-{old.version}-"
        (self.barrier / f"{key}{os.getpid()}").touch()
        deadline = time.monotonic() + ALONE_SECONDS
        while (self.barrier / ARMED).exists() and time.monotonic() < deadline:
            if sum(1 for _ in self.barrier.glob(f"{key}*")) >= MEET:
                break
            time.sleep(0.002)
        super().commit(old, new, **written)


def main() -> None:
    """Serve on ``--port`` as ``cardavia serve --server uvicorn`` would."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, required=True)
    port = parser.parse_args().port
    barrier = Path(os.environ["RACING_BARRIER"])
    app = create_app(
        Settings.from_env(), table_store=lambda games: MeetingTableStore(games, barrier)
    )
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main()
