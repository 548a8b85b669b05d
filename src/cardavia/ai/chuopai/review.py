"""The Chuo Pai judge of :mod:`cardavia.ai.review`: ``strong``'s choice at one of the
seat's decisions, and both actions played out in worlds read from that view alone.

A playout counts as a win when the seat ends with the top score (a joint win
included, as the arena counts it)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import islice

from cardavia.ai.chuopai.hint import explain
from cardavia.ai.chuopai.strong import StrongPlayer, final_scores, play_index
from cardavia.ai.chuopai.worlds import weighed_worlds
from cardavia.ai.review import Judgement
from cardavia.games.chuopai.actions import Action
from cardavia.games.chuopai.view import ChuoPaiView


def judge(
    view: ChuoPaiView, legal: Sequence[Action], chosen: Action, rng: random.Random, worlds: int
) -> Judgement | None:
    """``None`` when ``strong`` agrees with ``chosen``; else the win chances of both."""
    suggested = StrongPlayer().choose(view, legal, rng)
    if suggested == chosen:
        return None
    wins = [0, 0]
    for hands in islice(weighed_worlds(view, worlds, rng), worlds):
        for k, action in enumerate((chosen, suggested)):
            scores = final_scores(view, play_index(action), list(hands))
            wins[k] += scores[view.seat] == max(scores)
    return Judgement(
        suggested, wins[0] / worlds, wins[1] / worlds, worlds, explain(view, legal, suggested)
    )
