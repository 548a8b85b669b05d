"""``easy``: the counting policy with a learner's mistakes, for a person's first deals.

It chooses among the legal actions only (so it beats whenever it must), and otherwise
plays like :mod:`.basic`, except that, each from the decision's generator:

- it leads without a plan (any legal lead, drawn uniformly: often a high card the
  others can still beat, or a small one where a sure round was on offer) with chance
  :data:`LEAD_ANY`;
- it beats too high (its highest beating play, spending a card it will miss, instead
  of the lowest that does the job) with chance :data:`BEAT_HIGH`.

The rates were chosen against the targets of docs/ai.md (measured there). Leading a
beatable play on purpose (the highest one) was tried first: forced beating punishes it
as hard against ``random`` as against ``basic``, so that ``easy`` lost to ``random``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardavia.ai.chuopai.policy import policy_action
from cardavia.games.chuopai.actions import Action
from cardavia.games.chuopai.view import ChuoPaiView

LEAD_ANY = 0.35
"""Chance of leading a uniformly random legal play instead of the policy's lead."""
BEAT_HIGH = 0.1
"""Chance of beating with the highest beating play instead of the policy's."""


class EasyPlayer:
    """The counting policy that sometimes leads without a plan or beats too high."""

    name = "easy"

    def __init__(self, lead_any: float = LEAD_ANY, beat_high: float = BEAT_HIGH) -> None:
        self.lead_any = lead_any
        self.beat_high = beat_high

    def choose(self, view: ChuoPaiView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The policy's action, or now and then a learner's slip (always legal)."""
        slip = rng.random()
        plays = [action for action in legal if action.play is not None]
        if view.top is None and slip < self.lead_any:
            return rng.choice(plays)
        if view.top is not None and plays and slip < self.beat_high:
            return max(plays, key=_height)
        return policy_action(view)


def _height(action: Action) -> tuple[int, int, int]:
    """How high a play is: its level, then its size, then its index (a total order)."""
    play = action.play
    assert play is not None
    return (play.level, play.size, play.index)
