"""Sì Sè Pái action notation (sisepai.md §8).

``pass``, ``win``, ``take <cards>`` and ``discard <card>``.
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache

from cardavia.cards.four_colour import CARDS, KINDS, Card
from cardavia.core.actions import CardAction
from cardavia.core.errors import NotationError

_USAGE = "write pass, win, take <cards> (like take yC yC yC) or discard <card>"


class Verb(StrEnum):
    """The four Sì Sè Pái verbs."""

    PASS = "pass"
    WIN = "win"
    TAKE = "take"
    DISCARD = "discard"


class Action(CardAction[Verb, Card]):
    """One action. ``str()`` is the canonical text; cards are kept in canonical order."""

    @classmethod
    def parse(cls, text: str) -> Action:
        """An action from its text (any white space, cards in any order)."""
        tokens = text.split()
        if not tokens:
            raise NotationError(f"an empty action: {_USAGE}")
        verb, codes = tokens[0], tokens[1:]
        if verb in (Verb.PASS, Verb.WIN):
            if codes:
                raise NotationError(f"{verb!r} takes no cards, but {text.strip()!r} names some")
            return PASS if verb == Verb.PASS else WIN
        if verb == Verb.TAKE:
            if not 1 <= len(codes) <= 4:
                raise NotationError(
                    f"{text.strip()!r}: take names the 1 to 4 cards of the new group, "
                    "the public card included (like take yC yC yC)"
                )
            return take(*(Card.parse(code) for code in codes))
        if verb == Verb.DISCARD:
            if len(codes) != 1:
                raise NotationError(f"{text.strip()!r}: discard names exactly one card")
            return discard(Card.parse(codes[0]))
        raise NotationError(f"{verb!r} is not an action: {_USAGE}")


PASS = Action(Verb.PASS)
WIN = Action(Verb.WIN)


def take(*cards: int) -> Action:
    """``take`` with the group's cards (the public card included)."""
    return _take(tuple(sorted(cards)))


@lru_cache(maxsize=4096)
def _take(cards: tuple[int, ...]) -> Action:
    # Every legal take is one of a few hundred: the cache hands out one object each.
    return Action(Verb.TAKE, tuple(CARDS[card] for card in cards))


def discard(card: int) -> Action:
    """``discard`` of one concealed card."""
    return DISCARDS[card]


DISCARDABLE: tuple[bool, ...] = tuple(not (card.is_general or card.is_flower) for card in CARDS)
"""§5.4 Generals and flowers can never be discarded; every other card may be."""
DISCARDS: tuple[Action, ...] = tuple(Action(Verb.DISCARD, (card,)) for card in CARDS)
DISCARD_ORDER: tuple[int, ...] = tuple(sorted(range(KINDS), key=lambda kind: CARDS[kind].name))
"""Card kinds in code-point order of their names: the order of discard actions."""
