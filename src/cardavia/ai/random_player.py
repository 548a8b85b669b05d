"""``random``: a uniformly random legal action, except that it always wins when it may."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from cardavia.core.game import Action, View

ActionT = TypeVar("ActionT", bound=Action)


class RandomPlayer:
    """The baseline every other player must beat by a wide margin (for any game)."""

    name = "random"

    def choose(self, view: View, legal: Sequence[ActionT], rng: random.Random) -> ActionT:
        """``win`` when legal, else a uniformly random legal action."""
        for action in legal:
            if str(action) == "win":
                return action
        return rng.choice(list(legal))
