"""Run an arena: deals spread over processes, results gathered in deal order.

A worker needs only ``(game, names, seed, deal)`` to play every rotation of a deal:
the deck, the seats and every decision's generator follow from them
(:mod:`.schedule`, :func:`cardavia.ai.seeding.decision_rng`), and players keep no
state between decisions. So ``--workers K`` gives exactly the results of one process.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from cardavia.ai.base import AnyPlayer
from cardavia.ai.registry import get_player
from cardavia.arena.loop import play_deal
from cardavia.arena.results import ArenaResult, SeatingResult, merge
from cardavia.arena.schedule import deck_for, seatings
from cardavia.games.registry import get_game

Progress = Callable[[int], None]
"""Called with the number of seatings just finished."""

_PLAYERS: dict[tuple[str, str], AnyPlayer] = {}


def _player(game: str, name: str) -> AnyPlayer:
    """One player object per (game, name) per process: players keep no state."""
    key = (game, name)
    if key not in _PLAYERS:
        _PLAYERS[key] = get_player(game, name)
    return _PLAYERS[key]


Task = tuple[str, tuple[str, ...], int, int, bool]
DealOutput = tuple[list[SeatingResult], list[tuple[str, str]]]


def play_one_deal(task: Task) -> DealOutput:
    """Every rotation of one deal: results, and ``(file name, record)`` when kept."""
    game_name, names, seed, deal, keep = task
    game = get_game(game_name)
    deck, first = deck_for(game, seed, deal)
    rows: list[SeatingResult] = []
    records: list[tuple[str, str]] = []
    for seating in seatings(names, seed, deal):
        players = [_player(game_name, name) for name in seating.seats]
        meta = {"arena_seed": seed, "deal": deal, "rotation": seating.rotation}
        meta["seats"] = list(seating.seats)  # type: ignore[assignment]
        played = play_deal(game, players, deck, first, seating.seed, meta, keep)
        rows.append(
            SeatingResult(
                deal,
                seating.rotation,
                seating.seats,
                played.winners,
                played.scores,
                played.is_draw,
            )
        )
        if played.record is not None:
            records.append((f"{game_name}-{deal:05d}-r{seating.rotation}.json", played.record))
    return rows, records


def run_arena(
    game: str,
    names: Sequence[str],
    deals: int,
    seed: int,
    workers: int = 1,
    records: Path | None = None,
    progress: Progress | None = None,
) -> ArenaResult:
    """Play ``deals`` decks, each in every rotation of ``names``; figures per player."""
    players = get_game(game).players
    if len(names) != players:
        raise ValueError(f"{game} needs {players} seats, got {len(names)}: {', '.join(names)}")
    for name in set(names):
        get_player(game, name)  # fail early on an unknown name
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    tasks: list[Task] = [(game, tuple(names), seed, d, records is not None) for d in range(deals)]
    rows: list[SeatingResult] = []
    for deal_rows, deal_records in _outputs(tasks, workers):
        rows += deal_rows
        if records is not None:
            for file_name, text in deal_records:
                (records / file_name).write_text(text + "\n", encoding="utf-8")
        if progress is not None:
            progress(len(deal_rows))
    return merge(game, names, deals, rows)


def _outputs(tasks: list[Task], workers: int) -> Iterator[DealOutput]:
    if workers <= 1 or len(tasks) <= 1:
        yield from map(play_one_deal, tasks)
        return
    context = multiprocessing.get_context("spawn" if _is_macos() else "fork")
    with context.Pool(workers) as pool:
        # Unordered for an even load; merge() restores (deal, rotation) order.
        yield from pool.imap_unordered(play_one_deal, tasks, chunksize=1)


def _is_macos() -> bool:
    import sys

    return sys.platform == "darwin"
