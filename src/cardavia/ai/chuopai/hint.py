"""The facts behind a Chuo Pai action: a hint's reason (which action to recommend is
the coach's verdict, :func:`cardavia.ai.verdict.verdict`).

A pure function of the seat's view (never the state); the web layer phrases
:class:`Reason` in the person's language. Every Chuo Pai card is dealt and every play
is face up, so what the seat cannot see is exactly the other two hands, and the facts
are exact: the plays that those cards could make and that beat the suggested play
(``beaters``: none means the play is safe and its round is won), the points the round
is worth if the play stands (its cards: only the winning play scores), whether nobody
acts after this seat (then any beat wins the round), and whether the play is the
lowest that beats (or, leading, the weakest single) in the hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardavia.ai.chuopai.counting import still_to_act, unseen_counts
from cardavia.cards.dominoes import Domino
from cardavia.games.chuopai.actions import Action
from cardavia.games.chuopai.plays import BEATERS, PLAYS
from cardavia.games.chuopai.view import ChuoPaiView


class ReasonKind(StrEnum):
    """What the suggested action does."""

    LEAD = "lead"
    BEAT = "beat"
    PASS = "pass"


@dataclass(frozen=True)
class Reason:
    """The facts a reason sentence may name."""

    kind: ReasonKind
    cards: tuple[Domino, ...]
    """The play's cards (empty for a pass)."""
    points: int
    """Points the round is worth to this seat if the play stands (its size)."""
    beaters: tuple[tuple[Domino, ...], ...]
    """Every play the unseen cards could make that beats this one (empty: it is safe)."""
    last: bool
    """True when nobody acts after this seat in the round."""
    lowest: bool
    """Beating: the lowest beating play in the hand; leading: the weakest single."""

    @property
    def safe(self) -> bool:
        """True when no unseen card can beat the play: the round is this seat's."""
        return not self.beaters

    def to_json(self) -> dict[str, Any]:
        """JSON-ready facts (cards as codes)."""
        return {
            "kind": self.kind.value,
            "cards": [str(card) for card in self.cards],
            "points": self.points,
            "safe": self.safe,
            "beaters": [[str(card) for card in play] for play in self.beaters],
            "last": self.last,
            "lowest": self.lowest,
        }


def explain(view: ChuoPaiView, legal: Sequence[Action], action: Action) -> Reason:
    """The facts behind ``action`` (any legal action) in the position of ``view``."""
    last = not still_to_act(view)
    play = action.play
    if play is None:
        return Reason(ReasonKind.PASS, (), 0, (), last, False)
    unseen = unseen_counts(view)
    beaters = tuple(
        PLAYS[i].cards
        for i in BEATERS[play.index]
        if all(PLAYS[i].cards.count(card) <= unseen[card] for card in set(PLAYS[i].cards))
    )
    plays = [a.play for a in legal if a.play is not None]
    if view.top is None:
        singles = [p for p in plays if p.size == 1]
        lowest = play.size == 1 and play.level == min(p.level for p in singles)
        return Reason(ReasonKind.LEAD, play.cards, play.size, beaters, last, lowest)
    lowest = play.level == min(p.level for p in plays)
    return Reason(ReasonKind.BEAT, play.cards, play.size, beaters, last, lowest)
