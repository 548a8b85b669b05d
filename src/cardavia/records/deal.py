"""A running deal: the current state plus the decisions that led to it.

This is the one game loop the arena, the web store and the tests share. It applies
forced actions itself and records only decisions, so its record always replays to
the same deal (records.md §1: a writer must never list a forced action).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar

from cardavia.core.errors import IllegalActionError
from cardavia.core.game import Action, Event, Game, State
from cardavia.records.format import Record

S = TypeVar("S", bound=State[Any, Any])
A = TypeVar("A", bound=Action)
C = TypeVar("C")


class Deal(Generic[S, A, C]):
    """One deal in progress, with its record: ``Deal[state, action, card]`` of its game."""

    def __init__(
        self,
        game: Game[S, A, C],
        deck: Sequence[C],
        first: int,
        meta: Mapping[str, Any] | None = None,
    ) -> None:
        self.game = game
        self.deck: tuple[C, ...] = tuple(deck)
        self.first = first
        self.meta: dict[str, Any] = dict(meta or {})
        self.decisions: list[tuple[int, str]] = []
        start = game.deal(self.deck, first)
        state, events, _ = start.play_forced()
        self.state: S = state
        # What the deal itself made public (the first draw, a starting bonus), then the
        # forced actions up to the first decision.
        self.opening_events: tuple[Event, ...] = (*start.history, *events)

    @property
    def over(self) -> bool:
        """True once the deal has ended."""
        return bool(self.state.to_act is None)

    def act(self, action: A | str) -> tuple[Event, ...]:
        """Apply the seat-to-act's decision, then every forced action after it.

        ``action`` may be an action object or its text. Returns the events caused.
        Raises ``IllegalActionError`` (or ``NotationError``) and changes nothing on
        bad input.
        """
        seat = self.state.to_act
        if seat is None:
            raise IllegalActionError("the deal is over")
        chosen = self.game.parse_action(action) if isinstance(action, str) else action
        state, events = self.state.apply(chosen)
        state, more, _ = state.play_forced()
        self.state = state
        self.decisions.append((seat, str(chosen)))
        return (*events, *more)

    def record(self) -> Record:
        """The record of the deal so far."""
        return Record(
            self.game.name,
            self.first,
            tuple(str(card) for card in self.deck),
            tuple([seat, text] for seat, text in self.decisions),
            self.meta,
        )


AnyDeal = Deal[Any, Any, Any]
"""A deal of a game chosen by name at run time."""
