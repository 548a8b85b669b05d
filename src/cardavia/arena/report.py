"""The arena's final table, for people."""

from __future__ import annotations

import math

from rich.console import Console
from rich.table import Table

from cardavia.arena.results import ArenaResult
from cardavia.arena.seats import FALLBACK

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
