"""Multisets of cards as packed count vectors: one int, four bits per code.

A hand of up to 4 copies of each of the 21 codes fits in 84 bits. Bit 3 of every field
is always 0 in a real multiset, so it can serve as a guard: ``(hand | GUARDS) - cards``
borrows from a field's guard bit exactly when that field of ``cards`` exceeds the hand's,
and never across fields. Containment is then one subtraction and one mask instead of a
loop over codes; removal is a plain subtraction. Ints are immutable and hashable, so
states built on them are cheap values.

The fields are not in card order: they come in seven groups of three codes, and each
special combination's key and two matching codes form one group. Every play then lies
inside one group, so :mod:`.legal` reads all the plays of a group with one shift and one
12-bit mask.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from cardavia.cards.dominoes import DOMINOES, Domino
from cardavia.games.chuopai.plays import COMBINATIONS

BITS = 4
MASK = (1 << BITS) - 1
GROUP_SIZE = 3
GROUP_BITS = BITS * GROUP_SIZE


def _groups() -> tuple[tuple[Domino, ...], ...]:
    combined = [(combo.key, *combo.matches) for combo in COMBINATIONS]
    taken = {card for group in combined for card in group}
    rest = [card for card in DOMINOES if card not in taken]
    singles = [tuple(rest[i : i + GROUP_SIZE]) for i in range(0, len(rest), GROUP_SIZE)]
    return (*combined, *singles)


GROUPS: tuple[tuple[Domino, ...], ...] = _groups()
"""The codes of each group of fields, lowest bits first."""
SHIFTS: tuple[int, ...] = tuple(
    BITS * position
    for _, position in sorted(
        (card, position) for position, card in enumerate(card for group in GROUPS for card in group)
    )
)
"""``SHIFTS[card]``: where ``card``'s field starts."""
GUARDS = sum(8 << shift for shift in SHIFTS)
ONE = tuple(1 << shift for shift in SHIFTS)
"""``ONE[card]``: the vector of a single ``card``."""
_BYTES = (BITS * len(DOMINOES) + 7) // 8
_LOW_NIBBLES = int("0f" * _BYTES, 16)
_BYTE_ONES = int("01" * _BYTES, 16)
_TOP_BYTE = 8 * (_BYTES - 1)


def pack(cards: Iterable[int]) -> int:
    """The count vector of ``cards`` (at most 7 copies of a code)."""
    return sum(map(ONE.__getitem__, cards))


def count(vector: int, card: int) -> int:
    """How many copies of ``card`` the vector holds."""
    return (vector >> SHIFTS[card]) & MASK


def counts(vector: int) -> tuple[int, ...]:
    """The 21 counts, indexed by card."""
    return tuple((vector >> shift) & MASK for shift in SHIFTS)


@lru_cache(maxsize=4096)
def unpack(vector: int) -> tuple[Domino, ...]:
    """The cards of the vector in canonical order.

    Cached: views, card places and checks unpack the same few vectors (piles, the
    cards gone, a hand between two of its plays) again and again.
    """
    out: list[Domino] = []
    for card, shift in zip(DOMINOES, SHIFTS, strict=True):
        out.extend((card,) * ((vector >> shift) & MASK))
    return tuple(out)


def size(vector: int) -> int:
    """How many cards the vector holds (at most 7 copies of a code)."""
    # Add neighbouring fields into bytes (each at most 14), then let one multiplication
    # sum all bytes into the top one; the total (at most 7 × 21) never carries out of it.
    pairs = (vector & _LOW_NIBBLES) + ((vector >> BITS) & _LOW_NIBBLES)
    return ((pairs * _BYTE_ONES) >> _TOP_BYTE) & 0xFF


def contains(vector: int, cards: int) -> bool:
    """True when every card of ``cards`` is in ``vector`` (as a multiset)."""
    return ((vector | GUARDS) - cards) & GUARDS == GUARDS
