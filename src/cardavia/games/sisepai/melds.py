"""Legal groups, the win test and the best-score grouping (sisepai.md §3, §7).

A hand is a count vector packed into one int: 3 bits per kind (kind ``k`` at bit
``3k``, counts 0…4) and one bit per flower above them. Groups never mix colours
except soldier groups, so a hand splits into four independent colour parts
(General…Cannon) plus one soldier vector; both are looked up in tables built at
import by the same search that builds the groupings shown to players, so the fast
test and the slow, explaining path cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from functools import cache
from itertools import combinations, product

from cardavia.cards.four_colour import (
    ADVISOR,
    CANNON,
    CARDS,
    CHARIOT,
    ELEPHANT,
    FLOWER_BASE,
    GENERAL,
    HORSE,
    KINDS,
    SOLDIER,
    Card,
)

Group = tuple[Card, ...]

FLOWER_SHIFT = 3 * KINDS
"""Bit of flower F1 in a packed hand; F2…F5 follow."""
_COLOUR_BITS = 21
_PART_MASK = (1 << 18) - 1  # General…Cannon of one colour: 6 kinds × 3 bits
NO = 255
"""Table value of a part that cannot be grouped."""

IDENTICAL_SCORE = (0, -1, 0, 1, 2)
"""Score of n identical cards as one group; -1: a lone card cannot be grouped."""
FLOWER_SCORE = 3
GENERAL_SCORE = 1


def kind_bit(card: int) -> int:
    """The packed-hand increment of one ``card``."""
    return 1 << (FLOWER_SHIFT + card - FLOWER_BASE) if card >= FLOWER_BASE else 1 << (3 * card)


def pack(cards: Iterable[int]) -> int:
    """A packed hand holding ``cards``."""
    hand = 0
    for card in cards:
        hand += kind_bit(card)
    return hand


def count(hand: int, card: int) -> int:
    """How many copies of ``card`` the packed ``hand`` holds."""
    if card >= FLOWER_BASE:
        return (hand >> (FLOWER_SHIFT + card - FLOWER_BASE)) & 1
    return (hand >> (3 * card)) & 7


def unpack(hand: int) -> tuple[Card, ...]:
    """The cards of a packed hand, in canonical order."""
    cards: list[Card] = []
    for kind in range(KINDS):
        n = (hand >> (3 * kind)) & 7
        if n:
            cards += [CARDS[kind]] * n
    flowers = hand >> FLOWER_SHIFT
    for flower in range(5):
        if flowers >> flower & 1:
            cards.append(CARDS[FLOWER_BASE + flower])
    return tuple(cards)


_ONES = sum(1 << (3 * kind) for kind in range(KINDS))
"""The lowest bit of every kind's 3-bit count."""


def size(hand: int) -> int:
    """How many cards a packed hand holds."""
    # Each count is b0 + 2·b1 + 4·b2 of its 3 bits, so the total is three popcounts: a
    # loop over the 28 kinds was a quarter of a table action's time (every view counts
    # every hand).
    counts = hand & ((1 << FLOWER_SHIFT) - 1)
    return (
        (counts & _ONES).bit_count()
        + 2 * (counts & (_ONES << 1)).bit_count()
        + 4 * (counts & (_ONES << 2)).bit_count()
        + (hand >> FLOWER_SHIFT).bit_count()
    )


# --- one colour's General…Cannon part -------------------------------------------------


def _colour_part(counts: Sequence[int]) -> tuple[int, int, int] | None:
    """Best ``(score, command groups, field groups)`` for one colour's G…C counts.

    Generals left over are singles; Advisors, Elephants, Chariots, Horses and Cannons
    left over must form one identical group each (2–4 cards), never a lone card.
    """
    g, a, e, r, h, c = counts
    best: tuple[int, int, int] | None = None
    for command in range(min(g, a, e) + 1):
        rest_ae = IDENTICAL_SCORE[a - command], IDENTICAL_SCORE[e - command]
        if -1 in rest_ae:
            continue
        for field in range(min(r, h, c) + 1):
            rest_rhc = (
                IDENTICAL_SCORE[r - field],
                IDENTICAL_SCORE[h - field],
                IDENTICAL_SCORE[c - field],
            )
            if -1 in rest_rhc:
                continue
            score = command + field + (g - command) * GENERAL_SCORE + sum(rest_ae) + sum(rest_rhc)
            if best is None or score > best[0]:
                best = (score, command, field)
    return best


