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

from cardavia.ai.sisepai.shape import BITS, leftover, waits
from cardavia.cards.four_colour import FLOWER_BASE, GENERAL, KINDS, SOLDIER

FINAL_OUTS = 3.0
"""Winning cards a hand typically waits on once it gets ready (a lone card's copies)."""
COMPLETE_OUTS = 6.0
"""Winning cards a hand typically waits on after improving by one more take."""
MIXED_WEIGHT = 0.5
"""Mixed groups are claimable only on some public cards (own draws, the previous seat's)."""
SELF_DRAW_WEIGHT = 0.25
"""A drawn General or flower is a free take for its drawer: one draw in four is ours."""

_MIXED_NEEDS: tuple[tuple[int, int, int], ...] = tuple(
    (base + x, base + y, base + z)
    for base in range(0, KINDS, 7)
    for x, y, z in ((0, 1, 2), (1, 0, 2), (2, 0, 1), (3, 4, 5), (4, 3, 5), (5, 3, 4))
)
"""(card, partner, partner) for every command and field group: the card completes them."""


def takeouts(hand: int, unseen: Sequence[int]) -> float:
    """Unseen cards this hand could claim without winning (weighted by how often it may)."""
    total = 0.0
    for kind in range(KINDS):
        if (hand >> (3 * kind)) & 7 >= 2 and kind % 7 != GENERAL:
            total += unseen[kind]
    mixed = 0
    for card, a, b in _MIXED_NEEDS:
        if (hand >> (3 * a)) & 7 and (hand >> (3 * b)) & 7 and not (hand >> (3 * card)) & 7:
            mixed += unseen[card]
    soldiers = [(hand >> (3 * (7 * c + SOLDIER))) & 7 for c in range(4)]
    if sum(1 for n in soldiers if n) >= 2:
        mixed += sum(unseen[7 * c + SOLDIER] for c in range(4) if not soldiers[c])
    total += MIXED_WEIGHT * mixed
    generals_flowers = sum(unseen[kind] for kind in range(0, KINDS, 7))
    generals_flowers += sum(unseen[FLOWER_BASE : FLOWER_BASE + 5])
    return total + SELF_DRAW_WEIGHT * generals_flowers


def outs(hand: int, unseen: Sequence[int]) -> tuple[int, int]:
    """``(winning kinds, unseen winning cards)`` of a hand."""
    found = waits(hand)
    return len(found), sum(unseen[card] for card in found)


def expected_wait(hand: int, unseen: Sequence[int], total_unseen: int) -> float:
    """Public cards the packed concealed ``hand`` should need to win (lower is better)."""
    pool = max(total_unseen, 1)
    left = leftover(hand)
    take_rate = takeouts(hand, unseen)
    if left <= 2:
        kinds, win_cards = outs(hand, unseen)
        if kinds:
            rate = win_cards + take_rate
            if rate <= 0:
                return 10.0 * pool
            after = pool / max(win_cards, COMPLETE_OUTS)
            return pool / rate + (take_rate / rate) * after
    time = pool / FINAL_OUTS
    for i in range(max(left - 1, 1)):
        time += pool / max(take_rate - 2.0 * i, 0.5)
    return time


def without(hand: int, cards: Sequence[int]) -> int:
    """The packed hand less ``cards``."""
    for card in cards:
        hand -= BITS[card]
    return hand
