"""``cardavia arena``: argument checks, the progress bar, and the outputs."""

from __future__ import annotations

import json
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from cardavia.ai.registry import UnknownPlayerError
from cardavia.arena.report import print_table
from cardavia.arena.runner import run_arena
from cardavia.arena.seats import BOT_PREFIX, DECISION_TIMEOUT, START_TIMEOUT, BotError
from cardavia.games.registry import GAME_NAMES, UnknownGameError, get_game


def run_command(
    game: str,
    seats: str,
    deals: int,
    seed: int,
    workers: int,
    as_json: bool,
    plot: Path | None,
    records: Path | None,
    bot_timeout: float = DECISION_TIMEOUT,
    bot_start_timeout: float = START_TIMEOUT,
) -> int:
    """Run the arena as the command line asked; the exit code (2 on bad arguments)."""
    err = Console(stderr=True)
    names = tuple(name.strip() for name in seats.split(",") if name.strip())
    try:
        players = get_game(game).players
    except UnknownGameError as exc:
        err.print(str(exc))
        return 2
    if len(names) != players:
        err.print(f"{game} seats {players} players: give {players} names, not {len(names)}")
        return 2
    if deals < 1 or workers < 1:
        err.print("--deals and --workers must be at least 1")
        return 2
    if bot_timeout <= 0 or bot_start_timeout <= 0:
        err.print("--bot-timeout and --bot-start-timeout must be more than 0 seconds")
        return 2
    if any(name == BOT_PREFIX for name in names):
        err.print(f"{BOT_PREFIX} needs a command to run, like {BOT_PREFIX}python3 mybot.py")
        return 2
    if plot is not None and plot.suffix.lower() not in (".png", ".svg"):
        err.print(f"--plot writes .png or .svg files, not {plot.name!r}")
        return 2
    total = deals * players
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("seatings, ETA"),
        TimeRemainingColumn(),
    )
    bar_shown = sys.stderr.isatty()
    with (
        _stopped_cleanly(),
        Progress(*columns, console=err, transient=True, disable=not bar_shown) as bar,
    ):
        task = bar.add_task(f"{game} {','.join(names)}", total=total)
        try:
            result = run_arena(
                game,
                names,
                deals,
                seed,
                workers,
                records,
                progress=lambda n: bar.advance(task, n),
                bot_timeout=bot_timeout,
                bot_start_timeout=bot_start_timeout,
            )
        except (UnknownPlayerError, BotError) as exc:
            err.print(str(exc), markup=False, highlight=False, soft_wrap=True)
            return 2
    if as_json:
        print(json.dumps(result.to_json()))
    else:
        print_table(result)
    if plot is not None:
        from cardavia.arena.plot import write_plot

        write_plot(result, plot)
    return 0


__all__ = ["GAME_NAMES", "run_command"]


@contextmanager
def _stopped_cleanly() -> Iterator[None]:
    """SIGTERM unwinds the run like Ctrl-C does, so the external programs it started
    are ended (``run_arena`` ends them on its way out)."""

    def stop(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