def _build_part_table() -> bytes:
    table = bytearray([NO]) * (1 << 18)
    for counts in product(range(5), repeat=6):
        found = _colour_part(counts)
        if found is not None:
            index = sum(n << (3 * i) for i, n in enumerate(counts))
            table[index] = found[0]
    return bytes(table)


# --- soldiers, the only groups that mix colours ------------------------------------------


@cache
def _soldiers(counts: tuple[int, int, int, int]) -> tuple[int, tuple[tuple[int, ...], ...]] | None:
    """Best ``(score, soldier groups as colour tuples)`` for the four soldier counts.

    What is left after the soldier groups must be identical groups of one colour.
    """
    rest = [IDENTICAL_SCORE[n] for n in counts]
    best: tuple[int, tuple[tuple[int, ...], ...]] | None = None
    if -1 not in rest:
        best = (sum(rest), ())
    present = [colour for colour in range(4) if counts[colour]]
    for width in (3, 4):
        for colours in combinations(present, width):
            # Canonical order of the groups (non-increasing) avoids re-exploring.
            left = tuple(n - (colour in colours) for colour, n in enumerate(counts))
            found = _soldiers(left)
            if found is None:
                continue
            score = found[0] + (1 if width == 3 else 2)
            if best is None or score > best[0]:
                best = (score, (colours, *found[1]))
    return best


def _build_soldier_table() -> bytes:
    table = bytearray([NO]) * (1 << 12)
    for counts in product(range(5), repeat=4):
        found = _soldiers(counts)
        if found is not None:
            table[sum(n << (3 * i) for i, n in enumerate(counts))] = found[0]
    return bytes(table)


PART_TABLE = _build_part_table()
SOLDIER_TABLE = _build_soldier_table()


def soldier_index(hand: int) -> int:
    """The four soldier counts of a packed hand, packed 3 bits each (red lowest)."""
    return (
        ((hand >> 18) & 7)
        | ((hand >> 36) & 0o70)
        | ((hand >> 54) & 0o700)
        | ((hand >> 72) & 0o7000)
    )


def is_complete(hand: int) -> bool:
    """True when every card of the packed ``hand`` belongs to a legal group.

    This is the win test: a handful of table look-ups, no search.
    """
    part = PART_TABLE
    if (
        part[hand & _PART_MASK] == NO
        or part[(hand >> 21) & _PART_MASK] == NO
        or part[(hand >> 42) & _PART_MASK] == NO
        or part[(hand >> 63) & _PART_MASK] == NO
    ):
        return False
    return (
        SOLDIER_TABLE[
            ((hand >> 18) & 7)
            | ((hand >> 36) & 0o70)
            | ((hand >> 54) & 0o700)
            | ((hand >> 72) & 0o7000)
        ]
        != NO
    )


def best_score(hand: int) -> int | None:
    """The best total of a packed hand grouped whole, or ``None`` if it cannot be."""
    total = 0
    for colour in range(4):
        score = PART_TABLE[(hand >> (_COLOUR_BITS * colour)) & _PART_MASK]
        if score == NO:
            return None
        total += score
    soldiers = SOLDIER_TABLE[soldier_index(hand)]
    if soldiers == NO:
        return None
    flowers = bin(hand >> FLOWER_SHIFT).count("1")
    return total + soldiers + FLOWER_SCORE * flowers


# --- groups as players see them ---------------------------------------------------------


