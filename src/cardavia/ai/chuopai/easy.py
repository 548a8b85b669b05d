"""``easy``: the counting policy with a learner's mistakes, for a person's first deals.

It chooses among the legal actions only (so it beats whenever it must), and otherwise
plays like :mod:`.basic`, except that, each from the decision's generator:

- it leads too high (its highest single, which the others may well beat, instead of
  the biggest safe play or the weakest single) with chance :data:`LEAD_HIGH`;
- it beats too high (its highest beating play, spending a card it will miss, instead
  of the lowest that does the job) with chance :data:`BEAT_HIGH`.

The rates were chosen against the targets of docs/ai.md (measured there).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardavia.ai.chuopai.policy import policy_action
from cardavia.games.chuopai.actions import Action
from cardavia.games.chuopai.view import ChuoPaiView

LEAD_HIGH = 0.5
"""Chance of leading the highest single instead of the policy's lead."""
BEAT_HIGH = 0.5
"""Chance of beating with the highest beating play instead of the policy's."""


class EasyPlayer:
    """The counting policy that sometimes leads or beats too high."""

    name = "easy"

    def __init__(self, lead_high: float = LEAD_HIGH, beat_high: float = BEAT_HIGH) -> None:
        self.lead_high = lead_high
        self.beat_high = beat_high

    def choose(self, view: ChuoPaiView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The policy's action, or now and then a learner's slip (always legal)."""
        best = policy_action(view)
        slip = rng.random()
        plays = [action for action in legal if action.play is not None]
        if view.top is None:
            if slip < self.lead_high:
                singles = [a for a in plays if len(a.cards) == 1]
                return max(singles, key=_height)
            return best
        if plays and slip < self.beat_high:
            return max(plays, key=_height)
        return best


def _height(action: Action) -> tuple[int, int, int]:
    """How high a play is: its level, then its size, then its index (a total order)."""
    play = action.play
    assert play is not None
    return (play.level, play.size, play.index)
