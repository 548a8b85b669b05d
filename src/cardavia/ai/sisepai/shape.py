"""How far a concealed hand is from winning, read from tables built at import.

A concealed card is *left over* when no legal group can hold it (pairs count as groups,
because a win may use pairs). Generals and flowers are never left over. A hand wins
when it is complete after one new card, so a hand with more than two left-over cards
cannot win on the next card; each take lets its owner discard one left-over card.

The hand splits like the win test in :mod:`cardavia.games.sisepai.melds`: four colour
parts (General…Cannon) and one soldier vector, each looked up in its own table.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

from cardavia.cards.four_colour import FLOWER_BASE
from cardavia.games.sisepai.melds import FLOWER_SHIFT, is_complete, kind_bit, soldier_index

_PART_MASK = (1 << 18) - 1
ALL_KINDS: tuple[int, ...] = tuple(range(FLOWER_BASE + 5))
BITS: tuple[int, ...] = tuple(kind_bit(card) for card in ALL_KINDS)


def _part_leftover(counts: tuple[int, ...]) -> int:
    """Fewest left-over cards of one colour's General…Cannon counts."""
    g, a, e, r, h, c = counts
    best = 99
    for command in range(min(g, a, e) + 1):
        for field in range(min(r, h, c) + 1):
            rest = (a - command, e - command, r - field, h - field, c - field)
            best = min(best, sum(1 for n in rest if n == 1))
    return best


def _soldier_leftover(counts: tuple[int, ...]) -> int:
    """Fewest left-over soldiers for the four soldier counts (red, yellow, white, green)."""
    best = sum(1 for n in counts if n == 1)
    present = [colour for colour in range(4) if counts[colour]]
    for width in (3, 4):
        for colours in combinations(present, width):
            left = tuple(n - (colour in colours) for colour, n in enumerate(counts))
            best = min(best, _soldier_leftover(left))
    return best


def _build_part_table() -> bytes:
    table = bytearray(1 << 18)
    for counts in product(range(5), repeat=6):
        table[sum(n << (3 * i) for i, n in enumerate(counts))] = _part_leftover(counts)
    return bytes(table)


def _build_soldier_table() -> bytes:
    table = bytearray(1 << 12)
    for counts in product(range(5), repeat=4):
        table[sum(n << (3 * i) for i, n in enumerate(counts))] = _soldier_leftover(counts)
    return bytes(table)


PART_LEFTOVER = _build_part_table()
SOLDIER_LEFTOVER = _build_soldier_table()


def leftover(hand: int) -> int:
    """Fewest cards of the packed ``hand`` that no group can hold."""
    part = PART_LEFTOVER
    return (
        part[hand & _PART_MASK]
        + part[(hand >> 21) & _PART_MASK]
        + part[(hand >> 42) & _PART_MASK]
        + part[(hand >> 63) & _PART_MASK]
        + SOLDIER_LEFTOVER[soldier_index(hand)]
    )


@lru_cache(maxsize=1 << 16)
def waits(hand: int) -> tuple[int, ...]:
    """Card kinds that would complete the packed ``hand`` (empty unless it is ready).

    One new card can absorb at most two left-over cards, so hands with three or more
    are skipped without testing. Memoized: a pure function of the hand, asked again and
    again by the playouts' opponents (:mod:`.mimic`).
    """
    if leftover(hand) > 2:
        return ()
    return tuple(card for card in ALL_KINDS if _fits(hand, card) and is_complete(hand + BITS[card]))


def _fits(hand: int, card: int) -> bool:
    """True when the hand has room for one more ``card`` (4 copies, 1 flower)."""
    if card >= FLOWER_BASE:
        return not (hand >> (FLOWER_SHIFT + card - FLOWER_BASE)) & 1
    return (hand >> (3 * card)) & 7 < 4
