"""Sì Sè Pái action notation (sisepai.md §8).

``pass``, ``win``, ``take <cards>`` and ``discard <card>``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from cardavia.cards.four_colour import CARDS, KINDS, Card
from cardavia.core.errors import NotationError

PASS_VERB, WIN_VERB, TAKE_VERB, DISCARD_VERB = "pass", "win", "take", "discard"
_USAGE = "write pass, win, take <cards> (like take yC yC yC) or discard <card>"


class Action(NamedTuple):
    """One action. ``str()`` is the canonical text; cards are kept in canonical order."""

    verb: str
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        text = _TEXT.get(self)
        if text is None:
            text = self.verb + "".join(" " + card.name for card in self.cards)
            if len(_TEXT) < 4096:  # every legal action is in a small finite set
                _TEXT[self] = text
        return text

    @classmethod
    def parse(cls, text: str) -> Action:
        """An action from its text (any white space, cards in any order)."""
        tokens = text.split()
        if not tokens:
            raise NotationError(f"an empty action: {_USAGE}")
        verb, codes = tokens[0], tokens[1:]
        if verb in (PASS_VERB, WIN_VERB):
            if codes:
                raise NotationError(f"{verb!r} takes no cards, but {text.strip()!r} names some")
            return PASS if verb == PASS_VERB else WIN
        if verb == TAKE_VERB:
            if not 1 <= len(codes) <= 4:
                raise NotationError(
                    f"{text.strip()!r}: take names the 1 to 4 cards of the new group, "
                    "the public card included (like take yC yC yC)"
                )
            return take(*(Card.parse(code) for code in codes))
        if verb == DISCARD_VERB:
            if len(codes) != 1:
                raise NotationError(f"{text.strip()!r}: discard names exactly one card")
            return discard(Card.parse(codes[0]))
        raise NotationError(f"{verb!r} is not an action: {_USAGE}")


PASS = Action(PASS_VERB)
WIN = Action(WIN_VERB)


_TEXT: dict[Action, str] = {}


def take(*cards: int) -> Action:
    """``take`` with the group's cards (the public card included)."""
    return _take(tuple(sorted(cards)))


@lru_cache(maxsize=4096)
def _take(cards: tuple[int, ...]) -> Action:
    return Action(TAKE_VERB, tuple(CARDS[card] for card in cards))


def discard(card: int) -> Action:
    """``discard`` of one concealed card."""
    return DISCARDS[card]


DISCARDS: tuple[Action, ...] = tuple(Action(DISCARD_VERB, (card,)) for card in CARDS)
DISCARD_ORDER: tuple[int, ...] = tuple(sorted(range(KINDS), key=lambda kind: CARDS[kind].name))
"""Card kinds in code-point order of their names: the order of discard actions."""
