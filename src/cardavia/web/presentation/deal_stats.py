"""A browser's record at a glance: deals played and won per game and level, the mean
winning score, and a small chart of results over time (drawn on the server as SVG).

Each deal is counted from the browser's own seat in it (a table's deal: the person's).
Everything here is counted from finished deals only: a running deal's result does not
exist yet, and nothing about it (not even "not won yet") may depend on its cards.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from cardavia.store import FINISHED, DealSummary


@dataclass(frozen=True, slots=True)
class Result:
    """A finished deal's result as its records.md line says it, for either game.

    Sì Sè Pái writes ``winner``/``score`` (only the winner scores), Chuo Pai
    ``winners``/``scores``: read here by the keys records.md gives each shape.
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...] | None
    score: int
    """The winner's score in a line of the first shape, else 0."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Result:
        """The result of a replay line (``{"result": "win", "winner": 1, ...}``)."""
        if "winners" in data:
            return cls(tuple(data["winners"]), tuple(data.get("scores", ())), 0)
        winner = data.get("winner")
        return cls(() if winner is None else (int(winner),), None, int(data.get("score", 0)))

    def score_of(self, seat: int) -> int:
        """``seat``'s score: its own in a line with ``scores``, else the winner's (0 for
        everyone else)."""
        if self.scores is not None:
            return self.scores[seat]
        return self.score if seat in self.winners else 0

    def kind_for(self, seat: int) -> str:
        """``won`` (alone), ``shared`` (a tie at the top with ``seat`` in it), ``lost``,
        or ``draw`` (nobody won)."""
        if not self.winners:
            return "draw"
        if seat not in self.winners:
            return "lost"
        return "won" if len(self.winners) == 1 else "shared"


@dataclass(frozen=True, slots=True)
class Tally:
    """One line of the record at a glance: one game against one level."""

    game: str
    level: str
    played: int
    won: int
    """Won alone or shared at the top (chuopai.md [D2]: every tied seat wins)."""
    mean_winning_score: float | None
    """The mean of the person's score over the deals won; ``None`` with none won."""


def finished(deals: Iterable[DealSummary]) -> list[tuple[DealSummary, Result]]:
    """The finished deals among ``deals`` with their results, oldest first."""
    done = [
        (deal, Result.from_json(deal.result))
        for deal in deals
        if deal.status == FINISHED and deal.result is not None
    ]
    return sorted(done, key=lambda pair: (pair[0].updated_at, pair[0].id))


def tallies(
    done: Sequence[tuple[DealSummary, Result]], games: Sequence[str], levels: Sequence[str]
) -> list[Tally]:
    """One tally per game and level that has finished deals, in the order given (levels
    not listed come last, by name)."""
    grouped: dict[tuple[str, str], list[tuple[int, Result]]] = defaultdict(list)
    for deal, result in done:
        grouped[(deal.game, deal.ai)].append((deal.seat, result))

    def order(key: tuple[str, str]) -> tuple[int, int, str]:
        game, level = key
        known = levels.index(level) if level in levels else len(levels)
        return (games.index(game) if game in games else len(games), known, level)

    out = []
    for game, level in sorted(grouped, key=order):
        results = grouped[(game, level)]
        wins = [result.score_of(seat) for seat, result in results if seat in result.winners]
        mean = sum(wins) / len(wins) if wins else None
        out.append(Tally(game, level, len(results), len(wins), mean))
    return out


# -- the chart of results over time -------------------------------------------------------

CHART_DEALS = 40
"""The most recent deals of a game the chart shows."""
WIDTH, HEIGHT = 640, 180
"""The chart's drawing units (it scales to the page's width)."""
_LEFT, _RIGHT, _TOP = 44, 8, 16
_AXIS = 120
"""Where the zero line lies: won deals rise above it, lost ones hang below."""
_LOST_DEPTH = 22


@dataclass(frozen=True, slots=True)
class Mark:
    """One deal on the chart: where it is drawn and what it was."""

    x: float
    width: float
    kind: str
    """``won``, ``shared``, ``lost`` or ``draw``."""
    score: int
    top: float
    """The top of a won deal's bar (the axis for the others)."""
    when: datetime


@dataclass(frozen=True, slots=True)
class Chart:
    """A game's results over time, ready to draw: one mark per deal, oldest first."""

    game: str
    marks: tuple[Mark, ...]
    top_score: int
    """The score the top of the scale stands for."""
    counts: dict[str, int]
    """How many deals of each kind the chart shows."""
    width: int = WIDTH
    height: int = HEIGHT
    axis: int = _AXIS
    left: int = _LEFT
    top: int = _TOP
    lost_depth: int = _LOST_DEPTH

    @property
    def first(self) -> datetime:
        """When the oldest deal shown ended."""
        return self.marks[0].when

    @property
    def last(self) -> datetime:
        """When the newest deal shown ended."""
        return self.marks[-1].when

    @property
    def right(self) -> int:
        """Where the drawing ends on the right."""
        return self.width - _RIGHT


def charts(done: Sequence[tuple[DealSummary, Result]], games: Sequence[str]) -> list[Chart]:
    """One chart per game with finished deals (their last :data:`CHART_DEALS`)."""
    out = []
    for game in games:
        recent = [(deal, result) for deal, result in done if deal.game == game][-CHART_DEALS:]
        if recent:
            out.append(_chart(game, recent))
    return out


def _chart(game: str, recent: Sequence[tuple[DealSummary, Result]]) -> Chart:
    scores = [result.score_of(deal.seat) for deal, result in recent]
    top_score = max([1, *scores])
    slot = (WIDTH - _LEFT - _RIGHT) / CHART_DEALS
    marks = []
    counts = {"won": 0, "shared": 0, "lost": 0, "draw": 0}
    for index, (deal, result) in enumerate(recent):
        kind = result.kind_for(deal.seat)
        counts[kind] += 1
        score = result.score_of(deal.seat)
        rise = (_AXIS - _TOP) * score / top_score if kind in ("won", "shared") else 0
        marks.append(
            Mark(
                x=round(_LEFT + index * slot + slot * 0.15, 2),
                width=round(slot * 0.7, 2),
                kind=kind,
                score=score,
                top=round(_AXIS - max(rise, 3), 2) if kind in ("won", "shared") else _AXIS,
                when=deal.updated_at,
            )
        )
    return Chart(game, tuple(marks), top_score, counts)
