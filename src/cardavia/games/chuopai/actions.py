"""Chuo Pai actions and their notation (chuopai.md §8): ``play <cards>`` and ``pass``.

An action is a value whose ``str()`` is the canonical notation (cards sorted by code);
the parser accepts the cards in any order and any white space between tokens. Verbs and
codes are case-sensitive. Parsing checks notation only: whether the cards form a play,
are held, or beat the table is the state's business (``IllegalActionError``).
"""

from __future__ import annotations

from enum import StrEnum
from functools import cached_property

from cardavia.cards.dominoes import Domino
from cardavia.core.actions import CardAction
from cardavia.core.errors import NotationError
from cardavia.games.chuopai.plays import PLAY_BY_CARDS, PLAYS, Play


class Verb(StrEnum):
    """The two Chuo Pai verbs."""

    PLAY = "play"
    PASS = "pass"


class Action(CardAction[Verb, Domino]):
    """``play <cards>`` (``cards`` non-empty) or ``pass`` (``cards == ()``)."""

    @cached_property
    def play(self) -> Play | None:
        """The pattern the cards form, or ``None`` for a pass or cards that form no play."""
        return PLAY_BY_CARDS.get(self.cards)

    @property
    def is_pass(self) -> bool:
        """True for ``pass``."""
        return self.verb is Verb.PASS

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action written ``text``; raises ``NotationError`` naming the bad token."""
        canonical = BY_TEXT.get(text)
        if canonical is not None:
            return canonical
        tokens = text.split()
        if not tokens:
            raise NotationError("an empty action: write 'play <cards>' or 'pass'")
        verb, rest = tokens[0], tokens[1:]
        if verb == Verb.PASS:
            if rest:
                raise NotationError(f"{text.strip()!r}: 'pass' takes no cards")
            return PASS
        if verb != Verb.PLAY:
            raise NotationError(
                f"{verb!r} is not a Chuo Pai action: write 'play <cards>' or 'pass'"
            )
        if not rest:
            raise NotationError("'play' needs at least one card, like 'play 36'")
        return play(*(Domino.parse(token) for token in rest))


def play(*cards: Domino) -> Action:
    """``play`` of these cards (any order); the engine's own object for every real play."""
    ordered = tuple(sorted(cards))
    known = BY_CARDS.get(ordered)
    return known if known is not None else Action(Verb.PLAY, ordered)


PASS = Action(Verb.PASS)
ACTIONS: tuple[Action, ...] = (*(Action(Verb.PLAY, p.cards) for p in PLAYS), PASS)
"""``ACTIONS[play.index]`` is the action of each play; the last one is ``pass``."""
PASS_INDEX = len(PLAYS)
BY_CARDS: dict[tuple[Domino, ...], Action] = {action.cards: action for action in ACTIONS[:-1]}
BY_TEXT: dict[str, Action] = {str(action): action for action in ACTIONS}
"""Canonical notation of every engine action: records and legal lists parse in one look-up."""
