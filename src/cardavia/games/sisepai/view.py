"""What one seat may see of a Sì Sè Pái deal (the only thing that leaves the engine)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardavia.cards.four_colour import Card
from cardavia.games.sisepai.actions import Action
from cardavia.games.sisepai.events import Event
from cardavia.games.sisepai.outcome import Outcome
from cardavia.games.sisepai.phase import Phase


@dataclass(frozen=True)
class SiSePaiView:
    """One seat's view: its own concealed cards and everything public.

    Never another concealed hand, the stock order, or another seat's sealed answer.
    """

    seat: int
    step: int
    dealer: int
    phase: Phase
    to_act: int | None
    hand: tuple[Card, ...]
    """This seat's concealed cards, in canonical order."""
    hand_sizes: tuple[int, ...]
    """How many concealed cards each seat holds."""
    exposed: tuple[tuple[tuple[Card, ...], ...], ...]
    dead: tuple[Card, ...]
    stock_left: int
    public_card: Card | None
    public_from: int | None
    """The drawer or discarder of the public card."""
    public_drawn: bool
    """True while the public card is a fresh draw (its first window)."""
    answering: tuple[int, ...]
    """The open window's answering order."""
    my_answer: Action | None
    """This seat's own sealed answer in the open window, once given."""
    outcome: Outcome | None
    history: tuple[Event, ...] = ()
    """Every public event so far: draws, discards, claims, dead cards (never an answer)."""

    def to_json(self) -> dict[str, Any]:
        """The view as JSON-ready data (cards as codes)."""

        def codes(cards: tuple[Card, ...]) -> list[str]:
            return [str(card) for card in cards]

        return {
            "seat": self.seat,
            "step": self.step,
            "dealer": self.dealer,
            "phase": self.phase.value,
            "to_act": self.to_act,
            "hand": codes(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "exposed": [[codes(group) for group in groups] for groups in self.exposed],
            "dead": codes(self.dead),
            "stock_left": self.stock_left,
            "public_card": None if self.public_card is None else str(self.public_card),
            "public_from": self.public_from,
            "public_drawn": self.public_drawn,
            "answering": list(self.answering),
            "my_answer": None if self.my_answer is None else str(self.my_answer),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "history": [event.to_json() for event in self.history],
        }
