"""``cardavia arena league``: every level against every other, in one table per game.

Cell (row ``a``, column ``b``) is a duplicate run of ``a`` in one seat against ``b`` in
every other seat: ``a``'s win rate there, ``b``'s per seat, and their ratio with its
95% bootstrap interval over decks (:meth:`.results.ArenaResult.ratio`). Every cell of a
game uses the same decks (the same seed), so a row reads side by side.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardavia.arena.results import ArenaResult
from cardavia.arena.runner import Progress, run_arena
from cardavia.games.registry import get_game


@dataclass(frozen=True)
class LeagueCell:
    """``name`` in one seat against ``versus`` in all the others."""

    name: str
    versus: str
    result: ArenaResult

    def to_json(self) -> dict[str, Any]:
        """The cell's figures: both win rates with intervals, and the ratio."""
        mine, theirs = self.result.players()
        ratio = self.result.ratio(self.name, self.versus)
        return {
            "name": self.name,
            "versus": self.versus,
            "seatings": mine.seatings,
            "win_rate": round(mine.win_rate, 4),
            "win_rate_ci": [round(x, 4) for x in mine.win_rate_ci],
            "versus_win_rate": round(theirs.win_rate, 4),
            "versus_win_rate_ci": [round(x, 4) for x in theirs.win_rate_ci],
            "win_rate_ratio": _finite(ratio.ratio),
            "ratio_ci": [_finite(x) for x in ratio.ratio_ci],
        }


def _finite(x: float) -> float | None:
    return None if x in (float("inf"), float("-inf")) or x != x else round(x, 4)


def run_league(
    game: str,
    names: Sequence[str],
    deals: int,
    seed: int,
    workers: int = 1,
    progress: Progress | None = None,
) -> list[LeagueCell]:
    """Every ordered pair of distinct ``names``: one duplicate run each, same decks."""
    players = get_game(game).players
    cells = []
    for name in names:
        for versus in names:
            if versus == name:
                continue
            seats = (name, *[versus] * (players - 1))
            result = run_arena(game, seats, deals, seed, workers, progress=progress)
            cells.append(LeagueCell(name, versus, result))
    return cells
