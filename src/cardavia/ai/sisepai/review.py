"""The Sì Sè Pái playouts of the coach's verdict (:mod:`cardavia.ai.verdict`): actions
played out to the deal's end in the same worlds, read from the seat's view alone."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardavia.ai.sisepai.knowledge import public_counts
from cardavia.ai.sisepai.sim import Table
from cardavia.ai.sisepai.strong import play_action
from cardavia.ai.sisepai.worlds import sample_worlds
from cardavia.games.sisepai.actions import Action
from cardavia.games.sisepai.seats import PLAYERS
from cardavia.games.sisepai.view import SiSePaiView


def playouts(
    view: SiSePaiView, actions: Sequence[Action], rng: random.Random, worlds: int
) -> list[tuple[float, ...]]:
    """Per world (sampled with ``rng``), 1.0 or 0.0 for each of ``actions``: whether the
    seat wins the deal after it, the opponents playing as ``basic``, itself as the
    playout policy."""
    seen = public_counts(view)
    mimic = tuple(seat != view.seat for seat in range(PLAYERS))
    results = []
    for hands, stock in sample_worlds(view, worlds, rng):
        row = []
        for action in actions:
            table = Table(hands, stock, seen, mimic)
            row.append(1.0 if play_action(table, view, action) == view.seat else 0.0)
        results.append(tuple(row))
    return results
