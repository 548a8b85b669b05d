"""How would the AI have done in your seat? ``strong`` plays a person's seat of a
finished deal on the same deck, against the same opponents, off the request path.

The run is the arena's game loop exactly (:class:`~cardavia.records.Deal`, every seat
deciding from its view with ``decision_rng(seed, seat, step)``, the deal's own seed):
the person's seat by ``strong``, the others by :func:`run_levels`, with no time cap,
so it ends as ``cardavia arena`` would end the same deck and seats. The decisions are
asked of :meth:`Thinker.choose_fully` (strong ones in the background worker process).

A deal against the AIs has one run, its person's at seat 0, against the deal's level.
A table of people's deal has one per person, each from their own seat: the table's AI
seats play as they did (their levels), and every other person's seat is played by the
AI that stands in for an absent person at that table (``meta.absent``), the one the
table itself puts in a person's place.

The run is kept as it goes (its decisions so far, the step, when it was written), in
the deal's row or in the person's ``deal_people`` row, so any server process can tell
its progress, and a run whose process went quiet (a restart, a crash) is taken over by
the next request that asks about it and continues from its decisions. Only a finished
deal has a run: it depends on the deck, which a running deal must never reveal in any
way.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from cardavia.games.registry import get_game
from cardavia.records import Deal, Record
from cardavia.records.deal import AnyDeal
from cardavia.store import FINISHED, AIRun, GameStore, StoredGame
from cardavia.store.repository import now
from cardavia.web.infra.thinking import Thinker, Turn
from cardavia.web.presentation.presenters import PERSON

log = logging.getLogger("cardavia.web")

LEVEL = "strong"
"""Who plays the person's seat."""
STAND_IN = "basic"
"""Who plays the other people's seats of a table's deal that does not say (``meta``
without ``absent``: dealt before tables wrote it): the table form's default AI for
absent players."""
LEASE = timedelta(seconds=30)
"""A run not written for this long is taken to have stopped (its process went away)."""
SAVE_EVERY = 0.5
"""Seconds between two writes of a run's progress."""
TRIES = 3
"""Starts of a run before it is given up as failing (a bug, not a busy machine)."""
PER_ADDRESS = 2
"""Runs one address may have in progress in a process at once."""
PER_PROCESS = 8
"""Runs a process keeps in progress at once."""

QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"


class _LeaseLostError(Exception):
    """Another process took this run over (this one had gone quiet for too long)."""


class TooManyRunsError(Exception):
    """This address (or the whole process) has as many runs in progress as allowed."""

    def __init__(self) -> None:
        self.retry_after = 5
        super().__init__(
            "too many of these runs are in progress just now: try again in a few seconds"
        )


@dataclass(frozen=True, slots=True)
class Run:
    """An AI run as stored (``games.ai_run``)."""

    status: str
    decisions: tuple[tuple[int, str], ...] = ()
    step: int = 0
    result: dict[str, Any] | None = None
    tries: int = 0

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Run:
        """The run stored as ``data``."""
        return cls(
            status=str(data["status"]),
            decisions=tuple((int(seat), str(text)) for seat, text in data.get("decisions", ())),
            step=int(data.get("step", 0)),
            result=data.get("result"),
            tries=int(data.get("tries", 0)),
        )

    def to_json(self) -> dict[str, Any]:
        """The run as stored."""
        return {
            "status": self.status,
            "level": LEVEL,
            "decisions": [list(entry) for entry in self.decisions],
            "step": self.step,
            "result": self.result,
            "tries": self.tries,
        }


def run_levels(stored: StoredGame, seat: int = PERSON) -> list[str]:
    """Who plays each seat in the run of ``seat``'s person: :data:`LEVEL` there; in a
    deal against the AIs, the deal's level elsewhere; at a table, each AI seat's own
    level and, for every other person, the table's AI for absent players."""
    count = get_game(stored.game).players
    if stored.meta is None:
        return [LEVEL if other == seat else stored.ai for other in range(count)]
    levels = list(stored.meta.get("levels") or [None] * count)
    stand_in = str(stored.meta.get("absent") or STAND_IN)
    return [LEVEL if other == seat else str(levels[other] or stand_in) for other in range(count)]


def run_record(stored: StoredGame, run: Run, seat: int = PERSON) -> Record:
    """The record of the AI's run in ``seat``: the deal's deck and first seat, the run's
    decisions (a table's deal: its players' names, and who played each seat in the run)."""
    levels = run_levels(stored, seat)
    meta: dict[str, Any] = {"seed": stored.seed, "ai_in_your_seat": True}
    if stored.meta is None:
        meta |= {"players": levels, "ai": stored.ai}
    else:
        meta |= {
            "players": stored.meta.get("players"),
            "table": stored.meta.get("table"),
            "levels": levels,
            "seat": seat,
        }
    return Record(
        stored.game, stored.first, stored.deck, tuple(list(e) for e in run.decisions), meta
    )


def _kept(stored: StoredGame, seat: int) -> int | None:
    """Where ``seat``'s run is stored: with the deal (``None``, a deal against the AIs),
    or with that person's seat of a table's deal."""
    return None if stored.meta is None else seat


