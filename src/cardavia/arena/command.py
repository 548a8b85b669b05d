"""What ``cardavia arena``'s sub-commands do: argument checks, the progress bar, the outputs.

The options themselves are declared in :mod:`cardavia.arena.cli`."""

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


class Seating(NamedTuple):
    """What ``arena play`` and ``arena paired`` are given: who sits where, on how many
    decks, and what to write."""

    game: str
    seats: str
    deals: int
    seed: int = 1
    workers: int = 1
    as_json: bool = False
    plot: Path | None = None
    records: Path | None = None
    bot_timeout: float = DECISION_TIMEOUT
    bot_start_timeout: float = START_TIMEOUT


class League(NamedTuple):
    """What ``arena league`` is given: the players, and the game (both when ``None``)."""

    game: str | None
    players: str
    deals: int
    seed: int = 1
    workers: int = 1
    as_json: bool = False


def _names(text: str) -> tuple[str, ...]:
    return tuple(name.strip() for name in text.split(",") if name.strip())


def _refuse(problem: str) -> int:
    Console(stderr=True).print(problem, markup=False, highlight=False, soft_wrap=True)
    return 2


def play(seating: Seating, reference: str | None = None) -> int:
    """Play the seating on duplicate decks and print the rates; the exit code (2 on bad
    arguments or a program that cannot play).

    With a ``reference``, every seating is played again with it in the first seat's
    place, and the paired difference is reported too (``arena paired``).
    """
    problem = _check_seating(seating, reference)
    if problem is not None:
        return _refuse(problem)
    err = Console(stderr=True)
    game, names = seating.game, _names(seating.seats)
    label = f"{game} {','.join(names)}" + (f" (paired with {reference})" if reference else "")
    with _stopped_cleanly(), _progress(err, label, seating.deals * len(names)) as advance:
        try:
            if reference is not None:
                paired = run_paired(
                    game,
                    names,
                    reference,
                    seating.deals,
                    seating.seed,
                    seating.workers,
                    seating.records,
                    progress=advance,
                    bot_timeout=seating.bot_timeout,
                    bot_start_timeout=seating.bot_start_timeout,
                )
                result = paired.measured
            else:
                result = run_arena(
                    game,
                    names,
                    seating.deals,
                    seating.seed,
                    seating.workers,
                    seating.records,
                    progress=advance,
                    bot_timeout=seating.bot_timeout,
                    bot_start_timeout=seating.bot_start_timeout,
                )
        except (UnknownPlayerError, BotError) as exc:
            return _refuse(str(exc))
    if seating.as_json:
        print(json.dumps(paired.to_json() if reference is not None else result.to_json()))
    else:
        print_table(result)
        if reference is not None:
            print_paired(paired.figures())
    if seating.plot is not None:
        from cardavia.arena.plot import write_plot

        write_plot(result, seating.plot)
    return 0


def _check_counts(deals: int, workers: int) -> str | None:
    if deals < 1 or workers < 1:
        return "--deals and --workers must be at least 1"
    return None


def _check_games(games: tuple[str, ...]) -> str | None:
    try:
        for game in games:
            get_game(game)
    except UnknownGameError as exc:
        return str(exc)
    return None


def _check_seating(seating: Seating, reference: str | None) -> str | None:
    """What is wrong with the options of ``play`` or ``paired``, in words, or ``None``."""
    problem = _check_counts(seating.deals, seating.workers) or _check_games((seating.game,))
    if problem is not None:
        return problem
    if seating.bot_timeout <= 0 or seating.bot_start_timeout <= 0:
        return "--bot-timeout and --bot-start-timeout must be more than 0 seconds"
    if seating.plot is not None and seating.plot.suffix.lower() not in (".png", ".svg"):
        return f"--plot writes .png or .svg files, not {seating.plot.name!r}"
    players = get_game(seating.game).players
    names = _names(seating.seats)
    if len(names) != players:
        return f"{seating.game} seats {players} players: give {players} names, not {len(names)}"
    if any(name == BOT_PREFIX for name in names):
        return f"{BOT_PREFIX} needs a command to run, like {BOT_PREFIX}python3 mybot.py"
    if reference is not None and is_bot(reference):
        return "--reference names one of our AI players, not a program"
    ours = tuple(name for name in names if not is_bot(name))
    return _known((seating.game,), ours + ((reference,) if reference is not None else ()))


def _known(games: tuple[str, ...], names: tuple[str, ...]) -> str | None:
    for game in games:
        for name in dict.fromkeys(names):
            try:
                get_arena_player(game, name)
            except UnknownPlayerError as exc:
                return str(exc)
    return None


def league(request: League) -> int:
    """Every player against every other, one table per game; the exit code (2 on bad
    arguments)."""
    games = GAME_NAMES if request.game is None else (request.game,)
    names = _names(request.players)
    problem = _check_counts(request.deals, request.workers) or _check_games(games)
    if problem is None and (len(set(names)) < 2 or len(set(names)) != len(names)):
        problem = "--players needs two or more distinct names, e.g. easy,basic"
    if problem is None and any(is_bot(name) for name in names):
        problem = "a league plays the AI levels: a program takes a seat in arena play"
    problem = problem or _known(games, names)
    if problem is not None:
        return _refuse(problem)
    err = Console(stderr=True)
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


__all__ = ["League", "Seating", "league", "play"]
