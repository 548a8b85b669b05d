"""A review of one seat's decisions after a deal: where ``strong`` would have chosen
otherwise, and what that was worth.

For every decision of the seat (its view then, its legal actions, its choice), the
game's judge (``ai/<game>/review.py: judge``) asks ``strong`` what it would have done
and, when that differs, plays both actions out in the same worlds sampled from that
view alone (what the seat could see at that moment, never the hidden cards of the
deal), with the playout policy of ``strong`` everywhere after. The difference of the
win rates is the estimated change in win chance. Findings come ranked, costliest
first, each with the reason facts of the suggested action (the game's ``hint``).

A plain function: the web runs it in a worker process off the request path, and
reports progress through ``progress(done, total)``. The decisions of a finished deal's
record come from :func:`cardavia.records.replay.seat_decisions`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from cardavia.ai.seeding import decision_rng

REVIEW_WORLDS = 48
"""Worlds each differing decision is played out in, both actions in the same worlds."""

_JUDGES = {game: f"cardavia.ai.{game}.review" for game in ("sisepai", "chuopai")}


class Decision(NamedTuple):
    """One decision of the reviewed seat: what it saw, could do, and did."""

    view: Any
    legal: Sequence[Any]
    chosen: Any


class Judgement(NamedTuple):
    """A game judge's verdict on one decision where ``strong`` differs."""

    suggested: Any
    chosen_win: float
    suggested_win: float
    worlds: int
    reason: Any
    """The game's hint reason for the suggested action (structured facts)."""


@dataclass(frozen=True)
class Finding:
    """A decision where ``strong`` would have chosen otherwise."""

    index: int
    """Which of the seat's decisions (0 = its first)."""
    step: int
    """The deal's step at that decision (the view's ``step``)."""
    view: Any
    chosen: Any
    suggested: Any
    chosen_win: float
    suggested_win: float
    worlds: int
    reason: Any

    @property
    def gain(self) -> float:
        """Estimated change in win chance had the suggested action been played."""
        return self.suggested_win - self.chosen_win

    def to_json(self) -> dict[str, Any]:
        """JSON-ready: the decision, both actions, both win chances and the reason."""
        return {
            "index": self.index,
            "step": self.step,
            "chosen": str(self.chosen),
            "suggested": str(self.suggested),
            "chosen_win": round(self.chosen_win, 4),
            "suggested_win": round(self.suggested_win, 4),
            "gain": round(self.gain, 4),
            "worlds": self.worlds,
            "reason": self.reason.to_json(),
        }


def review(
    game: str,
    decisions: Sequence[Decision | tuple[Any, Sequence[Any], Any]],
    seed: int,
    worlds: int = REVIEW_WORLDS,
    progress: Callable[[int, int], None] | None = None,
) -> list[Finding]:
    """The decisions where ``strong`` would have chosen otherwise, costliest first.

    Each decision is judged with ``decision_rng(seed, seat, step)``, so a review is
    reproducible. ``progress(done, total)`` is called after each decision.
    """
    if game not in _JUDGES:
        raise ValueError(f"no review for {game!r}: one of {', '.join(_JUDGES)}")
    judge: Callable[..., Judgement | None] = importlib.import_module(_JUDGES[game]).judge
    findings: list[Finding] = []
    for index, (view, legal, chosen) in enumerate(decisions):
        verdict = judge(view, legal, chosen, decision_rng(seed, view.seat, view.step), worlds)
        if verdict is not None:
            findings.append(
                Finding(
                    index,
                    view.step,
                    view,
                    chosen,
                    verdict.suggested,
                    verdict.chosen_win,
                    verdict.suggested_win,
                    verdict.worlds,
                    verdict.reason,
                )
            )
        if progress is not None:
            progress(index + 1, len(decisions))
    findings.sort(key=lambda f: (-f.gain, f.index))
    return findings
