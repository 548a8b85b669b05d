"""The arena's final table, for people."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from cardavia.arena.results import ArenaResult, PairedFigures
from cardavia.arena.seats import FALLBACK

if TYPE_CHECKING:
    from cardavia.arena.league import LeagueCell

SHOWN_FAULTS = 20
"""Faults listed one by one in the table; ``--json`` lists them all."""


def _interval(value: float, ci: tuple[float, float], percent: bool) -> str:
    if percent:
        return f"{100 * value:.1f}% [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]"
    return f"{value:.3f} [{ci[0]:.3f}, {ci[1]:.3f}]"


def print_table(result: ArenaResult, console: Console | None = None) -> None:
    """Per player: seatings, win rate, draw rate, mean score and score share, each with
    its 95% interval; then the first seat's win-rate ratio against each other player;
    then the failures of external programs, if any."""
    if console is None:
        console = Console()
        if not console.is_terminal:
            console = Console(width=120)  # a pipe or a log file: no wrapping of intervals
    table = Table(
        title=f"{result.game}: {result.deals} decks, {result.seatings} seatings, "
        f"draw rate {100 * result.draw_rate:.1f}%"
    )
    for column in ("player", "seatings", "win rate", "draw rate", "mean score", "score share"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for p in result.players():
        table.add_row(
            p.name,
            str(p.seatings),
            _interval(p.win_rate, p.win_rate_ci, True),
            _interval(p.draw_rate, p.draw_rate_ci, True),
            _interval(p.mean_score, p.mean_score_ci, False),
            _interval(p.score_share, p.score_share_ci, True),
        )
    console.print(table)
    for r in result.ratios():
        high = "∞" if math.isinf(r.ratio_ci[1]) else f"{r.ratio_ci[1]:.2f}"
        console.print(
            f"win rate {r.name} / {r.versus}: {r.ratio:.2f}× "
            f"(95% bootstrap over decks: {r.ratio_ci[0]:.2f}–{high})"
        )
    faults = result.faults
    if faults:
        counts = ", ".join(
            f"{kind} {sum(f.kind == kind for f in faults)}"
            for kind in dict.fromkeys(f.kind for f in faults)
        )
        console.print(
            f"{len(faults)} program faults ({counts}); {FALLBACK} finished those seats:",
            markup=False,
            soft_wrap=True,
        )
        for fault in faults[:SHOWN_FAULTS]:
            console.print(f"  {fault.describe()}", markup=False, highlight=False, soft_wrap=True)
        if len(faults) > SHOWN_FAULTS:
            console.print(f"  … and {len(faults) - SHOWN_FAULTS} more (--json lists them all)")


def print_paired(figures: PairedFigures, console: Console | None = None) -> None:
    """The paired lines: the win-rate difference and McNemar's test."""
    console = console or Console(width=120)
    f = figures
    low, high = f.difference_ci
    console.print(
        f"paired {f.name} − {f.reference} in the same seat, {f.pairs} seatings: "
        f"{100 * f.win_rate:.1f}% − {100 * f.reference_win_rate:.1f}% = "
        f"{100 * f.difference:+.1f} points (95% paired normal interval over decks: "
        f"{100 * low:+.1f} to {100 * high:+.1f})"
    )
    console.print(
        f"McNemar (exact): {f.only_measured} seatings won only by {f.name}, "
        f"{f.only_reference} only by {f.reference}: p = {f.mcnemar_p:.3g}"
    )


def print_league(
    game: str,
    names: Sequence[str],
    deals: int,
    cells: Sequence[LeagueCell],
    console: Console | None = None,
) -> None:
    """One table: the row player in one seat against the column player in all others,
    as the ratio of their win rates with its 95% bootstrap interval over decks."""
    console = console or Console(width=140)
    table = Table(
        title=f"{game} league, {deals} decks per cell: the row in one seat against the column in "
        "the others; win rates, and their ratio [95% interval]"
    )
    table.add_column("one \\ others")
    for name in names:
        table.add_column(name, justify="right")
    by_pair = {(c.name, c.versus): c for c in cells}
    for row in names:
        entries = []
        for column in names:
            cell = by_pair.get((row, column))
            if cell is None:
                entries.append("—")
                continue
            mine, theirs = cell.result.players()
            r = cell.result.ratio(row, column)
            entries.append(
                f"{100 * mine.win_rate:.0f}%/{100 * theirs.win_rate:.0f}% "
                f"{_times(r.ratio)}× [{_times(r.ratio_ci[0])}–{_times(r.ratio_ci[1])}]"
            )
        table.add_row(row, *entries)
    console.print(table)


def _times(x: float) -> str:
    return "∞" if math.isinf(x) else f"{x:.2f}"
