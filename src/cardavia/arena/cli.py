"""``cardavia arena``: argument checks, the progress bar, and the outputs."""

from __future__ import annotations

import json
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import NamedTuple

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from cardavia.ai.registry import UnknownPlayerError, get_arena_player
from cardavia.arena.league import run_league
from cardavia.arena.report import print_league, print_paired, print_table
from cardavia.arena.runner import run_arena, run_paired
from cardavia.arena.seats import BOT_PREFIX, DECISION_TIMEOUT, START_TIMEOUT, BotError, is_bot
from cardavia.games.registry import GAME_NAMES, UnknownGameError, get_game


class ArenaRequest(NamedTuple):
    """The command line's options, as given."""

    game: str | None
    seats: str | None
    deals: int
    seed: int = 1
    workers: int = 1
    as_json: bool = False
    plot: Path | None = None
    records: Path | None = None
    paired: bool = False
    reference: str = "basic"
    league: bool = False
    players: str | None = None
    bot_timeout: float = DECISION_TIMEOUT
    bot_start_timeout: float = START_TIMEOUT


def _names(text: str) -> tuple[str, ...]:
    return tuple(name.strip() for name in text.split(",") if name.strip())


def run_command(request: ArenaRequest) -> int:
    """Run the arena as the command line asked; the exit code (2 on bad arguments)."""
    err = Console(stderr=True)
    problem = _check(request)
    if problem is not None:
        err.print(problem, markup=False, highlight=False, soft_wrap=True)
        return 2
    if request.league:
        return _league(request, err)
    assert request.game is not None and request.seats is not None
    game, names = request.game, _names(request.seats)
    label = f"{game} {','.join(names)}" + (f" (paired with {request.reference})" * request.paired)
    with _stopped_cleanly(), _progress(err, label, request.deals * len(names)) as advance:
        try:
            if request.paired:
                paired = run_paired(
                    game,
                    names,
                    request.reference,
                    request.deals,
                    request.seed,
                    request.workers,
                    request.records,
                    progress=advance,
                    bot_timeout=request.bot_timeout,
                    bot_start_timeout=request.bot_start_timeout,
                )
                result = paired.measured
            else:
                result = run_arena(
                    game,
                    names,
                    request.deals,
                    request.seed,
                    request.workers,
                    request.records,
                    progress=advance,
                    bot_timeout=request.bot_timeout,
                    bot_start_timeout=request.bot_start_timeout,
                )
        except (UnknownPlayerError, BotError) as exc:
            err.print(str(exc), markup=False, highlight=False, soft_wrap=True)
            return 2
    if request.as_json:
        print(json.dumps(paired.to_json() if request.paired else result.to_json()))
    else:
        print_table(result)
        if request.paired:
            print_paired(paired.figures())
    if request.plot is not None:
        from cardavia.arena.plot import write_plot

        write_plot(result, request.plot)
    return 0


def _check(request: ArenaRequest) -> str | None:
    """What is wrong with the options, in words, or ``None``."""
    if request.deals < 1 or request.workers < 1:
        return "--deals and --workers must be at least 1"
    if request.bot_timeout <= 0 or request.bot_start_timeout <= 0:
        return "--bot-timeout and --bot-start-timeout must be more than 0 seconds"
    if request.plot is not None and request.plot.suffix.lower() not in (".png", ".svg"):
        return f"--plot writes .png or .svg files, not {request.plot.name!r}"
    games = GAME_NAMES if request.game is None else (request.game,)
    try:
        for game in games:
            get_game(game)
    except UnknownGameError as exc:
        return str(exc)
    if request.league:
        if request.seats is not None or request.paired:
            return "--league plays every pair of --players: it takes no --seats and no --paired"
        names = _names(request.players or "")
        if len(set(names)) < 2 or len(set(names)) != len(names):
            return "--league needs --players: two or more distinct names, e.g. easy,basic"
        if any(is_bot(name) for name in names):
            return "--league plays the AI levels: a program takes a seat with --seats"
        return _known(games, names)
    if request.game is None or request.seats is None:
        return "give --game and --seats (or --league with --players)"
    players = get_game(request.game).players
    names = _names(request.seats)
    if len(names) != players:
        return f"{request.game} seats {players} players: give {players} names, not {len(names)}"
    if any(name == BOT_PREFIX for name in names):
        return f"{BOT_PREFIX} needs a command to run, like {BOT_PREFIX}python3 mybot.py"
    if request.paired and is_bot(request.reference):
        return "--reference names one of our AI players, not a program"
    ours = tuple(name for name in names if not is_bot(name))
    return _known(games, ours + ((request.reference,) if request.paired else ()))


def _known(games: tuple[str, ...], names: tuple[str, ...]) -> str | None:
    for game in games:
        for name in dict.fromkeys(names):
            try:
                get_arena_player(game, name)
            except UnknownPlayerError as exc:
                return str(exc)
    return None


def _league(request: ArenaRequest, err: Console) -> int:
    games = GAME_NAMES if request.game is None else (request.game,)
    names = _names(request.players or "")
    tables = {}
    for game in games:
        seatings = request.deals * get_game(game).players * len(names) * (len(names) - 1)
        with _stopped_cleanly(), _progress(err, f"{game} league", seatings) as advance:
            tables[game] = run_league(
                game, names, request.deals, request.seed, request.workers, progress=advance
            )
    if request.as_json:
        print(
            json.dumps({game: [cell.to_json() for cell in cells] for game, cells in tables.items()})
        )
    else:
        for game, cells in tables.items():
            print_league(game, names, request.deals, cells)
    return 0


@contextmanager
def _progress(err: Console, label: str, total: int) -> Iterator[Callable[[int], None]]:
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("seatings, ETA"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err, transient=True, disable=not sys.stderr.isatty()) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


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


__all__ = ["GAME_NAMES", "ArenaRequest", "run_command"]
