"""``steady``: a sound Chuo Pai player for the arena that weighs chances unlike ``basic``.

An arena player only (:data:`cardavia.ai.registry.ARENA_PLAYERS`): a different opponent
for the line-ups that measure ``strong`` (whose playouts assume ``basic``'s policy
everywhere), never a level offered to a person.

``basic`` (:mod:`.policy`) asks one yes-or-no question of a play: can any unseen card
beat it? ``steady`` asks how *likely* it is to be beaten (:func:`.counting.beat_chance`,
the hypergeometric chance that a player still to act holds a beater):

- it leads only a play that holds at least :data:`LEAD_HOLD` of the time, the one of
  highest expected worth (below); ``basic`` leads only a sure one, the biggest;
- with no such lead it gives away the single least likely to hold later, where
  ``basic`` gives away its lowest: it saves the cards that still count, not the high ones;
- it beats with the play of highest expected worth, where ``basic`` beats with its
  lowest sure beat, else its lowest.

A play's expected worth is the round's points (its cards come to its pile if it holds,
go to the beater's if not: ``size × (2·hold − 1)``), the next lead when it holds
(:data:`LEAD_WORTH`), less the cards it spends on a round it may lose: each card's own
chance to hold as a single later (:data:`KEEP_WEIGHT`).

Ties go to the lowest play. It reads nothing but its view, plays only the engine's legal
actions, and never needs its generator (it is deterministic).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardavia.ai.chuopai.counting import beat_chance, still_to_act, unseen_counts
from cardavia.games.chuopai.actions import Action
from cardavia.games.chuopai.plays import PLAY_BY_CARDS, Play
from cardavia.games.chuopai.view import ChuoPaiView

LEAD_WORTH = 0.5
"""What winning the next lead is worth, in points."""
KEEP_WEIGHT = 1.0
"""What a spent card costs, per unit of its chance to hold as a single later."""
LEAD_HOLD = 0.9
"""A lead is made to win its round only when it holds at least this often; without one,
the cheapest single is led. (Leading on expected worth alone, with no such bar, lost to
``basic`` by 1.8 points a deal: a led play that is beaten makes nobody spend a card.)"""


class SteadyPlayer:
    """The legal play of highest expected worth, from the chance each play is beaten."""

    name = "steady"

    def choose(self, view: ChuoPaiView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The likely lead or the beat of highest expected worth; else the cheapest single."""
        if len(legal) == 1:
            return legal[0]  # one play, or a pass when nothing beats the table (chuopai.md §6.3)
        unseen = unseen_counts(view)
        pool = sum(unseen)
        others = [size for seat, size in enumerate(view.hand_sizes) if seat != view.seat and size]
        after = others if view.top is None else [view.hand_sizes[s] for s in still_to_act(view)]
        plays = [(action.play, action) for action in legal if action.play is not None]
        if view.top is None:
            likely = [(p, a) for p, a in plays if _hold(p, unseen, pool, after) >= LEAD_HOLD]
            if not likely:
                return min(plays, key=lambda pa: _cheapness(pa[0], unseen, pool, others))[1]
            plays = likely
        return max(plays, key=lambda pa: _worth(pa[0], unseen, pool, after, others))[1]


def _hold(play: Play, unseen: Sequence[int], pool: int, after: Sequence[int]) -> float:
    """The chance that nobody in ``after`` (hand sizes) beats ``play``."""
    return 1.0 - beat_chance(play.index, unseen, pool, after)


def _kept(play: Play, unseen: Sequence[int], pool: int, others: Sequence[int]) -> float:
    """The summed chances that each card of ``play``, kept, would hold as a single later."""
    total = 0.0
    for card in play.cards:
        total += _hold(PLAY_BY_CARDS[(card,)], unseen, pool, others)
    return total


def _cheapness(
    play: Play, unseen: Sequence[int], pool: int, others: Sequence[int]
) -> tuple[int, float, int, int]:
    """The key of the lead given away when none is likely to hold: fewest cards, then the
    cards least likely to hold later, then the lowest."""
    return (play.size, _kept(play, unseen, pool, others), play.level, play.index)


def _worth(
    play: Play, unseen: Sequence[int], pool: int, after: Sequence[int], others: Sequence[int]
) -> tuple[float, int, int]:
    """``(expected worth, -level, -index)`` of a play: the key :meth:`choose` maximizes."""
    hold = _hold(play, unseen, pool, after)
    worth = play.size * (2.0 * hold - 1.0) + LEAD_WORTH * hold
    if hold < 1.0:
        worth -= (1.0 - hold) * KEEP_WEIGHT * _kept(play, unseen, pool, others)
    return (worth, -play.level, -play.index)
