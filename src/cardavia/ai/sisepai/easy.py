"""``easy``: the ``basic`` player with a learner's mistakes, for a person's first deals.

It always wins when it may, and it only ever chooses among the legal actions. Otherwise
it plays like :mod:`.basic`, except that, each from the decision's generator:

- it misses a claim (passes where ``basic`` takes) with chance :data:`MISS_CLAIM`;
- it keeps the wrong card (discards another card than ``basic`` would, one that leaves
  at most one more left-over card, as a learner who breaks a pair rather than drop a
  lone card) with chance :data:`WRONG_DISCARD`.

The rates were chosen against the targets of docs/ai.md (measured there): weaker than
``basic`` by a clear margin, far stronger than ``random``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardavia.ai.sisepai.basic import BasicPlayer
from cardavia.ai.sisepai.evaluate import without
from cardavia.ai.sisepai.shape import leftover
from cardavia.games.sisepai.actions import PASS, WIN, Action, Verb
from cardavia.games.sisepai.melds import pack
from cardavia.games.sisepai.view import SiSePaiView

MISS_CLAIM = 0.5
"""Chance of passing on a take that ``basic`` would make."""
WRONG_DISCARD = 0.4
"""Chance of discarding another card than ``basic``'s."""
NEAR_MISS = 1
"""A wrong discard leaves at most this many more left-over cards than the best."""


class EasyPlayer:
    """``basic`` that sometimes misses a claim or keeps the wrong card."""

    name = "easy"

    def __init__(
        self, miss_claim: float = MISS_CLAIM, wrong_discard: float = WRONG_DISCARD
    ) -> None:
        self.miss_claim = miss_claim
        self.wrong_discard = wrong_discard
        self._basic = BasicPlayer()

    def choose(self, view: SiSePaiView, legal: Sequence[Action], rng: random.Random) -> Action:
        """``win`` when legal; else ``basic``'s action, or now and then a learner's slip."""
        if WIN in legal:
            return WIN
        best = self._basic.choose(view, legal, rng)
        slip = rng.random()
        if best.verb is Verb.TAKE:
            return PASS if PASS in legal and slip < self.miss_claim else best
        if best.verb is Verb.DISCARD and slip < self.wrong_discard:
            others = plausible_discards(view, legal, best)
            if others:
                return rng.choice(others)
        return best


def plausible_discards(view: SiSePaiView, legal: Sequence[Action], best: Action) -> list[Action]:
    """The discards other than ``best`` that leave at most :data:`NEAR_MISS` more
    left-over cards than ``best``: a learner's choice, never an absurd one."""
    hand = pack(view.hand)
    limit = leftover(without(hand, best.cards)) + NEAR_MISS
    return [
        action
        for action in legal
        if action.verb is Verb.DISCARD
        and action != best
        and leftover(without(hand, action.cards)) <= limit
    ]
