"""What happens at a Sì Sè Pái table, as typed events.

Events are public (``seats is None``) except a seat's own claim answer, which is
sealed (sisepai.md [D8]): only that seat ever sees it during the deal.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from cardavia.cards.four_colour import Card
from cardavia.games.sisepai.actions import Action


class Drew(NamedTuple):
    """``seat`` turned the top stock card face up."""

    seat: int
    card: Card
    stock_left: int

    @property
    def seats(self) -> frozenset[int] | None:
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "drew",
            "seat": self.seat,
            "card": str(self.card),
            "stock_left": self.stock_left,
        }


class Answered(NamedTuple):
    """``seat`` answered a claim window (sealed: only that seat sees it)."""

    seat: int
    action: Action
    forced: bool

    @property
    def seats(self) -> frozenset[int] | None:
        return frozenset((self.seat,))

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "answered",
            "seat": self.seat,
            "action": str(self.action),
            "forced": self.forced,
        }


class Claimed(NamedTuple):
    """``seat`` was granted the public card ``card`` (from ``source``) as ``group``."""

    seat: int
    card: Card
    source: int
    group: tuple[Card, ...]

    @property
    def seats(self) -> frozenset[int] | None:
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "claimed",
            "seat": self.seat,
            "card": str(self.card),
            "from": self.source,
            "group": [str(card) for card in self.group],
        }


class Discarded(NamedTuple):
    """``seat`` discarded ``card``; ``drawn`` when it is the seat's own untaken draw."""

    seat: int
    card: Card
    drawn: bool

    @property
    def seats(self) -> frozenset[int] | None:
        return None

    def to_json(self) -> dict[str, Any]:
        return {"type": "discarded", "seat": self.seat, "card": str(self.card), "drawn": self.drawn}


class Dead(NamedTuple):
    """Nobody took ``card``: it went to the dead pile."""

    card: Card

    @property
    def seats(self) -> frozenset[int] | None:
        return None

    def to_json(self) -> dict[str, Any]:
        return {"type": "dead", "card": str(self.card)}


class Won(NamedTuple):
    """``seat`` won with ``card``; ``groups`` are all 21 cards, best-scoring."""

    seat: int
    card: Card
    score: int
    groups: tuple[tuple[Card, ...], ...]

    @property
    def seats(self) -> frozenset[int] | None:
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "won",
            "seat": self.seat,
            "card": str(self.card),
            "score": self.score,
            "groups": [[str(card) for card in group] for group in self.groups],
        }


class StockOut(NamedTuple):
    """A draw was due and the stock was empty: the deal is drawn."""

    seat: int

    @property
    def seats(self) -> frozenset[int] | None:
        return None

    def to_json(self) -> dict[str, Any]:
        return {"type": "stock_out", "seat": self.seat}


Event = Drew | Answered | Claimed | Discarded | Dead | Won | StockOut
