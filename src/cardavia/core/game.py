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
    """An action (:class:`cardavia.core.actions.CardAction`): a verb and its cards;
    ``str()`` is its canonical notation."""

    @property
    def verb(self) -> str: ...

    @property
    def cards(self) -> tuple[Any, ...]: ...

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


class View(Protocol):
    """What one seat may see (and nothing more): the only thing that leaves an engine."""

    @property
    def seat(self) -> int: ...

    @property
    def step(self) -> int: ...

    @property
    def history(self) -> tuple[Event, ...]: ...

    def to_json(self) -> dict[str, Any]: ...


ActionT = TypeVar("ActionT", bound=Action)
ActionT_co = TypeVar("ActionT_co", bound=Action, covariant=True)
ViewT_co = TypeVar("ViewT_co", bound=View, covariant=True)
CardT = TypeVar("CardT")
StateT_co = TypeVar("StateT_co", bound="State[Any, Any]", covariant=True)


class State(Protocol[ActionT, ViewT_co]):
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
    def history(self) -> tuple[Event, ...]:
        """Every public event of the deal so far, in order (views carry it)."""
        ...

    def legal_actions(self) -> tuple[ActionT, ...]:
        """Every legal action of :attr:`to_act`, sorted by code point of ``str()``."""
        ...

    def apply(self, action: ActionT) -> tuple[Self, tuple[Event, ...]]:
        """The next state and the events caused; raises ``IllegalActionError``."""
        ...

    def deciders(self) -> tuple[tuple[int, tuple[ActionT, ...]], ...]:
        """Every seat whose decision is open now, in the order the engine will ask for
        it, each with its legal actions: the seat to act first (with
        :meth:`legal_actions`); then, where the rules let later seats decide without
        seeing the earlier seats' choices (Sì Sè Pái's sealed claim answers, [D8]),
        each later seat still to answer, whose options no earlier answer can change.
        Empty once the deal is over. A seat with one option will be played for it."""
        ...

    def play_forced(self) -> tuple[Self, tuple[Event, ...], tuple[tuple[int, ActionT], ...]]:
        """Apply lone legal actions until a seat has a choice or the deal is over.

        Returns the state, the events, and the ``(seat, action)`` pairs applied.
        """
        ...

    def view(self, seat: int) -> ViewT_co:
        """Everything ``seat`` may see, and nothing more."""
        ...

    def card_places(self) -> Mapping[str, Sequence[object]]:
        """Every card of the deck by place (for the conservation check)."""
        ...

    def shuffle_unseen(self, seat: int, rng: random.Random) -> Self:
        """The same state with the cards ``seat`` cannot see permuted among their places."""
        ...


class Game(Protocol[StateT_co, ActionT_co, CardT]):
    """A game's rules, as one object per game: ``Game[its state, its action, its card]``."""

    @property
    def name(self) -> str:
        """The record's ``game`` key: ``sisepai`` or ``chuopai``."""
        ...

    @property
    def players(self) -> int:
        """How many seats the table has (the one place each game says it)."""
        ...

    @property
    def first_key(self) -> str:
        """The record key naming the first seat: ``dealer`` or ``leader``."""
        ...

    @property
    def deck_description(self) -> str:
        """What a valid deck holds, for error messages: "each of the 21 ... (84 cards)"."""
        ...

    def full_deck(self) -> tuple[CardT, ...]:
        """Every card of the deck once, in canonical order."""
        ...

    def parse_card(self, text: str) -> CardT:
        """A card from its code; raises ``NotationError`` naming the bad token."""
        ...

    def parse_action(self, text: str) -> ActionT_co:
        """An action from its notation; raises ``NotationError``."""
        ...

    def deal(self, deck: Sequence[CardT], first: int) -> StateT_co:
        """The state at the start of a deal dealt from ``deck`` (records.md §1)."""
        ...

    def shuffle(self, rng: random.Random) -> tuple[tuple[CardT, ...], int]:
        """A shuffled deck and a random first seat, drawn from the caller's RNG."""
        ...


AnyGame = Game[Any, Any, Any]
"""A game whose engine types are not known statically (chosen by name at run time)."""
