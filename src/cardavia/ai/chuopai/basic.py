"""``basic``: Chuo Pai play with a plan, counting what is still out (:mod:`.policy`).

It leads its biggest play that no unseen card can beat (those win their round and
keep the lead), and otherwise its weakest single, which gives away one point and
drains the others' high cards; it beats with its lowest beating play that cannot be
beaten back, else its lowest. It knows only its view: its hand, the score piles, the
cards gone and the current round, so "unseen" means "in the other two hands".
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardavia.ai.chuopai.policy import policy_action
from cardavia.games.chuopai.actions import Action
from cardavia.games.chuopai.view import ChuoPaiView


class BasicPlayer:
    """The counting policy; deterministic (it never needs its generator)."""

    name = "basic"

    def choose(self, view: ChuoPaiView, legal: Sequence[Action], rng: random.Random) -> Action:
        """Biggest safe lead, else weakest single; lowest safe beat, else lowest beat."""
        return policy_action(view)
