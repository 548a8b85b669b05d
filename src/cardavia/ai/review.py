"""A review of one seat's decisions after a deal: only what the coach can stand behind.

Every decision of the seat (its view then, its legal actions, its choice) gets the
coach's :func:`~cardavia.ai.verdict.verdict`, the very one a hint or the replay viewer
gets for that position: where ``strong`` recommends another action, both are played out
in the same worlds sampled from that view alone (never the hidden cards of the deal).
A decision is a **finding** only when the verdict is significant: the suggestion beats
the choice by the paired test at :data:`cardavia.ai.verdict.SIGMAS` (the gain's
interval lies above zero). So a followed hint is never a finding, nor a decision whose
alternatives tie, nor one where the suggestion merely looks a little better or worse.
Findings come ranked by :func:`ranked`, costliest first, each with the reason facts of
the suggested action.

A plain function: the web runs each verdict in a worker process off the request path,
and reports progress through ``progress(done, total)``. The decisions of a finished
deal's record come from :func:`cardavia.records.replay.seat_decisions`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from cardavia.ai.base import AnyPlayer
from cardavia.ai.verdict import Verdict, verdict


class Decision(NamedTuple):
    """One decision of the reviewed seat: what it saw, could do, and did."""

    view: Any
    legal: Sequence[Any]
    chosen: Any


@dataclass(frozen=True)
class Finding:
    """A decision where ``strong``'s suggestion is significantly better than the choice."""

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
    low: float
    """The lower end of the gain's interval (above 0 for every finding)."""
    high: float
    """The upper end of the gain's interval."""

    @property
    def gain(self) -> float:
        """Estimated change in win chance had the suggested action been played."""
        return self.suggested_win - self.chosen_win

    @classmethod
    def of(cls, index: int, view: Any, chosen: Any, found: Verdict) -> Finding | None:
        """The finding a verdict on a decision makes, or ``None`` when it is not
        significant (the same action, a tie, or a difference the playouts cannot tell)."""
        if not found.significant:
            return None
        return cls(
            index,
            view.step,
            view,
            chosen,
            found.action,
            found.chosen_win,
            found.suggested_win,
            found.worlds,
            found.reason,
            found.low,
            found.high,
        )

    def to_json(self) -> dict[str, Any]:
        """JSON-ready: the decision, both actions, both win chances, the gain and its
        interval, and the reason."""
        return {
            "index": self.index,
            "step": self.step,
            "chosen": str(self.chosen),
            "suggested": str(self.suggested),
            "chosen_win": round(self.chosen_win, 4),
            "suggested_win": round(self.suggested_win, 4),
            "gain": round(self.gain, 4),
            "gain_low": round(self.low, 4),
            "gain_high": round(self.high, 4),
            "worlds": self.worlds,
            "reason": self.reason.to_json(),
        }


def ranked(findings: Iterable[Finding]) -> list[Finding]:
    """Costliest first (the largest gain; ties: the earlier decision): the one order of a
    review, on the numbers themselves, whatever language they are shown in."""
    return sorted(findings, key=lambda f: (-f.gain, f.index))


def review(
    game: str,
    decisions: Sequence[Decision | tuple[Any, Sequence[Any], Any]],
    worlds: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    player: AnyPlayer | None = None,
) -> list[Finding]:
    """The decisions where ``strong``'s suggestion is significantly better, costliest
    first. Each is the coach's verdict on that position (``worlds`` and ``player``
    replace the verdict's defaults, for tests); ``progress(done, total)`` is called
    after each decision."""
    findings: list[Finding] = []
    for index, (view, legal, chosen) in enumerate(decisions):
        found = verdict(game, view, legal, chosen, worlds=worlds, player=player)
        finding = Finding.of(index, view, chosen, found)
        if finding is not None:
            findings.append(finding)
        if progress is not None:
            progress(index + 1, len(decisions))
    return ranked(findings)
