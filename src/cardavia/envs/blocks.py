"""Helpers the observation encoders share: where each block starts, counting cards."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt


def offsets(blocks: Sequence[tuple[str, int]]) -> dict[str, int]:
    """The start of each named block of an observation laid out as ``blocks``."""
    starts: dict[str, int] = {}
    at = 0
    for name, length in blocks:
        starts[name] = at
        at += length
    return starts


def count_into(row: npt.NDArray[np.float32], cards: Iterable[int]) -> None:
    """Add one to ``row[card]`` for every card of ``cards`` (repeats count)."""
    for card in cards:
        row[card] += 1
