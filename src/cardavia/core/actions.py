"""The one shape of an action in every game: a verb and the cards it names.

``str()`` is the canonical notation (records.md): the verb, then the cards in canonical
order, separated by single spaces (``take yC yC yC``, ``play 11 26``, ``pass``). Each
game subclasses :class:`CardAction` with its own verbs (a ``StrEnum``), card type and
parser; equal actions compare and hash equal whatever order their cards were given in.

An action is a tuple ``(verb, cards)`` underneath: equality, hashing and ``in`` on the
tuples of legal actions run at C speed, which the engines' hot loops rely on.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from functools import cached_property
from typing import Generic, NamedTuple, Self, TypeVar

VerbT = TypeVar("VerbT", bound=StrEnum)
CardT = TypeVar("CardT", bound=IntEnum)


class _Fields(NamedTuple, Generic[VerbT, CardT]):
    verb: VerbT
    cards: tuple[CardT, ...] = ()


class CardAction(_Fields[VerbT, CardT]):
    """A game action; immutable, with ``cards`` kept in canonical (int) order."""

    def __new__(cls, verb: VerbT, cards: tuple[CardT, ...] = ()) -> Self:
        # mypy cannot bind a NamedTuple's own __new__ to Self; the call itself is plain.
        return super().__new__(cls, verb, tuple(sorted(cards)))  # type: ignore[type-var]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"an action is immutable: {self}")

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({self.notation!r})"

    @cached_property
    def notation(self) -> str:
        """The canonical text (what ``str()`` gives), made once per action."""
        return " ".join((self.verb.value, *map(str, self.cards)))
