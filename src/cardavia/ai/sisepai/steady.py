"""``steady``: a sound Sì Sè Pái player for the arena that values hands unlike ``basic``.

An arena player only (:data:`cardavia.ai.registry.ARENA_PLAYERS`): a different opponent
for the line-ups that measure ``strong`` (whose playouts assume ``basic`` everywhere),
never a level offered to a person.

``basic`` estimates how many public cards a hand should wait (:mod:`.evaluate`: the
cards it could *claim*, chained into a wait). ``steady`` never estimates a wait. Among
the answers that leave the fewest left-over cards (one more left-over card costs a whole
take), it keeps the hand with the most :func:`value`:

- *winning outs*: unseen copies of the cards that complete a ready hand, weighted
  :data:`WIN_WEIGHT`;
- *flexibility*: unseen copies of every card that would fit the hand without a new
  left-over card (a pair's third, a lone card's twin, a partial group's missing card),
  whether or not a claim could ever bring it;
- and, for a discard, how *dead* the card is: the fewer copies still unseen, the less a
  kept copy could grow and the less another seat can claim it (:data:`DEAD_WEIGHT`).

It takes a claim only when the take and its best discard leave fewer left-over cards
than passing, or as many and a higher :func:`value`. It always wins when it may. Ties
are broken by the decision's generator, so it is deterministic given it. Which groups
are legal comes from the engine only (:mod:`cardavia.games.sisepai.melds`, through
:mod:`.shape`), and it reads nothing but its view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardavia.ai.sisepai.evaluate import without
from cardavia.ai.sisepai.knowledge import unseen_counts
from cardavia.ai.sisepai.shape import BITS, leftover, waits
from cardavia.cards.four_colour import FLOWER_BASE
from cardavia.games.sisepai.actions import DISCARDABLE, WIN, Action, Verb
from cardavia.games.sisepai.melds import pack
from cardavia.games.sisepai.view import SiSePaiView

WIN_WEIGHT = 3.0
"""A winning out is worth this many fitting cards: it ends the deal, a fit only helps."""
DEAD_WEIGHT = 0.5
"""What one unseen copy of a discarded card costs the discard (a live card is kept)."""
_FITTING = tuple(card for card in range(FLOWER_BASE) if DISCARDABLE[card])
"""Generals and flowers never make a left-over card, so they say nothing of a hand's shape."""


class SteadyPlayer:
    """Fewest left-over cards, then the most winning outs and fitting unseen cards."""

    name = "steady"

    def choose(self, view: SiSePaiView, legal: Sequence[Action], rng: random.Random) -> Action:
        """``win`` when legal; else the answer or discard whose hand ranks first."""
        if WIN in legal:
            return WIN
        hand = pack(view.hand)
        unseen = unseen_counts(view)
        scored = [(_rank(hand, action, view.public_card, unseen), action) for action in legal]
        best = max(rank for rank, _ in scored)
        choices = [action for rank, action in scored if rank == best]
        return choices[0] if len(choices) == 1 else rng.choice(choices)


def value(hand: int, unseen: Sequence[int]) -> float:
    """How well the packed concealed ``hand`` stands, higher better (its left-over count
    aside): :data:`WIN_WEIGHT` per unseen winning card, one per unseen fitting card."""
    left = leftover(hand)
    total = 0.0
    if left <= 2:
        for card in waits(hand):
            total += WIN_WEIGHT * unseen[card]
    for card in _FITTING:
        if unseen[card] and (hand >> (3 * card)) & 7 < 4 and leftover(hand + BITS[card]) <= left:
            total += unseen[card]
    return total


def best_discard(hand: int, unseen: Sequence[int]) -> tuple[int, float, int]:
    """``(left-over cards, value, card)`` of the best discard from a hand that must discard."""
    options = [(leftover(hand - BITS[card]), card) for card in _FITTING if (hand >> (3 * card)) & 7]
    fewest = min(left for left, _ in options)
    best = (fewest, float("-inf"), -1)
    for left, card in options:
        if left == fewest:
            score = value(hand - BITS[card], unseen) - DEAD_WEIGHT * unseen[card]
            if score > best[1]:
                best = (fewest, score, card)
    return best


def _rank(
    hand: int, action: Action, public: int | None, unseen: Sequence[int]
) -> tuple[int, float]:
    """``(-left-over cards, value)`` of the hand an action leaves (higher ranks first)."""
    if action.verb is Verb.DISCARD:
        (card,) = action.cards
        after = hand - BITS[card]
        return (-leftover(after), value(after, unseen) - DEAD_WEIGHT * unseen[card])
    if action.verb is Verb.TAKE:
        partners = list(action.cards)
        partners.remove(public)  # type: ignore[arg-type]
        left, score, _ = best_discard(without(hand, partners), unseen)
        return (-left, score)
    # pass: the hand stays as it is.
    return (-leftover(hand), value(hand, unseen))
