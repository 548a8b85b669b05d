"""A hand's worth: roughly how many more public cards until it wins.

The estimate chains two kinds of waiting. A hand that is not ready needs one take per
left-over card beyond the last (each take lets it discard one); a take needs a public
card it can claim, so the wait for each is ``unseen / takeouts``. A ready hand waits
``unseen / outs`` for a winning card, but may also improve first by a take (a hand
whose last lone card is discarded after a take becomes complete and waits on every
General and flower). Lower is better. Only counts of unseen cards go in, so the same
function serves a player reading its view and a playout reading a sampled world.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from cardavia.ai.sisepai.shape import BITS, leftover, waits
from cardavia.cards.four_colour import FLOWER_BASE, KINDS, SOLDIER

FINAL_OUTS = 3.0
"""Winning cards a hand typically waits on once it gets ready (a lone card's copies)."""
COMPLETE_OUTS = 6.0
"""Winning cards a hand typically waits on after improving by one more take."""
MIXED_WEIGHT = 0.5
"""Mixed groups are claimable only on some public cards (own draws, the previous seat's)."""
SELF_DRAW_WEIGHT = 0.25
"""A drawn General or flower is a free take for its drawer: one draw in four is ours."""


def _part_takes(counts: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """Claimable kinds of one colour's General…Cannon counts: ``(offset, weight)``.

    Pairs and triples (not Generals) claim their kind; two of a command or field group
    claim the third, on fewer public cards (:data:`MIXED_WEIGHT`).
    """
    takes = [(offset, 1.0) for offset in range(1, 6) if counts[offset] >= 2]
    for card, a, b in ((0, 1, 2), (1, 0, 2), (2, 0, 1), (3, 4, 5), (4, 3, 5), (5, 3, 4)):
        if counts[a] and counts[b] and not counts[card]:
            takes.append((card, MIXED_WEIGHT))
    return tuple(takes)


PART_TAKES: dict[int, tuple[tuple[int, float], ...]] = {
    sum(n << (3 * i) for i, n in enumerate(counts)): _part_takes(counts)
    for counts in product(range(5), repeat=6)
}
"""The claimable kinds of every colour part (General…Cannon counts, 3 bits each)."""
_PART = (1 << 18) - 1
_SOLDIERS = tuple(7 * colour + SOLDIER for colour in range(4))
_FREE_TAKES = (*range(0, KINDS, 7), *range(FLOWER_BASE, FLOWER_BASE + 5))
"""Generals and flowers: a drawn one is a free take for its drawer."""


def takeouts(hand: int, unseen: Sequence[int], free: float | None = None) -> float:
    """Unseen cards this hand could claim without winning (weighted by how often it may).

    ``free`` is :func:`free_takes` of ``unseen`` when the caller has it already (it does
    not depend on the hand).
    """
    total = free_takes(unseen) if free is None else free
    for group in range(5):
        total += group_takeouts(hand, group, unseen)
    return total


def group_takeouts(hand: int, group: int, unseen: Sequence[int]) -> float:
    """The part of :func:`takeouts` from one colour's General…Cannon (``group`` 0–3) or
    from the Soldiers (``group`` 4): a discard changes only its own card's part.

    Every term is a multiple of a quarter, so the parts add up exactly in any order.
    """
    total = 0.0
    if group < 4:
        base = 7 * group
        for offset, weight in PART_TAKES[(hand >> (21 * group)) & _PART]:
            total += weight * unseen[base + offset]
        return total
    present = 0
    missing = 0
    for kind in _SOLDIERS:
        copies = (hand >> (3 * kind)) & 7
        if copies >= 2:
            total += unseen[kind]
        if copies:
            present += 1
        else:
            missing += unseen[kind]
    if present >= 2:
        total += MIXED_WEIGHT * missing
    return total


def group_of(card: int) -> int:
    """The :func:`group_takeouts` part a (discardable) card belongs to."""
    return 4 if card % 7 == SOLDIER else card // 7


def free_takes(unseen: Sequence[int]) -> float:
    """The part of :func:`takeouts` that every hand shares: unseen Generals and flowers,
    one draw in four of which is the seat's own."""
    return SELF_DRAW_WEIGHT * float(sum(unseen[kind] for kind in _FREE_TAKES))


def expected_wait(
    hand: int, unseen: Sequence[int], total_unseen: int, free: float | None = None
) -> float:
    """Public cards the packed concealed ``hand`` should need to win (lower is better);
    ``free`` as in :func:`takeouts`."""
    return wait_of(hand, leftover(hand), takeouts(hand, unseen, free), unseen, total_unseen)


def wait_of(
    hand: int, left: int, take_rate: float, unseen: Sequence[int], total_unseen: int
) -> float:
    """:func:`expected_wait` given the hand's :func:`~.shape.leftover` and
    :func:`takeouts` (which a caller trying many discards updates part by part)."""
    pool = max(total_unseen, 1)
    if left <= 2:
        found = waits(hand)
        if found:
            win_cards = 0
            for card in found:  # unseen winning cards
                win_cards += unseen[card]
            rate = win_cards + take_rate
            if rate <= 0:
                return 10.0 * pool
            after = pool / max(win_cards, COMPLETE_OUTS)
            return pool / rate + (take_rate / rate) * after
    time = pool / FINAL_OUTS
    rate = take_rate
    for _ in range(left - 1 if left > 1 else 1):
        # Each take uses up claimable cards (two for a pair): the next comes slower.
        time += pool / (rate if rate > 0.5 else 0.5)
        rate -= 2.0
    return time


def without(hand: int, cards: Sequence[int]) -> int:
    """The packed hand less ``cards``."""
    for card in cards:
        hand -= BITS[card]
    return hand
