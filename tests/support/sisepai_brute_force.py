"""An independent, naive grouper used only to check the table-based one.

It enumerates every legal group containing the lowest remaining card, straight from
the wording of sisepai.md §3 and §7.2, with no tables and no per-colour split.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from cardavia.cards.four_colour import FLOWER_BASE

GENERAL, ADVISOR, ELEPHANT, CHARIOT, HORSE, CANNON, SOLDIER = range(7)


def _groups_with(card: int, left: Counter[int]) -> list[tuple[int, ...]]:
    if card >= FLOWER_BASE:
        return [(card,)]
    colour, character = divmod(card, 7)
    found: list[tuple[int, ...]] = []
    if character == GENERAL:
        found.append((card,))
    else:
        found += [(card,) * n for n in (2, 3, 4) if left[card] >= n]
    base = 7 * colour
    for trio in ((GENERAL, ADVISOR, ELEPHANT), (CHARIOT, HORSE, CANNON)):
        if character in trio and all(left[base + c] >= 1 for c in trio):
            found.append(tuple(base + c for c in trio))
    if character == SOLDIER:
        others = [7 * c + SOLDIER for c in range(4) if c != colour and left[7 * c + SOLDIER]]
        for mask in range(1, 1 << len(others)):
            chosen = [others[i] for i in range(len(others)) if mask >> i & 1]
            if len(chosen) in (2, 3):
                found.append((card, *chosen))
    return found


def _score(group: tuple[int, ...]) -> int:
    if len(group) == 1:
        return 3 if group[0] >= FLOWER_BASE else 1
    return {2: 0, 3: 1, 4: 2}[len(group)]


def best(cards: tuple[int, ...]) -> int | None:
    """The best total of ``cards`` grouped whole, or ``None`` when they cannot be."""
    return _best(tuple(sorted(cards)))


@lru_cache(maxsize=200_000)
def _best(cards: tuple[int, ...]) -> int | None:
    if not cards:
        return 0
    left = Counter(cards)
    card = cards[0]
    result: int | None = None
    for group in _groups_with(card, left):
        rest = left.copy()
        rest.subtract(group)
        sub = _best(tuple(sorted(rest.elements())))
        if sub is not None and (result is None or sub + _score(group) > result):
            result = sub + _score(group)
    return result
