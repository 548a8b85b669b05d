"""``cardavia export``: the stored deals written out as record files (records.md).

One file per deal, ``cardavia-<game>-<id>.json``, the same record its finished deal's
*Download record* gives, readable by ``cardavia replay``. Each file is written whole
and then renamed into place, so an interrupted export leaves no half-written record;
exporting again into the same folder replaces each deal's file with its newest state.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from cardavia.store import FINISHED, GameStore
from cardavia.web.services.deals import stored_record


@dataclass(frozen=True, slots=True)
class Exported:
    """What one export wrote."""

    finished: int
    ongoing: int

    @property
    def written(self) -> int:
        """Record files written in all."""
        return self.finished + self.ongoing


def export(
    store: GameStore, directory: Path, since: datetime | None = None, game: str | None = None
) -> Exported:
    """Write every stored deal (last changed at ``since`` or later, of ``game``) into
    ``directory`` (made if missing) as a record file."""
    directory.mkdir(parents=True, exist_ok=True)
    counts = {True: 0, False: 0}
    for stored in store.every(since, game):
        name = f"cardavia-{stored.game}-{stored.id}.json"
        _write(directory / name, stored_record(stored).dumps() + "\n")
        counts[stored.status == FINISHED] += 1
    return Exported(finished=counts[True], ongoing=counts[False])


def _write(path: Path, text: str) -> None:
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=".export-", suffix=".json")
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
