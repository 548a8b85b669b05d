"""The end of a Sì Sè Pái deal (sisepai.md §7)."""

from __future__ import annotations

from typing import Any, NamedTuple

from cardavia.cards.four_colour import Card
from cardavia.games.sisepai.seats import PLAYERS


class Outcome(NamedTuple):
    """A win (``winner``, ``score``, ``groups``) or a draw (``winner is None``)."""

    winner: int | None
    score: int = 0
    groups: tuple[tuple[Card, ...], ...] = ()

    @property
    def winners(self) -> tuple[int, ...]:
        return () if self.winner is None else (self.winner,)

    @property
    def scores(self) -> tuple[int, ...]:
        """Only the winner scores; everyone else (and everyone in a draw) has 0."""
        return tuple(self.score if seat == self.winner else 0 for seat in range(PLAYERS))

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def to_json(self) -> dict[str, Any]:
        """As a replay line reports it (records.md §2)."""
        if self.winner is None:
            return {"result": "draw"}
        return {
            "result": "win",
            "winner": self.winner,
            "score": self.score,
            "groups": [[str(card) for card in group] for group in self.groups],
        }
