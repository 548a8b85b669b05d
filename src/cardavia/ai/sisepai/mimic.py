"""``basic``'s choices on packed hands and public counts: the opponents of a playout.

The search's playouts (:mod:`.sim`) must make the opponents play as they do at the
table. Against ``basic`` opponents that is ``basic`` itself, which the cheap playout
policy (:mod:`.rollout`) matches on only about two discards in three. These functions
rank the same answers and discards by the same :func:`.evaluate.expected_wait` as
:func:`.basic.rank_actions`, but from the packed hand and the public counts a playout
keeps, without building actions, and with table look-ups for every left-over count.
Ties (which ``basic`` breaks with its generator) go to ``pass``, then to the first
option. ``tests/ai/sisepai/test_mimic.py`` checks them against the basic player.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from operator import sub

from cardavia.ai.sisepai.evaluate import (
    expected_wait,
    free_takes,
    group_of,
    group_takeouts,
    wait_of,
)
from cardavia.ai.sisepai.knowledge import COPIES, public_counts
from cardavia.ai.sisepai.rollout import leftovers_after_discard, take_options
from cardavia.ai.sisepai.shape import BITS, PART_LEFTOVER, SOLDIER_LEFTOVER
from cardavia.cards.four_colour import FLOWER_BASE, GENERAL, SOLDIER
from cardavia.games.sisepai.actions import PASS, WIN, Action, Verb, discard, take
from cardavia.games.sisepai.melds import FLOWER_SHIFT, pack, soldier_index
from cardavia.games.sisepai.view import SiSePaiView

_SUIT_BITS = (1 << FLOWER_SHIFT) - 1
_PART = (1 << 18) - 1
_DISCARDABLE_CHARACTERS = tuple(c for c in range(SOLDIER) if c != GENERAL)
"""Advisor…Cannon: a colour part's cards that may be discarded (never a General)."""


def unseen_of(hand: int, seen: Sequence[int]) -> list[int]:
    """Copies of each kind that a seat holding ``hand`` cannot see, given the public
    counts ``seen`` (what :func:`.knowledge.unseen_counts` reads from a view)."""
    unseen = list(map(sub, COPIES, seen))
    suits = hand & _SUIT_BITS
    kind = 0
    while suits:  # only up to the hand's highest kind: most of a late hand is gone
        n = suits & 7
        if n:
            unseen[kind] -= n
        suits >>= 3
        kind += 1
    flowers = hand >> FLOWER_SHIFT
    for flower in range(5):
        if flowers >> flower & 1:
            unseen[FLOWER_BASE + flower] -= 1
    return unseen


def discard_choice(hand: int, seen: Sequence[int]) -> int:
    """The card ``basic`` discards from the packed ``hand`` (after a take)."""
    unseen = unseen_of(hand, seen)
    return _best_discard(hand, unseen, sum(unseen), free_takes(unseen))[1]


def _best_discard(hand: int, unseen: Sequence[int], pool: int, free: float) -> tuple[float, int]:
    """``(expected wait, card)`` of the best discard among the fewest left-over cards."""
    fewest, cards = fewest_discards(hand)
    parts = [group_takeouts(hand, group, unseen) for group in range(5)]
    rate = free + sum(parts)
    best = (1e18, -1)
    for card in cards:
        rest = hand - BITS[card]
        group = group_of(card)
        rest_rate = rate - parts[group] + group_takeouts(rest, group, unseen)
        score = wait_of(rest, fewest, rest_rate, unseen, pool)
        if score < best[0] - 1e-9:
            best = (score, card)
    return best


@lru_cache(maxsize=1 << 16)
def fewest_discards(hand: int) -> tuple[int, tuple[int, ...]]:
    """The fewest left-over cards one discard can leave, and the cards (in kind order)
    whose discard leaves that few.

    A hand with left-over cards leaves one fewer by discarding one of them, and no
    discard does better (:func:`.rollout.fewest_after_discard`); only the parts that
    hold left-over cards can give one, so only their cards are tried. Memoized (a pure
    function of the hand): every candidate of a decision meets the same worlds, so the
    opponents' hands of a playout come back, and about two calls in three are repeats.
    """
    parts = [(hand >> (21 * colour)) & _PART for colour in range(4)]
    part_left = [PART_LEFTOVER[part] for part in parts]
    soldiers = soldier_index(hand)
    soldier_left = SOLDIER_LEFTOVER[soldiers]
    total = sum(part_left) + soldier_left
    if total == 0:
        options = leftovers_after_discard(hand)
        fewest = min(left for left, _ in options)
        return fewest, tuple(card for left, card in options if left == fewest)
    cards: list[int] = []
    for colour in range(4):
        left = part_left[colour]
        if left:
            part = parts[colour]
            for character in _DISCARDABLE_CHARACTERS:
                bit = 1 << (3 * character)
                if (part >> (3 * character)) & 7 and PART_LEFTOVER[part - bit] == left - 1:
                    cards.append(7 * colour + character)
    if soldier_left:
        for colour in range(4):
            bit = 1 << (3 * colour)
            if (soldiers >> (3 * colour)) & 7 and SOLDIER_LEFTOVER[
                soldiers - bit
            ] == soldier_left - 1:
                cards.append(7 * colour + SOLDIER)
    cards.sort()
    return total - 1, tuple(cards)


def answer_choice(
    hand: int, seen: Sequence[int], options: Sequence[tuple[int, ...]], may_pass: bool
) -> tuple[int, ...] | None:
    """The take ``basic`` answers with (the hand cards of its group), or ``None`` to
    pass; ``options`` lists the hand cards of every legal non-winning take."""
    if not options:
        return None
    unseen = unseen_of(hand, seen)
    pool = sum(unseen)
    free = free_takes(unseen)
    best: tuple[int, ...] | None = None
    best_score = expected_wait(hand, unseen, pool, free) if may_pass else 1e18
    for partners in options:
        rest = hand
        for partner in partners:
            rest -= BITS[partner]
        score = _best_discard(rest, unseen, pool, free)[0]
        if score < best_score - 1e-9:
            best, best_score = partners, score
    if best is None and not may_pass:
        return options[0]
    return best


class MimicPlayer:
    """These functions as a :class:`~cardavia.ai.base.Player`: ``basic`` with its ties
    broken as the playouts break them (the tests play it through the engine)."""

    name = "mimic"

    def choose(self, view: SiSePaiView, legal: Sequence[Action], rng: random.Random) -> Action:
        """``basic``'s action, deterministic (``rng`` is unused)."""
        if WIN in legal:
            return WIN
        hand = pack(view.hand)
        seen = public_counts(view)
        if legal[0].verb is Verb.DISCARD:
            return discard(discard_choice(hand, seen))
        card = view.public_card
        assert card is not None
        chosen = answer_choice(hand, seen, take_options(legal, card), PASS in legal)
        return PASS if chosen is None else take(card, *chosen)
