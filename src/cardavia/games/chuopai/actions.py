"""Chuo Pai actions and their notation (chuopai.md §8): ``play <cards>`` and ``pass``.

An action is a value whose ``str()`` is the canonical notation (cards sorted by code);
the parser accepts the cards in any order and any white space between tokens. Verbs and
codes are case-sensitive. Parsing checks notation only: whether the cards form a play,
are held, or beat the table is the state's business (``IllegalActionError``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardavia.cards.dominoes import Domino, format_cards
from cardavia.core.errors import NotationError
from cardavia.games.chuopai.plays import PLAY_BY_CARDS, PLAYS, Play

PLAY_VERB = "play"
PASS_VERB = "pass"


@dataclass(frozen=True, slots=True)
class Action:
    """``play <cards>`` (``cards`` non-empty) or ``pass`` (``cards == ()``).

    ``cards`` is kept in canonical order whatever order it is given in, so equal actions
    compare equal. ``play`` is the pattern the cards form, or ``None`` for a pass or for
    cards that form no play.
    """

    cards: tuple[Domino, ...]
    play: Play | None = field(init=False, compare=False, repr=False)
    _text: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        cards = tuple(sorted(Domino(card) for card in self.cards))
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "play", PLAY_BY_CARDS.get(cards))
        text = f"{PLAY_VERB} {format_cards(cards)}" if cards else PASS_VERB
        object.__setattr__(self, "_text", text)

    @property
    def is_pass(self) -> bool:
        """True for ``pass``."""
        return not self.cards

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

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
        if verb == PASS_VERB:
            if rest:
                raise NotationError(f"{text.strip()!r}: 'pass' takes no cards")
            return PASS
        if verb != PLAY_VERB:
            raise NotationError(
                f"{verb!r} is not a Chuo Pai action: write 'play <cards>' or 'pass'"
            )
        if not rest:
            raise NotationError("'play' needs at least one card, like 'play 36'")
        cards = tuple(sorted(Domino.parse(token) for token in rest))
        known = BY_CARDS.get(cards)
        return known if known is not None else cls(cards)


PASS = Action(())
ACTIONS: tuple[Action, ...] = (*(Action(play.cards) for play in PLAYS), PASS)
"""``ACTIONS[play.index]`` is the action of each play; the last one is ``pass``."""
PASS_INDEX = len(PLAYS)
BY_CARDS: dict[tuple[Domino, ...], Action] = {action.cards: action for action in ACTIONS}
BY_TEXT: dict[str, Action] = {str(action): action for action in ACTIONS}
"""Canonical notation of every engine action: records and legal lists parse in one look-up."""
