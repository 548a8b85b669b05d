"""``cardavia bench versus``: one player's decision time in this version and in another
source tree, side by side.

On a shared, noisy machine two runs taken minutes apart cannot be compared. Here two
processes (:mod:`.decision_timer`), one importing this version and one ``--against-src``,
build the same positions (``basic`` deals from the seed) and time each decision alone
in CPU seconds (``time.process_time``); the parent asks them in turn, position by
position, swapping who goes first, so whatever else the machine does falls on both
alike. Figures per side: ``p50_ms``, ``p99_ms``, ``mean_ms``; ``mean_ratio`` (this
version's mean CPU time over the other's); and ``same_decisions``, the share of
positions where both chose the same action (1.0 for a pure speed-up).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import cardavia

TIMER = Path(__file__).with_name("decision_timer.py")
THIS_SRC = str(Path(cardavia.__file__).resolve().parent.parent)


class VersusError(RuntimeError):
    """The two versions cannot be compared (no package there, different positions)."""


class _Side:
    """A timer process running the version found in ``source``."""

    def __init__(self, source: str, game: str, player: str, seed: int, deals: int) -> None:
        env = dict(os.environ, PYTHONPATH=source)
        self.process = subprocess.Popen(
            [sys.executable, str(TIMER), game, player, str(seed), str(deals)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        first = self._line()
        words = first.split(" ", 2)
        if len(words) != 3 or words[0] != "positions" or Path(words[2]) != Path(source).resolve():
            self.close()
            raise VersusError(f"no cardavia package in {source} (its timer said {first[:120]!r})")
        self.positions = int(words[1])

    def _line(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise VersusError(f"the timer stopped (exit {self.process.wait()})")
        return line.strip()

    def time(self, index: int) -> tuple[float, str]:
        """CPU seconds and the action chosen at position ``index``."""
        assert self.process.stdin is not None
        self.process.stdin.write(f"{index}\n")
        self.process.stdin.flush()
        seconds, action = self._line().split(" ", 1)
        return float(seconds), action

    def close(self) -> None:
        """End the process."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def _figures(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "p50_ms": round(1000 * ordered[len(ordered) // 2], 2),
        "p99_ms": round(1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))], 2),
        "mean_ms": round(1000 * sum(ordered) / len(ordered), 2),
    }


def run(game: str, player: str, against: str, deals: int, seed: int) -> dict[str, Any]:
    """Time ``player`` of ``game`` on every position of ``deals`` deals, in this version
    and in the source tree ``against``, alternately."""
    sides = [_Side(THIS_SRC, game, player, seed, deals), _Side(against, game, player, seed, deals)]
    try:
        if sides[0].positions != sides[1].positions:
            raise VersusError(
                f"the versions play different positions ({sides[0].positions} and "
                f"{sides[1].positions}): their basic players or engines differ"
            )
        times: list[list[float]] = [[], []]
        same = 0
        for index in range(sides[0].positions):
            order = (0, 1) if index % 2 == 0 else (1, 0)
            chosen = ["", ""]
            for turn in order:
                seconds, chosen[turn] = sides[turn].time(index)
                times[turn].append(seconds)
            same += chosen[0] == chosen[1]
    finally:
        for side in sides:
            side.close()
    positions = max(1, len(times[0]))
    return {
        "game": game,
        "player": player,
        "positions": positions,
        "this": {"src": THIS_SRC, **_figures(times[0])},
        "other": {"src": against, **_figures(times[1])},
        "mean_ratio": round(sum(times[0]) / max(sum(times[1]), 1e-9), 3),
        "same_decisions": round(same / positions, 3),
    }
