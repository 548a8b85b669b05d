"""The Sì Sè Pái judge of :mod:`cardavia.ai.review`: ``strong``'s choice at one of the
seat's decisions, and both actions played out in worlds read from that view alone."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardavia.ai.review import Judgement
from cardavia.ai.sisepai.hint import explain
from cardavia.ai.sisepai.knowledge import public_counts
from cardavia.ai.sisepai.sim import Table
from cardavia.ai.sisepai.strong import StrongPlayer, play_action
from cardavia.ai.sisepai.worlds import sample_worlds
from cardavia.games.sisepai.actions import Action
from cardavia.games.sisepai.seats import PLAYERS
from cardavia.games.sisepai.view import SiSePaiView


def judge(
    view: SiSePaiView, legal: Sequence[Action], chosen: Action, rng: random.Random, worlds: int
) -> Judgement | None:
    """``None`` when ``strong`` agrees with ``chosen``; else the win chances of both."""
    suggested = StrongPlayer().choose(view, legal, rng)
    if suggested == chosen:
        return None
    seen = public_counts(view)
    mimic = tuple(seat != view.seat for seat in range(PLAYERS))
    wins = [0, 0]
    for hands, stock in sample_worlds(view, worlds, rng):
        for k, action in enumerate((chosen, suggested)):
            table = Table(hands, stock, seen, mimic)
            wins[k] += play_action(table, view, action) == view.seat
    return Judgement(
        suggested, wins[0] / worlds, wins[1] / worlds, worlds, explain(view, legal, suggested)
    )
