"""Answers that are pure functions of their inputs, kept so that asking again is free.

A finished deal never changes, so its replay timeline and the coach's verdict at each of
its decisions are the same however often they are asked: a flood of requests for one
shared link or one replay hint costs one computation, not one per request (issue 28).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(Generic[K, V]):
    """The ``size`` answers last used, by key (least recently used dropped first)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[K, V] = OrderedDict()
        # Route handlers run on the event loop and on the thread pool alike.
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The answer kept for ``key``, or ``None``."""
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
            return found

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key``; return it."""
        with self._lock:
            self._kept[key] = value
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return value


__all__ = ["Memo"]
