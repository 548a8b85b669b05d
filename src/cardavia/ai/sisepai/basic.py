"""``basic``: sound hand-written Sì Sè Pái play within a few milliseconds.

It always wins when it may. Otherwise it compares every answer by the hand it leaves,
using :func:`evaluate.expected_wait` (left-over cards, claimable and winning cards
still unseen): a take is followed by its best discard, a pass keeps the hand. Forced
takes never reach it (the engine plays them). It knows only its view: its hand, the
exposed groups, the dead pile and the public card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardavia.ai.sisepai.evaluate import expected_wait, without
from cardavia.ai.sisepai.knowledge import unseen_counts
from cardavia.ai.sisepai.shape import BITS, leftover
from cardavia.cards.four_colour import FLOWER_BASE
from cardavia.games.sisepai.actions import DISCARDABLE, WIN, Action, Verb
from cardavia.games.sisepai.melds import pack
from cardavia.games.sisepai.view import SiSePaiView

UNRANKED = 1e9
"""The score of an action not worth estimating."""


class BasicPlayer:
    """Greedy play on a counted estimate of how soon each hand wins."""

    name = "basic"

    def choose(self, view: SiSePaiView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The answer or discard whose resulting hand should win soonest."""
        if WIN in legal:
            return WIN
        unseen = unseen_counts(view)
        ranked = rank_actions(pack(view.hand), legal, view.public_card, unseen)
        best = min(score for score, _ in ranked)
        choices = [action for score, action in ranked if score <= best + 1e-9]
        return choices[0] if len(choices) == 1 else rng.choice(choices)


def rank_actions(
    hand: int, legal: Sequence[Action], public: int | None, unseen: Sequence[int]
) -> list[tuple[float, Action]]:
    """``(expected wait, action)`` for every legal action but ``win``.

    Discards that leave more left-over cards than the fewest possible are ranked last
    without a full estimate: one more left-over card costs a whole take, which the
    estimate never makes up (and skipping them keeps the decision within budget).
    """
    pool = sum(unseen)
    ranked: list[tuple[float, Action]] = []
    discards = [action for action in legal if action.verb is Verb.DISCARD]
    if discards:
        fewest = min(leftover(without(hand, a.cards)) for a in discards)
        for action in discards:
            after = without(hand, action.cards)
            if leftover(after) > fewest:
                ranked.append((UNRANKED, action))
            else:
                ranked.append((expected_wait(after, unseen, pool), action))
        return ranked
    for action in legal:
        if action.verb is Verb.TAKE:
            partners = list(action.cards)
            partners.remove(public)  # type: ignore[arg-type]
            ranked.append((best_after_take(without(hand, partners), unseen, pool)[0], action))
        elif action != WIN:
            ranked.append((expected_wait(hand, unseen, pool), action))
    return ranked


def best_after_take(hand: int, unseen: Sequence[int], pool: int) -> tuple[float, int]:
    """The best ``(expected wait, discarded card)`` of a hand that must now discard."""
    options = [
        (leftover(hand - BITS[card]), card)
        for card in range(FLOWER_BASE)
        if (hand >> (3 * card)) & 7 and DISCARDABLE[card]
    ]
    fewest = min(left for left, _ in options)
    best = (UNRANKED, -1)
    for left, card in options:
        if left == fewest:
            score = expected_wait(hand - BITS[card], unseen, pool)
            if score < best[0]:
                best = (score, card)
    return best
