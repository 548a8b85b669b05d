"""The one interface every AI player implements.

A player is a pure function of what its seat may see: the view (which carries the
public history of the deal), the legal actions, and an injected random generator.
It never receives the engine state, so it cannot see hidden cards, and it keeps no
memory between calls, so a restarted server decides exactly as the old one would.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol


class Player(Protocol):
    """An AI player for one game."""

    name: str
    """The registry name: ``random``, ``basic`` or ``strong``."""

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """One of ``legal`` (always two or more: forced actions never reach a player)."""
        ...
