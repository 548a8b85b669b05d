"""What is still out, and how likely a play is to be beaten, from one seat's knowledge.

Every Chuo Pai card is dealt and every play is face up, so the cards a seat cannot see
are exactly the other hands. A play is beaten when a player still to act holds any
play of :data:`~cardavia.games.chuopai.plays.BEATERS`; the chance that an opponent
holding ``h`` of the ``u`` unseen cards holds ``c`` copies of a kind is hypergeometric.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import comb

from cardavia.cards.dominoes import DOMINOES
from cardavia.games.chuopai import hands as vec
from cardavia.games.chuopai.plays import BEATERS, PLAYS
from cardavia.games.chuopai.view import ChuoPaiView

KINDS = len(DOMINOES)
COPIES = 4
NEEDS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((int(card), play.cards.count(card)) for card in sorted(set(play.cards))) for play in PLAYS
)
"""For each play index, ``(kind, copies)`` of the cards it needs."""


def unseen_counts(view: ChuoPaiView) -> list[int]:
    """Copies of each kind held by the other seats (all cards are dealt)."""
    out = [COPIES] * KINDS
    for cards in (view.hand, view.gone, *view.piles):
        for card in cards:
            out[card] -= 1
    for _, action in view.round_plays:
        for card in action.cards:
            out[card] -= 1
    # Bonus cards are already in their piles: nothing else to remove.
    return out


def unseen_vector(view: ChuoPaiView) -> int:
    """The other hands' cards as one packed count vector (:mod:`~cardavia.games.chuopai.hands`)."""
    return sum(n * vec.ONE[card] for card, n in enumerate(unseen_counts(view)))


@lru_cache(maxsize=65536)
def holds_at_least(pool: int, copies: int, hand: int, need: int) -> float:
    """P(a random ``hand`` of ``pool`` unseen cards holds ``need`` of ``copies`` copies)."""
    if need <= 0:
        return 1.0
    if copies < need or hand < need or pool <= 0:
        return 0.0
    total = comb(pool, hand)
    found = sum(
        comb(copies, k) * comb(pool - copies, hand - k) for k in range(need, min(copies, hand) + 1)
    )
    return found / total


def beat_chance(play: int, unseen: Sequence[int], pool: int, hands: Sequence[int]) -> float:
    """Chance that some player holding one of ``hands`` (sizes) can beat play ``play``."""
    miss = 1.0
    for hand in hands:
        if hand <= 0:
            continue
        hand_miss = 1.0
        for beater in BEATERS[play]:
            p = 1.0
            for kind, need in NEEDS[beater]:
                p *= holds_at_least(pool, unseen[kind], hand, need)
                if p == 0.0:
                    break
            hand_miss *= 1.0 - p
        miss *= hand_miss
    return 1.0 - miss


def still_to_act(view: ChuoPaiView) -> list[int]:
    """Seats that act after ``view.seat`` in the current round and still hold cards."""
    leader = view.leader
    acted = {seat for seat, _ in view.round_plays}
    order = [(leader + i) % 3 for i in range(3)]
    after = order[order.index(view.seat) + 1 :]
    return [s for s in after if s not in acted and view.hand_sizes[s] > 0]
