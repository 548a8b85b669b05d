"""The end of a Chuo Pai deal: scores and (joint) winners (chuopai.md §7)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class ChuoPaiOutcome:
    """One score per seat: the number of cards in its score pile, bonus cards included."""

    scores: tuple[int, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat with the top score; [D2] several seats tied at the top all win."""
        top = max(self.scores)
        return tuple(seat for seat, score in enumerate(self.scores) if score == top)

    @property
    def is_draw(self) -> bool:
        """True when the top score is shared (records.md calls this a tie)."""
        return len(self.winners) > 1

    def to_json(self) -> dict[str, Any]:
        """The result keys of a replay line: ``{"result": "win", "winners": [2], ...}``."""
        return {
            "result": "tie" if self.is_draw else "win",
            "winners": list(self.winners),
            "scores": list(self.scores),
        }