class AISeatRunner:
    """Starts, continues and reports the AI runs of one server process."""

    def __init__(self, store: GameStore, thinker: Thinker) -> None:
        self.store = store
        self.thinker = thinker
        self._tasks: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._by_address: dict[str, int] = {}

    def status(self, stored: StoredGame, seat: int = PERSON) -> Run | None:
        """The run in ``seat`` as stored (``None``: never started), for a finished deal."""
        if stored.status != FINISHED:
            return None
        found = self.store.ai_run(stored.id, _kept(stored, seat))
        return None if found is None else Run.from_json(found.run)

    def start(self, stored: StoredGame, client: str = "local", seat: int = PERSON) -> Run:
        """Start the run in ``seat`` (a person's) of the finished deal ``stored`` unless it
        is done or going on (here or in another process); take over a run that stopped.
        Its state now."""
        if stored.status != FINISHED:
            raise ValueError("only a finished deal has an AI run")
        kept = _kept(stored, seat)
        found = self.store.ai_run(stored.id, kept)
        seen = None if found is None else found.at
        current = None if found is None else Run.from_json(found.run)
        if current is not None and (current.status in (DONE, FAILED) or _alive(found)):
            return current
        key = (stored.id, seat)
        if key in self._tasks:  # pragma: no cover - a live task writes its lease
            return current or Run(QUEUED)
        tries = 0 if current is None else current.tries
        if tries >= TRIES:
            failed = Run(FAILED, current.decisions if current else (), tries=tries)
            self.store.write_ai_run(stored.id, failed.to_json(), now(), seen, kept)
            return failed
        if self._by_address.get(client, 0) >= PER_ADDRESS or len(self._tasks) >= PER_PROCESS:
            raise TooManyRunsError
        base = current.decisions if current is not None else ()
        queued = Run(QUEUED, base, current.step if current else 0, tries=tries + 1)
        at = now()
        if not self.store.write_ai_run(stored.id, queued.to_json(), at, seen, kept):
            # Another process took it first: it is theirs.
            again = self.store.ai_run(stored.id, kept)
            return Run.from_json(again.run) if again is not None else queued
        self._by_address[client] = self._by_address.get(client, 0) + 1
        task = asyncio.get_running_loop().create_task(self._run(stored, seat, queued, at))
        self._tasks[key] = task
        task.add_done_callback(lambda _: self._finished(key, client))
        return queued

    def task(self, game_id: str, seat: int = PERSON) -> asyncio.Task[None] | None:
        """The task playing the run in ``seat`` of ``game_id`` in this process, if any."""
        return self._tasks.get((game_id, seat))

    async def close(self) -> None:
        """Stop every run of this process (another process takes them over later)."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _finished(self, key: tuple[str, int], client: str) -> None:
        self._tasks.pop(key, None)
        left = self._by_address.get(client, 1) - 1
        if left > 0:
            self._by_address[client] = left
        else:
            self._by_address.pop(client, None)

    async def _run(self, stored: StoredGame, seat: int, run: Run, at: datetime) -> None:
        try:
            await self._play(stored, seat, run, at)
        except _LeaseLostError:
            log.info("the AI run in seat %d of deal %s was taken over", seat, stored.id)
        except Exception:  # the log says what; the lease lapses and a later start retries
            log.exception("the AI run in seat %d of deal %s failed", seat, stored.id)

    async def _play(self, stored: StoredGame, seat: int, run: Run, at: datetime) -> None:
        deal = _dealt(stored)
        levels = run_levels(stored, seat)
        for _seat, text in run.decisions:  # a run taken over continues where it stopped
            deal.act(text)
        written = time.monotonic()
        while not deal.over:
            state = deal.state
            who = state.to_act
            turn = Turn(stored.game, levels[who], stored.seed, who, state.step, stored.id)
            deal.act(await self.thinker.choose_fully(turn, state.view(who), state.legal_actions()))
            if time.monotonic() - written >= SAVE_EVERY:
                progress = Run(RUNNING, tuple(deal.decisions), deal.state.step, tries=run.tries)
                at = self._write(stored, seat, progress, at)
                written = time.monotonic()
        outcome = deal.state.outcome
        result = None if outcome is None else dict(outcome.to_json())
        done = Run(DONE, tuple(deal.decisions), deal.state.step, result, tries=run.tries)
        self._write(stored, seat, done, at)

    def _write(self, stored: StoredGame, seat: int, run: Run, at: datetime) -> datetime:
        """Store ``run`` over the lease ``at``; the new lease. A lost lease (another
        process took the run over) stops this one: the run is theirs now."""
        stamp = now()
        if not self.store.write_ai_run(stored.id, run.to_json(), stamp, at, _kept(stored, seat)):
            raise _LeaseLostError
        return stamp


def _alive(found: AIRun | None) -> bool:
    """True while a run's process keeps writing it."""
    return found is not None and now() - _aware(found.at) < LEASE


def _aware(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes; the store writes UTC.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _dealt(stored: StoredGame) -> AnyDeal:
    game = get_game(stored.game)
    deck = tuple(game.parse_card(code) for code in stored.deck)
    return Deal(game, deck, stored.first)
