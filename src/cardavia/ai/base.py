"""The one interface every AI player implements.

A player is a pure function of what its seat may see: the view (which carries the
public history of the deal), the legal actions, and an injected random generator.
It never receives the engine state, so it cannot see hidden cards, and it keeps no
memory between calls, so a restarted server decides exactly as the old one would.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from cardavia.core.game import Action, View

ViewT_contra = TypeVar("ViewT_contra", bound=View, contravariant=True)
ActionT = TypeVar("ActionT", bound=Action)


class Player(Protocol[ViewT_contra, ActionT]):
    """An AI player for one game: ``Player[its game's view, its game's action]``."""

    @property
    def name(self) -> str:
        """The registry name: ``random``, ``basic`` or ``strong``."""
        ...

    def choose(self, view: ViewT_contra, legal: Sequence[ActionT], rng: random.Random) -> ActionT:
        """One of ``legal`` (always two or more: forced actions never reach a player)."""
        ...


AnyPlayer = Player[Any, Any]
"""A player chosen by name at run time."""


@runtime_checkable
class Omniscient(Protocol[ViewT_contra, ActionT]):
    """An arena diagnostic that also reads the other seats' concealed cards.

    Not a player: no table ever seats one (the registry makes them for the arena only).
    It measures how far a search could go given the opponents' true hands.
    """

    @property
    def name(self) -> str:
        """The registry name (e.g. ``oracle``)."""
        ...

    def choose_seeing(
        self, view: ViewT_contra, state: Any, legal: Sequence[ActionT], rng: random.Random
    ) -> ActionT:
        """One of ``legal``; it may read the concealed hands of the engine ``state``
        (never the stock order: the diagnostic is about the opponents' hands)."""
        ...
