"""The Sì Sè Pái playouts of the coach's verdict (:mod:`cardavia.ai.verdict`): actions
played out to the deal's end in the same worlds, read from the seat's view alone; and
:func:`as_asked`, the one view of a claim decision whoever asks about it, and when."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from cardavia.ai.sisepai.knowledge import public_counts
from cardavia.ai.sisepai.sim import Table
from cardavia.ai.sisepai.strong import play_action
from cardavia.ai.sisepai.worlds import sample_worlds
from cardavia.games.sisepai.actions import Action
from cardavia.games.sisepai.phase import Phase
from cardavia.games.sisepai.seats import PLAYERS
from cardavia.games.sisepai.view import SiSePaiView


def as_asked(view: SiSePaiView) -> SiSePaiView:
    """``view`` as the engine asks its seat: in a claim window where earlier seats are
    still to answer, the same view at the step when the seat's own turn to answer comes.

    At a table of people a seat may answer (and ask for a hint) before the engine asks
    it. Answers are sealed and every seat of the window answers once, one step each
    ([D8]): until its own turn nothing the seat can see changes but ``step`` and
    ``to_act``. The record holds the decision at its own turn, so the review and the
    replay viewer see this view; the verdict judges every view as asked, so that a hint
    given early is their opinion too. Any other view is returned as it is.
    """
    order = view.answering
    if (
        view.phase is not Phase.CLAIM
        or view.my_answer is not None
        or view.to_act not in order
        or view.seat not in order
    ):
        return view
    ahead = order.index(view.seat) - order.index(view.to_act)
    if ahead <= 0:
        return view
    return replace(view, step=view.step + ahead, to_act=view.seat)


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
