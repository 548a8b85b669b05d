"""What happens at a Chuo Pai table, as typed data for the page and the AIs.

Every Chuo Pai event is public: plays are made face up, the starting bonus is shown,
and a pass gives up no card. ``seats`` is therefore always ``None``. ``to_json()`` gives
plain data with a ``type`` key; the page narrates events through its own translated
messages, never through engine strings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardavia.cards.dominoes import Domino
from cardavia.games.chuopai.actions import Action
from cardavia.games.chuopai.outcome import ChuoPaiOutcome


class PublicEvent:
    """Base of the Chuo Pai events: everyone sees them."""

    __slots__ = ()

    @property
    def seats(self) -> frozenset[int] | None:
        """``None``: the event is public."""
        return None


@dataclass(frozen=True, slots=True)
class Bonus(PublicEvent):
    """Starting bonus [D3]: a dealt hand with a 12 and a 24 scores all its 12s and 24s."""

    seat: int
    cards: tuple[Domino, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"type": "bonus", "seat": 1, "cards": ["12", "24"]}``."""
        return {"type": "bonus", "seat": self.seat, "cards": [str(card) for card in self.cards]}


@dataclass(frozen=True, slots=True)
class Lead(PublicEvent):
    """The leader opened a round with ``action``."""

    seat: int
    action: Action

    def to_json(self) -> dict[str, Any]:
        """``{"type": "lead", "seat": 0, "action": "play 36"}``."""
        return {"type": "lead", "seat": self.seat, "action": str(self.action)}


@dataclass(frozen=True, slots=True)
class Beat(PublicEvent):
    """``seat`` beat the current highest play with ``action``."""

    seat: int
    action: Action

    def to_json(self) -> dict[str, Any]:
        """``{"type": "beat", "seat": 1, "action": "play 44 44"}``."""
        return {"type": "beat", "seat": self.seat, "action": str(self.action)}


@dataclass(frozen=True, slots=True)
class Pass(PublicEvent):
    """``seat`` could not beat and passed."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        """``{"type": "pass", "seat": 2}``."""
        return {"type": "pass", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class RoundWon(PublicEvent):
    """``seat`` won the round; ``action``'s cards went to its score pile.

    ``next_leader`` is the seat that leads the next round, ``None`` when the deal ends.
    """

    seat: int
    action: Action
    next_leader: int | None

    def to_json(self) -> dict[str, Any]:
        """``{"type": "round_won", "seat": 1, "action": "play 44 44", "next_leader": 1}``."""
        return {
            "type": "round_won",
            "seat": self.seat,
            "action": str(self.action),
            "next_leader": self.next_leader,
        }


@dataclass(frozen=True, slots=True)
class DealOver(PublicEvent):
    """The deal ended [D1]: at most one player still holds cards."""

    outcome: ChuoPaiOutcome

    def to_json(self) -> dict[str, Any]:
        """``{"type": "deal_over", "result": "win", "winners": [2], "scores": [...]}``."""
        return {"type": "deal_over", **self.outcome.to_json()}


ChuoPaiEvent = Bonus | Lead | Beat | Pass | RoundWon | DealOver
