"""A playout's estimate where it stops short of the deal's end: each seat's chance to win.

Every concealed hand's :func:`.evaluate.expected_wait` (public cards it should still need,
from that seat's own unseen counts) is read as the rate of a race: seat ``s`` wins first
with chance ``r_s / sum(r)``, ``r_s = 1 / wait_s``, and somebody wins before the stock
runs out with chance ``1 - exp(-draws * sum(r))``. Cheap and smooth where a finished
playout gives only a win or a loss.
"""

from __future__ import annotations

import math

from cardavia.ai.sisepai.evaluate import expected_wait
from cardavia.ai.sisepai.mimic import unseen_of
from cardavia.ai.sisepai.sim import Table
from cardavia.games.sisepai.seats import PLAYERS

SHORTEST_WAIT = 0.5
"""A ready hand's wait is never taken as shorter than this (its rate stays finite)."""


def win_chance(table: Table, seat: int) -> float:
    """``seat``'s chance to win the rest of the deal in ``table``'s position."""
    rates = []
    for s in range(PLAYERS):
        hand = table.hands[s]
        unseen = unseen_of(hand, table.seen)
        wait = expected_wait(hand, unseen, sum(unseen))
        rates.append(1.0 / max(wait, SHORTEST_WAIT))
    total = sum(rates)
    draws = len(table.stock) - table.top
    return rates[seat] / total * (1.0 - math.exp(-draws * total))
