"""What one seat may see of a Chuo Pai deal (the only thing that leaves the engine).

Everything played in Chuo Pai is played face up, so a view holds the seat's own hand and
public facts only: the plays of the current round, the score piles (bonus cards
included), the cards that have left the deal, and how many cards each seat holds. It
never holds another seat's cards, so reshuffling the cards a seat cannot see leaves its
view equal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardavia.cards.dominoes import Domino
from cardavia.games.chuopai.actions import Action
from cardavia.games.chuopai.events import ChuoPaiEvent
from cardavia.games.chuopai.outcome import ChuoPaiOutcome


@dataclass(frozen=True, slots=True)
class ChuoPaiView:
    """The deal as ``seat`` sees it."""

    seat: int
    hand: tuple[Domino, ...]
    """The seat's own cards, in canonical order."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds (own included)."""
    piles: tuple[tuple[Domino, ...], ...]
    """Each seat's score pile, canonical order; its length is the seat's score."""
    bonus: tuple[tuple[Domino, ...], ...]
    """The starting-bonus cards of each seat (also in its pile) [D3]."""
    gone: tuple[Domino, ...]
    """Cards played in earlier rounds that did not win and left the deal."""
    leader: int
    """The seat that leads (or led) the current round."""
    round_plays: tuple[tuple[int, Action], ...]
    """Every action of the current round so far, passes included, in order."""
    top: tuple[int, Action] | None
    """The current highest play and its owner; ``None`` before the lead."""
    to_act: int | None
    step: int
    outcome: ChuoPaiOutcome | None
    history: tuple[ChuoPaiEvent, ...] = ()
    """Every event of the deal so far: bonuses, leads, beats, passes, rounds won."""

    @property
    def scores(self) -> tuple[int, ...]:
        """The score of each seat so far."""
        return tuple(len(pile) for pile in self.piles)

    def to_json(self) -> dict[str, Any]:
        """The view as JSON-ready data (cards as codes, actions as notation)."""

        def codes(cards: tuple[Domino, ...]) -> list[str]:
            return [str(card) for card in cards]

        return {
            "seat": self.seat,
            "step": self.step,
            "to_act": self.to_act,
            "leader": self.leader,
            "hand": codes(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "piles": [codes(pile) for pile in self.piles],
            "scores": list(self.scores),
            "bonus": [codes(cards) for cards in self.bonus],
            "gone": codes(self.gone),
            "round_plays": [[seat, str(action)] for seat, action in self.round_plays],
            "top": None if self.top is None else [self.top[0], str(self.top[1])],
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "history": [event.to_json() for event in self.history],
        }
