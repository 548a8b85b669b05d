"""The protocols every game engine implements.

A game is a module-level object (see :mod:`cardavia.games.registry`) that deals a
state from a deck order; a state is an immutable value that enumerates the legal
actions of the seat to act and returns the next state plus the public events an
action caused. Only per-seat views leave the engine: the web page, the JSON API and
the AI players all get a :meth:`State.view`.

Forced actions (the seat to act has exactly one legal action) are applied by
:meth:`State.play_forced`, which each game implements on a fast path; records never
list them (records.md §1).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, Self, TypeVar


class Action(Protocol):
    """An action; ``str()`` is its canonical notation."""

    def __str__(self) -> str: ...


class Event(Protocol):
    """Something that happened at the table.

    ``seats`` is the set of seats allowed to see it: ``None`` means everyone (a
    public event); a private event (a sealed claim answer) names its one seat.
    """

    @property
    def seats(self) -> frozenset[int] | None: ...

    def to_json(self) -> dict[str, Any]: ...


class Outcome(Protocol):
    """The end of a deal, as typed data."""

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat that won (several in a Chuo Pai tie; none in a drawn deal)."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """One score per seat."""
        ...

    @property
    def is_draw(self) -> bool:
        """True when the deal has no sole winner (records.md: draw or tie)."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The result keys of a ``cardavia replay`` line (records.md §2)."""
        ...


A = TypeVar("A", bound=Action)
A_co = TypeVar("A_co", bound=Action, covariant=True)


class State(Protocol):
    """An immutable game state. Equal states compare equal."""

    @property
    def step(self) -> int:
        """How many actions (decisions and forced ones) led here."""
        ...

    @property
    def to_act(self) -> int | None:
        """The seat that must act now, or ``None`` once the deal is over."""
        ...

    @property
    def outcome(self) -> Outcome | None:
        """The result once the deal is over, else ``None``."""
        ...

    @property
    def history(self) -> tuple[Any, ...]:
        """Every public event of the deal so far, in order (views carry it)."""
        ...

    def legal_actions(self) -> tuple[Any, ...]:
        """Every legal action of :attr:`to_act`, sorted by code point of ``str()``."""
        ...

    def apply(self, action: Any) -> tuple[Self, tuple[Any, ...]]:
        """The next state and the events caused; raises ``IllegalActionError``."""
        ...

    def play_forced(self) -> tuple[Self, tuple[Any, ...], tuple[tuple[int, Any], ...]]:
        """Apply lone legal actions until a seat has a choice or the deal is over.

        Returns the state, the events, and the ``(seat, action)`` pairs applied.
        """
        ...

    def view(self, seat: int) -> Any:
        """Everything ``seat`` may see, and nothing more."""
        ...

    def card_places(self) -> Mapping[str, Sequence[Any]]:
        """Every card of the deck by place (for the conservation check)."""
        ...

    def shuffle_unseen(self, seat: int, rng: random.Random) -> Self:
        """The same state with the cards ``seat`` cannot see permuted among their places."""
        ...


class Game(Protocol):
    """A game's rules, as one object per game."""

    name: str
    """The record's ``game`` key: ``sisepai`` or ``chuopai``."""
    players: int
    first_key: str
    """The record key naming the first seat: ``dealer`` or ``leader``."""
    deck_description: str
    """What a valid deck holds, for error messages: "each of the 21 ... (84 cards)"."""

    def full_deck(self) -> tuple[Any, ...]:
        """Every card of the deck once, in canonical order."""
        ...

    def parse_card(self, text: str) -> Any:
        """A card from its code; raises ``NotationError`` naming the bad token."""
        ...

    def parse_action(self, text: str) -> Any:
        """An action from its notation; raises ``NotationError``."""
        ...

    def deal(self, deck: Sequence[Any], first: int) -> Any:
        """The state at the start of a deal dealt from ``deck`` (records.md §1)."""
        ...

    def shuffle(self, rng: random.Random) -> tuple[tuple[Any, ...], int]:
        """A shuffled deck and a random first seat, drawn from the caller's RNG."""
        ...
