"""``random``: a uniformly random legal action, except that it always wins when it may."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class RandomPlayer:
    """The baseline every other player must beat by a wide margin."""

    name = "random"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """``win`` when legal, else a uniformly random legal action."""
        for action in legal:
            if str(action) == "win":
                return action
        return rng.choice(list(legal))
