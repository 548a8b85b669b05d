"""Run an arena: deals spread over processes, results gathered in deal order.

A worker needs only ``(game, names, seed, deal)`` to play every rotation of a deal:
the deck, the seats and every decision's generator follow from them
(:mod:`.schedule`, :func:`cardavia.ai.seeding.decision_rng`), and players keep no
state between decisions. So ``--workers K`` gives exactly the results of one process
(with external programs too, when they decide from the messages of the deal alone).

Each process starts each ``cmd:`` program once and keeps it for all its deals; every
program is told ``bye`` and ended when the process is done, also when it is stopped.

A paired run (:func:`run_paired`) plays every seating twice, the second time with the
reference player in the measured player's seat. A seating's decision seed depends on
the deck and the rotation only, never on the names, so every other seat meets the same
cards and decides with the same generators in both plays.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.util
import signal
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import Any, NamedTuple

from cardavia.ai.base import AnyPlayer, Omniscient
from cardavia.ai.registry import get_arena_player
from cardavia.arena.loop import play_deal
from cardavia.arena.results import ArenaResult, PairedResult, SeatingResult, merge
from cardavia.arena.schedule import Seating, deck_for, seatings
from cardavia.arena.seats import (
    BOT_PREFIX,
    DECISION_TIMEOUT,
    FALLBACK,
    START_TIMEOUT,
    AISeat,
    Bot,
    BotSeat,
    Fault,
    Seat,
    SeeingSeat,
    check_bot,
    is_bot,
)
from cardavia.games.registry import get_game

Progress = Callable[[int], None]
"""Called with the number of seatings just finished."""

_PLAYERS: dict[tuple[str, str], AnyPlayer | Omniscient[Any, Any]] = {}


def _player(game: str, name: str) -> AnyPlayer | Omniscient[Any, Any]:
    """One player object per (game, name) per process: players keep no state."""
    key = (game, name)
    if key not in _PLAYERS:
        _PLAYERS[key] = get_arena_player(game, name)
    return _PLAYERS[key]


_BOTS: dict[tuple[int, str], Bot] = {}
"""The programs this process runs: one per ``cmd:`` entry of ``--seats`` (by position)."""


def _bot(index: int, command: str, start_timeout: float) -> Bot:
    key = (index, command)
    if key not in _BOTS:
        _BOTS[key] = Bot(command, start_timeout)
    return _BOTS[key]


def close_bots() -> None:
    """Say ``bye`` to every program this process runs and end them (each one killed
    even when the ending of another is interrupted)."""
    bots = list(_BOTS.values())
    _BOTS.clear()
    try:
        for bot in bots:
            bot.close()
    finally:
        for bot in bots:
            bot.drop()


class Task(NamedTuple):
    """What a worker needs to play every rotation of one deal."""

    game: str
    names: tuple[str, ...]
    seed: int
    deal: int
    keep: bool
    bot_timeout: float = DECISION_TIMEOUT
    bot_start_timeout: float = START_TIMEOUT
    reference: str | None = None
    """A paired run's reference player: every seating is played again with it in the
    seat of ``names[0]``."""


DealOutput = tuple[list[SeatingResult], list[SeatingResult], list[tuple[str, str]]]
"""The measured rows, the reference rows (paired runs only), the records kept."""


def _seat(task: Task, game: object, index: int, name: str) -> Seat:
    """Who plays the ``--seats`` entry ``index`` (``name``) at one seating."""
    if not is_bot(name):
        player = _player(task.game, name)
        if isinstance(player, Omniscient):
            return SeeingSeat(player)
        return AISeat(player)
    bot = _bot(index, name[len(BOT_PREFIX) :], task.bot_start_timeout)
    fallback = _player(task.game, FALLBACK)
    assert not isinstance(fallback, Omniscient)
    return BotSeat(name, bot, game, fallback, task.bot_timeout)


def play_one_deal(task: Task) -> DealOutput:
    """Every rotation of one deal (twice in a paired run): results, and ``(file name,
    record)`` when kept."""
    game = get_game(task.game)
    deck, first = deck_for(game, task.seed, task.deal)
    rows: list[SeatingResult] = []
    twins: list[SeatingResult] = []
    records: list[tuple[str, str]] = []
    n = len(task.names)

    def play(seating: Seating, suffix: str) -> SeatingResult:
        players = [
            _seat(task, game, (seat - seating.rotation) % n, name)
            for seat, name in enumerate(seating.seats)
        ]
        meta = {"arena_seed": task.seed, "deal": task.deal, "rotation": seating.rotation}
        meta["seats"] = list(seating.seats)  # type: ignore[assignment]
        played = play_deal(game, players, deck, first, seating.seed, meta, task.keep)
        faults = tuple(
            Fault(seating.seats[seat], task.deal, seating.rotation, seat, step, kind, message)
            for seat, step, kind, message in played.faults
        )
        if played.record is not None:
            name = f"{task.game}-{task.deal:05d}-r{seating.rotation}{suffix}.json"
            records.append((name, played.record))
        return SeatingResult(
            task.deal,
            seating.rotation,
            seating.seats,
            played.winners,
            played.scores,
            played.is_draw,
            faults,
        )

    for seating in seatings(task.names, task.seed, task.deal):
        rows.append(play(seating, ""))
        if task.reference is not None:
            seats = list(seating.seats)
            seats[measured_seat(seating.rotation, n)] = task.reference
            twins.append(play(seating._replace(seats=tuple(seats)), "-ref"))
    return rows, twins, records


def measured_seat(rotation: int, players: int) -> int:
    """The seat of the first name (the measured player) in ``rotation``."""
    return rotation % players


def run_arena(
    game: str,
    names: Sequence[str],
    deals: int,
    seed: int,
    workers: int = 1,
    records: Path | None = None,
    progress: Progress | None = None,
    bot_timeout: float = DECISION_TIMEOUT,
    bot_start_timeout: float = START_TIMEOUT,
) -> ArenaResult:
    """Play ``deals`` decks, each in every rotation of ``names``; figures per player.

    A ``cmd:<command>`` name is an external program (docs/bots.md), given
    ``bot_timeout`` seconds per decision; it is started and greeted once before the
    run, so one that cannot play at all raises ``BotError`` at once.
    """
    rows, _ = _run(
        game, names, None, deals, seed, workers, records, progress, bot_timeout, bot_start_timeout
    )
    return merge(game, names, deals, rows)


def run_paired(
    game: str,
    names: Sequence[str],
    reference: str,
    deals: int,
    seed: int,
    workers: int = 1,
    records: Path | None = None,
    progress: Progress | None = None,
    bot_timeout: float = DECISION_TIMEOUT,
    bot_start_timeout: float = START_TIMEOUT,
) -> PairedResult:
    """A run of ``names`` whose every seating is played again with ``reference`` in the
    seat of ``names[0]`` (same deck, same decision seeds)."""
    rows, twins = _run(
        game,
        names,
        reference,
        deals,
        seed,
        workers,
        records,
        progress,
        bot_timeout,
        bot_start_timeout,
    )
    measured = merge(game, names, deals, rows)
    twin = merge(game, (reference, *names[1:]), deals, twins)
    seats = tuple(measured_seat(r.rotation, len(names)) for r in measured.results)
    return PairedResult(measured, twin, seats)


def _run(
    game: str,
    names: Sequence[str],
    reference: str | None,
    deals: int,
    seed: int,
    workers: int,
    records: Path | None,
    progress: Progress | None,
    bot_timeout: float,
    bot_start_timeout: float,
) -> tuple[list[SeatingResult], list[SeatingResult]]:
    players = get_game(game).players
    if len(names) != players:
        raise ValueError(f"{game} needs {players} seats, got {len(names)}: {', '.join(names)}")
    if bot_timeout <= 0 or bot_start_timeout <= 0:
        raise ValueError("the bot timeouts must be more than 0 seconds")
    # Fail early on an unknown name or a dead program.
    for name in dict.fromkeys([*names, *([reference] if reference else [])]):
        if is_bot(name):
            check_bot(name[len(BOT_PREFIX) :], bot_start_timeout)
        else:
            get_arena_player(game, name)
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    keep = records is not None
    tasks = [
        Task(game, tuple(names), seed, d, keep, bot_timeout, bot_start_timeout, reference)
        for d in range(deals)
    ]
    rows: list[SeatingResult] = []
    twins: list[SeatingResult] = []
    try:
        for deal_rows, deal_twins, deal_records in _outputs(tasks, workers):
            rows += deal_rows
            twins += deal_twins
            if records is not None:
                for file_name, text in deal_records:
                    (records / file_name).write_text(text + "\n", encoding="utf-8")
            if progress is not None:
                progress(len(deal_rows))
    finally:
        close_bots()
    return rows, twins


def _outputs(tasks: list[Task], workers: int) -> Iterator[DealOutput]:
    if workers <= 1 or len(tasks) <= 1:
        yield from map(play_one_deal, tasks)
        return
    context = multiprocessing.get_context("spawn" if _is_macos() else "fork")
    pool = context.Pool(workers, initializer=_worker_started)
    try:
        # Unordered for an even load; merge() restores (deal, rotation) order.
        yield from pool.imap_unordered(play_one_deal, tasks, chunksize=1)
        # Workers that run out of tasks exit by themselves and end their programs;
        # terminating them (SIGTERM) is kept for a run that stops early.
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


def _worker_started() -> None:
    """A worker ends its programs when it exits, also when the pool terminates it."""
    multiprocessing.util.Finalize(None, _worker_exiting, exitpriority=10)
    signal.signal(signal.SIGTERM, _exit_on_sigterm)


def _exit_on_sigterm(signum: int, frame: FrameType | None) -> None:
    # SystemExit unwinds the worker, whose exit then runs _worker_exiting.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise SystemExit(0)


def _worker_exiting() -> None:
    # The pool terminates workers that are still exiting: a second SIGTERM must not
    # cut short the ending of the programs.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    close_bots()


def _is_macos() -> bool:
    import sys

    return sys.platform == "darwin"
