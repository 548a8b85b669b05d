"""The estimate a stopped playout is worth: a chance, higher for the hand nearer a win."""

from __future__ import annotations

import random

from cardavia.ai.sisepai.leaf import win_chance
from cardavia.ai.sisepai.sim import HORIZON, Table
from cardavia.games.sisepai import GAME
from cardavia.games.sisepai.melds import pack


def stopped_tables(count: int, draws: int) -> list[Table]:
    rng = random.Random(31)
    tables = []
    while len(tables) < count:
        deck, dealer = GAME.shuffle(rng)
        hands = [pack(deck[20 * s : 20 * s + 20]) for s in range(4)]
        seen = [0] * 33
        seen[deck[80]] += 1
        table = Table(hands, deck[81:], seen, mimic=(True,) * 4)
        table.draws_left = draws
        if table.play(deck[80], dealer, True, None, None) == HORIZON:
            tables.append(table)
    return tables


def test_the_chances_are_probabilities_that_leave_room_for_a_drawn_deal() -> None:
    for table in stopped_tables(30, 10):
        chances = [win_chance(table, seat) for seat in range(4)]
        assert all(0.0 < chance < 1.0 for chance in chances)
        assert sum(chances) < 1.0


def test_the_estimate_favours_the_seat_that_goes_on_to_win() -> None:
    """Over many stopped playouts, the eventual winner had the higher estimate more
    often than not: the estimate carries the playout's information."""
    agree = total = 0
    for table in stopped_tables(150, 16):
        before = [win_chance(table, seat) for seat in range(4)]
        table.draws_left = 1 << 30
        winner = table.resume()
        if winner < 0:
            continue
        others = [before[s] for s in range(4) if s != winner]
        agree += sum(before[winner] > other for other in others)
        total += len(others)
    assert agree > 0.7 * total  # 0.5 for an estimate that knows nothing
