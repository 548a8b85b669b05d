"""The playout policy: basic-level decisions cheap enough for thousands of playouts.

Every decision reads only the seat's packed hand and the public counts (``seen[k]``
copies of kind ``k`` exposed, dead or public), as a view gives them, so the same functions
drive the fast simulator (:mod:`.sim`) and the :class:`RolloutPlayer` that plays them
through the engine (which the tests use to prove the simulator follows the rules).

Claims: win when possible; take when the take and its best discard leave fewer
left-over cards than passing; a drawn General or flower is taken (the drawer must).
Discards: fewest left-over cards, then most claimable unseen cards kept, then the card
with the fewest unseen copies (the one least likely to pair up later), then the lowest.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardavia.ai.sisepai.evaluate import MIXED_WEIGHT, PART_TAKES
from cardavia.ai.sisepai.knowledge import public_counts
from cardavia.ai.sisepai.shape import BITS, PART_LEFTOVER, SOLDIER_LEFTOVER, leftover
from cardavia.cards.four_colour import FLOWER_BASE, SOLDIER
from cardavia.games.sisepai.actions import DISCARDABLE, PASS, WIN, Action, Verb, discard, take
from cardavia.games.sisepai.melds import pack, soldier_index
from cardavia.games.sisepai.view import SiSePaiView

DISCARD_KINDS: tuple[int, ...] = tuple(card for card in range(FLOWER_BASE) if DISCARDABLE[card])


_PART = (1 << 18) - 1


def _unseen(hand: int, seen: Sequence[int], card: int) -> int:
    """Copies of ``card`` (not a flower) that a seat holding ``hand`` cannot see."""
    return 4 - seen[card] - ((hand >> (3 * card)) & 7)


def _soldier_takes(rest: int, hand: int, seen: Sequence[int]) -> float:
    soldiers = [(rest >> (3 * (7 * c + SOLDIER))) & 7 for c in range(4)]
    total = float(sum(_unseen(hand, seen, 7 * c + SOLDIER) for c in range(4) if soldiers[c] >= 2))
    if sum(1 for n in soldiers if n) >= 2:
        total += MIXED_WEIGHT * sum(
            _unseen(hand, seen, 7 * c + SOLDIER) for c in range(4) if not soldiers[c]
        )
    return total


def _colour_takes(rest: int, hand: int, colour: int, seen: Sequence[int]) -> float:
    base = 7 * colour
    return sum(
        weight * _unseen(hand, seen, base + offset)
        for offset, weight in PART_TAKES[(rest >> (21 * colour)) & _PART]
    )


def leftovers_after_discard(hand: int) -> list[tuple[int, int]]:
    """``(left-over cards after, card)`` for every legal discard of a packed hand.

    Only the discarded card's colour part (or the soldiers) changes, so each option
    costs two table look-ups.
    """
    parts = [(hand >> (21 * colour)) & _PART for colour in range(4)]
    part_left = [PART_LEFTOVER[part] for part in parts]
    soldiers = soldier_index(hand)
    soldier_left = SOLDIER_LEFTOVER[soldiers]
    total = sum(part_left) + soldier_left
    options: list[tuple[int, int]] = []
    for card in DISCARD_KINDS:
        if not (hand >> (3 * card)) & 7:
            continue
        colour, character = divmod(card, 7)
        if character == SOLDIER:
            left = total - soldier_left + SOLDIER_LEFTOVER[soldiers - (1 << (3 * colour))]
        else:
            left = total - part_left[colour] + PART_LEFTOVER[parts[colour] - (1 << (3 * character))]
        options.append((left, card))
    return options


def best_discard(hand: int, seen: Sequence[int]) -> tuple[int, int]:
    """``(left-over cards after, card)`` of the policy's discard from a packed hand.

    Fewest left-over cards, then most claimable unseen cards kept (the count of
    :func:`evaluate.takeouts`, by colour part), then the card with fewest unseen
    copies. ``seen`` counts the public copies of each kind.
    """
    options = leftovers_after_discard(hand)
    fewest = min(left for left, _ in options)
    tied = [card for left, card in options if left == fewest]
    if len(tied) == 1:
        return fewest, tied[0]
    before: dict[int, float] = {}  # claimable cards kept now, per colour (4: soldiers)
    best_key = (1e9, 99, 99)
    best_card = -1
    for card in tied:
        rest = hand - BITS[card]
        if card % 7 == SOLDIER:
            if 4 not in before:
                before[4] = _soldier_takes(hand, hand, seen)
            change = _soldier_takes(rest, hand, seen) - before[4]
        else:
            colour = card // 7
            if colour not in before:
                before[colour] = _colour_takes(hand, hand, colour, seen)
            change = _colour_takes(rest, hand, colour, seen) - before[colour]
        key = (-change, _unseen(hand, seen, card), card)
        if key < best_key:
            best_key, best_card = key, card
    return fewest, best_card


def fewest_after_discard(hand: int) -> int:
    """The fewest left-over cards a packed hand can keep after one discard.

    Discarding a left-over card of a best grouping leaves one fewer, and no discard can
    do better (putting the card back adds at most one), so only a hand with none
    left over needs the search.
    """
    left = leftover(hand)
    if left:
        return left - 1
    return min(left for left, _ in leftovers_after_discard(hand))


def answer(hand: int, options: Sequence[tuple[int, ...]], may_pass: bool) -> tuple[int, ...] | None:
    """The group to take (cards from the hand, public card excluded), or ``None`` to pass.

    ``options`` lists the hand cards of each legal non-winning take; an empty tuple is
    a single (a drawn General or flower). Without ``may_pass`` one of them is taken.
    """
    if not options:
        return None
    best: tuple[int, ...] | None = None
    best_key: tuple[int, int, tuple[int, ...]] = (leftover(hand) if may_pass else 99, 0, ())
    for partners in options:
        rest = hand
        for partner in partners:
            rest -= BITS[partner]
        # Ties go to the bigger group, then the lower cards: independent of option order.
        key = (fewest_after_discard(rest), -len(partners), partners)
        if key[0] < best_key[0] or (best is not None and key < best_key):
            best, best_key = partners, key
    return best


class RolloutPlayer:
    """The playout policy as a :class:`~cardavia.ai.base.Player` (for tests and the arena)."""

    name = "rollout"

    def choose(self, view: SiSePaiView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The policy's action; deterministic (``rng`` is unused)."""
        if WIN in legal:
            return WIN
        hand = pack(view.hand)
        if legal[0].verb is Verb.DISCARD:
            return discard(best_discard(hand, public_counts(view))[1])
        card = view.public_card
        assert card is not None
        chosen = answer(hand, take_options(legal, card), PASS in legal)
        return PASS if chosen is None else take(card, *chosen)


def take_options(legal: Sequence[Action], card: int) -> list[tuple[int, ...]]:
    """The hand cards of every legal ``take`` of the public ``card`` (the form the fast
    answers take their options in)."""
    options = []
    for action in legal:
        if action.verb is Verb.TAKE:
            rest = [int(c) for c in action.cards]
            rest.remove(card)
            options.append(tuple(rest))
    return options
