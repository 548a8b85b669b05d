"""The Chuo Pai playouts of the coach's verdict (:mod:`cardavia.ai.verdict`): actions
played out to the deal's end in the same worlds, read from the seat's view alone.

A playout counts as a win when the seat ends with the top score (a joint win
included, as the arena counts it)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import islice

from cardavia.ai.chuopai.strong import final_scores, play_index
from cardavia.ai.chuopai.worlds import weighed_worlds
from cardavia.games.chuopai.actions import Action
from cardavia.games.chuopai.view import ChuoPaiView


def as_asked(view: ChuoPaiView) -> ChuoPaiView:
    """``view`` itself: one Chuo Pai seat decides at a time, only when the engine asks it
    (the Sì Sè Pái counterpart moves an early claim answer's view to its own turn)."""
    return view


def playouts(
    view: ChuoPaiView, actions: Sequence[Action], rng: random.Random, worlds: int
) -> list[tuple[float, ...]]:
    """Per world (sampled with ``rng``), 1.0 or 0.0 for each of ``actions``: whether the
    seat tops the scores at the deal's end after it, every seat then playing the policy."""
    results = []
    for hands in islice(weighed_worlds(view, worlds, rng), worlds):
        row = []
        for action in actions:
            scores = final_scores(view, play_index(action), list(hands))
            row.append(1.0 if scores[view.seat] == max(scores) else 0.0)
        results.append(tuple(row))
    return results
