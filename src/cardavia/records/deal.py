"""A running deal: the current state plus the decisions that led to it.

This is the one game loop the arena, the web store and the tests share. It applies
forced actions itself and records only decisions, so its record always replays to
the same deal (records.md §1: a writer must never list a forced action).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardavia.core.errors import IllegalActionError
from cardavia.records.format import Record


class Deal:
    """One deal in progress, with its record."""

    def __init__(
        self, game: Any, deck: tuple[Any, ...], first: int, meta: Mapping[str, Any] | None = None
    ) -> None:
        self.game = game
        self.deck = tuple(deck)
        self.first = first
        self.meta: dict[str, Any] = dict(meta or {})
        self.decisions: list[tuple[int, str]] = []
        start = game.deal(self.deck, first)
        state, events, _ = start.play_forced()
        self.state: Any = state
        # What the deal itself made public (the first draw, a starting bonus), then the
        # forced actions up to the first decision.
        self.opening_events: tuple[Any, ...] = (*start.history, *events)

    @property
    def over(self) -> bool:
        """True once the deal has ended."""
        return bool(self.state.to_act is None)

    def act(self, action: Any) -> tuple[Any, ...]:
        """Apply the seat-to-act's decision, then every forced action after it.

        ``action`` may be an action object or its text. Returns the events caused.
        Raises ``IllegalActionError`` (or ``NotationError``) and changes nothing on
        bad input.
        """
        seat = self.state.to_act
        if seat is None:
            raise IllegalActionError("the deal is over")
        if isinstance(action, str):
            action = self.game.parse_action(action)
        state, events = self.state.apply(action)
        state, more, _ = state.play_forced()
        self.state = state
        self.decisions.append((seat, str(action)))
        caused: tuple[Any, ...] = (*events, *more)
        return caused

    def record(self) -> Record:
        """The record of the deal so far."""
        return Record(
            self.game.name,
            self.first,
            tuple(str(card) for card in self.deck),
            tuple([seat, text] for seat, text in self.decisions),
            self.meta,
        )