def group_score(group: Sequence[int]) -> int:
    """The score of one legal group (sisepai.md §7.2 [D11])."""
    if len(group) == 1:
        return FLOWER_SCORE if group[0] >= FLOWER_BASE else GENERAL_SCORE
    return {2: 0, 3: 1, 4: 2}[len(group)]


class GroupKind(StrEnum):
    """The five kinds of legal group (sisepai.md §3); a pair is an identical group of 2."""

    SINGLE = "single"
    """One General or one flower."""
    IDENTICAL = "identical"
    """2, 3 or 4 cards of one colour and character, never Generals [D1]."""
    COMMAND = "command"
    """General, Advisor and Elephant of one colour."""
    FIELD = "field"
    """Chariot, Horse and Cannon of one colour."""
    SOLDIER = "soldier"
    """3 or 4 Soldiers of different colours."""


def group_kind(group: Sequence[int]) -> GroupKind | None:
    """The kind of legal group ``group`` is (any order), or ``None`` if it is none (§3)."""
    cards = sorted(group)
    n = len(cards)
    if n == 1:
        card = cards[0]
        return GroupKind.SINGLE if card >= FLOWER_BASE or card % 7 == GENERAL else None
    if any(card >= FLOWER_BASE for card in cards) or n > 4:
        return None
    colours = {card // 7 for card in cards}
    characters = [card % 7 for card in cards]
    if len(set(cards)) == 1:
        return GroupKind.IDENTICAL if characters[0] != GENERAL else None
    if n == 3 and len(colours) == 1:
        if characters == [GENERAL, ADVISOR, ELEPHANT]:
            return GroupKind.COMMAND
        if characters == [CHARIOT, HORSE, CANNON]:
            return GroupKind.FIELD
    if n >= 3 and set(characters) == {SOLDIER} and len(colours) == n:
        return GroupKind.SOLDIER
    return None


def best_grouping(cards: Iterable[int]) -> tuple[int, tuple[Group, ...]] | None:
    """A best-scoring grouping of ``cards`` whole: ``(total, groups)``, or ``None``.

    Groups are in canonical card order, listed colour by colour.
    """
    hand = pack(cards)
    groups: list[Group] = []
    total = 0
    for colour in range(4):
        base = 7 * colour
        counts = [count(hand, base + char) for char in range(SOLDIER)]
        found = _colour_part(counts)
        if found is None:
            return None
        score, command, field = found
        total += score
        g, a, e, r, h, c = counts
        cards_of = [CARDS[base + char] for char in range(SOLDIER)]
        groups += [(cards_of[GENERAL], cards_of[ADVISOR], cards_of[ELEPHANT])] * command
        groups += [(cards_of[CHARIOT], cards_of[HORSE], cards_of[CANNON])] * field
        groups += [(cards_of[GENERAL],)] * (g - command)
        for char, spare in (
            (ADVISOR, a - command),
            (ELEPHANT, e - command),
            (CHARIOT, r - field),
            (HORSE, h - field),
            (CANNON, c - field),
        ):
            if spare:
                groups.append((cards_of[char],) * spare)
    soldier_counts = tuple(count(hand, 7 * colour + SOLDIER) for colour in range(4))
    found_soldiers = _soldiers(
        (soldier_counts[0], soldier_counts[1], soldier_counts[2], soldier_counts[3])
    )
    if found_soldiers is None:
        return None
    score, mixed = found_soldiers
    total += score
    left = list(soldier_counts)
    for colours in mixed:
        groups.append(tuple(CARDS[7 * colour + SOLDIER] for colour in colours))
        for colour in colours:
            left[colour] -= 1
    for colour, n in enumerate(left):
        if n:
            groups.append((CARDS[7 * colour + SOLDIER],) * n)
    for flower in range(5):
        if hand >> (FLOWER_SHIFT + flower) & 1:
            groups.append((CARDS[FLOWER_BASE + flower],))
            total += FLOWER_SCORE
    return total, tuple(groups)
