"""Helpers the observation encoders share: where each block starts, counting cards."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


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
