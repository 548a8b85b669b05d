"""Helpers the observation encoders share: where each block starts, counting cards,
the recent events."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

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


def count_into(row: list[int], cards: Iterable[int]) -> None:
    """Add one to ``row[card]`` for every card of ``cards`` (repeats count).

    Rows are plain lists, turned into one array at the end: item by item, a NumPy
    array is several times slower to add to than a list.
    """
    for card in cards:
        row[card] += 1


def recent_events(
    out: npt.NDArray[np.float32],
    events: Sequence[object],
    me: int,
    seats: int,
    types: Sequence[type],
    detail: Callable[[object], int | None],
    slot: int,
) -> None:
    """Write ``events`` newest first into ``out``, ``slot`` entries each: the event's
    type (one-hot over ``types``), its seat relative to ``me`` (one-hot, when it has
    one), then ``detail(event)`` (one-hot: a card or an action number, when it has one)."""
    index = {kind: i for i, kind in enumerate(types)}
    for n, event in enumerate(reversed(events)):
        at = n * slot
        out[at + index[type(event)]] = 1
        seat = getattr(event, "seat", None)
        if seat is not None:
            out[at + len(types) + (seat - me) % seats] = 1
        extra = detail(event)
        if extra is not None:
            out[at + len(types) + seats + extra] = 1
