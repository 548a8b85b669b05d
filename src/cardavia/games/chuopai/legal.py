"""Legal plays of a hand, from tables built once at import (chuopai.md §5, §6.3).

A hand is a packed count vector (:mod:`.hands`); a play is its index in
:data:`.plays.PLAYS`, and those indexes follow the code-point order of the notation, so
sorting a list of indexes sorts the actions as records.md asks.

Leading: every play lies inside one group of three fields, so a table per group maps
the group's 12 bits to the plays they allow; a lead is seven look-ups and a sort.
Answering: :data:`.plays.BEATERS` lists the candidates and one guarded subtraction per
candidate tells whether the hand holds it.
"""

from __future__ import annotations

from itertools import product

from cardavia.games.chuopai import hands as vec
from cardavia.games.chuopai.actions import PASS_INDEX
from cardavia.games.chuopai.plays import BEATERS, MAX_COPIES, PLAYS

VECTORS: tuple[int, ...] = tuple(vec.pack(play.cards) for play in PLAYS)
SIZES: tuple[int, ...] = tuple(play.size for play in PLAYS)
PASS_ONLY = (PASS_INDEX,)
_GUARDS = vec.GUARDS
_GROUP_MASK = (1 << vec.GROUP_BITS) - 1


def _group_table(number: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """The shift of group ``number`` and, for each value of its bits, the plays it holds."""
    group = vec.GROUPS[number]
    shift = vec.GROUP_BITS * number
    inside = [play.index for play in PLAYS if set(play.cards) <= set(group)]
    table: list[tuple[int, ...]] = [()] * (1 << vec.GROUP_BITS)
    for copies in product(range(MAX_COPIES + 1), repeat=len(group)):
        held = sum(n * vec.ONE[card] for card, n in zip(group, copies, strict=True))
        table[held >> shift] = tuple(i for i in inside if vec.contains(held, VECTORS[i]))
    return shift, tuple(table)


_LEAD_TABLES = tuple(_group_table(number) for number in range(len(vec.GROUPS)))


def lead_indexes(hand: int) -> tuple[int, ...]:
    """Indexes of every play that ``hand`` (a count vector) can lead, ascending."""
    out: list[int] = []
    for shift, table in _LEAD_TABLES:
        out += table[(hand >> shift) & _GROUP_MASK]
    out.sort()
    return tuple(out)


def answer_indexes(hand: int, top: int) -> tuple[int, ...]:
    """Indexes of every play in ``hand`` that beats play ``top``; ``(PASS_INDEX,)`` if none."""
    guarded = hand | _GUARDS
    found = [i for i in BEATERS[top] if (guarded - VECTORS[i]) & _GUARDS == _GUARDS]
    return tuple(found) if found else PASS_ONLY
