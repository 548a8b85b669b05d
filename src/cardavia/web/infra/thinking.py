"""The AIs' decisions for the web, off the event loop: worker processes, a time cap, and
a bound on how much AI work one client can have in progress.

The strong AIs search for 40-250 ms of CPU-bound Python per decision. Run on the event
loop, four clients playing strong deals back to back stalled every other request of
the process for seconds. Here:

- A strong decision runs in a worker process (:func:`make_pool`: one per core by default,
  started with ``spawn`` and at a lower priority, so that the server process's own work
  — reads, basic AIs — comes first when the cores are busy) and is awaited: the event
  loop serves other requests meanwhile. The worker gets the seat's view and legal
  actions only, and builds its player from the registry by ``(game, level)``.
- A decision that has not come back within ``CARDAVIA_AI_SECONDS`` is made by ``basic``
  instead, on the same ``decision_rng(seed, seat, step)``, and the server logs it. Either
  way the record holds the decision that was played, so the deal replays exactly.
- ``basic`` (0.1 ms a decision) always decides inline: a trip to a worker costs more.
- Every job for the workers (a decision, a hint, a judgement, the replay viewer's
  suggestion) goes through one :class:`~cardavia.web.infra.fair_share.FairShare` keyed by its
  client: a client holds at most half the workers at once (:func:`share_per_client`),
  and clients with jobs waiting take turns, so that no one client's flood of hints or
  reviews can hold every worker. A job not started by its deadline is not started.

- Hints (the coach's verdict, ``ai/verdict.py``: ``strong``'s choice and its facts) go to
  the same workers under a longer cap (:data:`HINT_SECONDS`). Their generator is the
  verdict's own (a hash of the seat's view), never the deal's. A late hint has no
  stand-in: another player's choice shown as the coach's would be a second opinion of
  the position, which the review and the replay viewer might contradict (issue 27), so
  the person is told the coach is busy (:class:`CoachBusyError`, 503) and asks again.

A player factory given by a test (``create_app(players=...)``) decides inline, as before.

Work that no person waits for at the table (the AI's run in the person's seat after a
deal, :mod:`cardavia.web.services.ai_seat`) decides without a time cap, so that it plays exactly
as the arena would, in one more worker process of its own at the lowest priority: it
never queues in front of a table's decision, and gets the CPU the tables leave.
"""

from __future__ import annotations

import asyncio
import ctypes
import logging
import math
import multiprocessing
import os
import random
import signal
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from cardavia.ai.base import AnyPlayer
from cardavia.ai.registry import get_player
from cardavia.ai.seeding import decision_rng
from cardavia.ai.verdict import Verdict, coach, verdict
from cardavia.web.infra.fair_share import FairShare

log = logging.getLogger("cardavia.web")

OFFLOADED = frozenset({"strong"})
"""The AI levels whose decisions go to the workers; every other level decides inline."""
FALLBACK = "basic"
"""Who decides when a worker's decision is late: sound play, in a tenth of a millisecond."""
HINT_SECONDS = 3
"""A hint's time cap, in AI time caps (``CARDAVIA_AI_SECONDS``)."""
NICENESS = 10
"""How much lower the workers' priority is than the server process's."""
BACKGROUND_NICENESS = 19
"""The background worker's priority: the lowest, below the tables' workers."""


# -- in the worker process ------------------------------------------------------------------

_players: dict[tuple[str, str], AnyPlayer] = {}


def _start_worker(parent: int, niceness: int = NICENESS) -> None:
    die_with_parent(parent)
    # Ctrl-C reaches the whole process group: the server shuts the pool down itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(niceness)


def die_with_parent(parent: int) -> None:
    """Have Linux end this process when ``parent``, which started it, ends, however it
    ends; and end it now if ``parent`` already has (it died while this one was starting).

    A server killed outright (SIGKILL, the OOM killer) runs no clean-up: without this its
    worker processes lived on, idle, for good (and a Granian worker went on serving).
    """
    if sys.platform.startswith("linux"):
        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(0)


def _player(game: str, level: str) -> AnyPlayer:
    player = _players.get((game, level))
    if player is None:
        player = _players[(game, level)] = get_player(game, level)
    return player


def warm(games: Sequence[str]) -> None:
    """Build the offloaded players of ``games`` (imports, tables) before the first turn."""
    for game in games:
        coach(game)
        for level in OFFLOADED:
            _player(game, level)


@dataclass(frozen=True, slots=True)
class Turn:
    """Whose decision it is: the AI, the deal, the seat and the step."""

    game: str
    level: str
    seed: int
    seat: int
    step: int
    deal_id: str
    """For the log only (never sent to the worker's player)."""
    client: str = "local"
    """Whose request (or table) the decision is made for: its share of the workers
    (never sent to the worker's player)."""

    def rng(self) -> random.Random:
        """The decision's generator: the same wherever and whenever it is decided."""
        return decision_rng(self.seed, self.seat, self.step)


def decide(turn: Turn, view: Any, legal: Sequence[Any], deadline: float) -> int | None:
    """The index in ``legal`` of ``turn.level``'s choice; ``None`` when the job only
    started after ``deadline`` (``time.monotonic``, one clock for every process of a
    machine): the server has let ``basic`` decide already, so a search would be wasted."""
    if time.monotonic() > deadline:
        return None
    choice = _player(turn.game, turn.level).choose(view, legal, turn.rng())
    return list(legal).index(choice)


def give_hint(
    game: str, view: Any, legal: Sequence[Any], deadline: float = math.inf
) -> tuple[int, Any] | None:
    """The coach's recommendation for the seat of ``view`` (:func:`ai.verdict.verdict`,
    the opinion the review and the replay viewer give too): its index in ``legal`` and
    the reason's facts; ``None`` when the job only started after ``deadline``."""
    if time.monotonic() > deadline:
        return None
    found = verdict(game, view, legal)
    return list(legal).index(found.action), found.reason


def judge_decision(game: str, decision: tuple[Any, Sequence[Any], Any]) -> Verdict:
    """The coach's verdict on one past decision (the hint's, with the choice weighed
    against it in common worlds when they differ): the review keeps it when it is
    significant (``ai.review.Finding.of``)."""
    view, legal, chosen = decision
    return verdict(game, view, legal, chosen)


def make_pool(workers: int, niceness: int = NICENESS) -> ProcessPoolExecutor:
    """The worker processes (started when first needed)."""
    # spawn, not fork: the server process has threads and open database connections.
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(
        workers,
        mp_context=context,
        initializer=_start_worker,
        initargs=(os.getpid(), niceness),
    )


def share_per_client(workers: int) -> int:
    """How many workers one client's jobs may hold at once: half of them (at least one),
    so that however many jobs one client sends, the others always find a worker."""
    return max(1, workers // 2)


class CoachBusyError(Exception):
    """No worker had time for the coach's recommendation within its cap (503): asked
    again, it is found then (the job that started goes on and is remembered)."""

    retry_after = 2

    def __init__(self) -> None:
        super().__init__("the coach is busy with other players' positions: ask again in a moment")


# -- in the server process ------------------------------------------------------------------


class Thinker:
    """Gets each AI decision: inline, or from the workers under a time cap."""

    def __init__(
        self,
        players: Callable[[str, str], AnyPlayer] | None = None,
        workers: int = 0,
        seconds: float = 1.0,
        pool: Executor | None = None,
    ) -> None:
        """``players`` (a test's factory) decide everything inline; else the registry's
        players do, the :data:`OFFLOADED` levels in ``workers`` processes (or ``pool``);
        with neither, inline too."""
        self._factory = players or get_player
        if pool is None and workers > 0 and players is None:
            pool = make_pool(workers)
        self._inline_only = players is not None or pool is None
        self._pool = pool
        self._workers = workers
        self._share = FairShare(max(workers, 1), share_per_client(workers))
        self._background: Executor | None = None
        self.seconds = seconds
        self._players: dict[tuple[str, str], AnyPlayer] = {}
        self.fallbacks = 0
        """Decisions ``basic`` made because the worker's was late (since start-up)."""
        self.late_hints = 0
        """Hints answered "the coach is busy" because the workers were late (since start-up)."""

    def offloaded(self, level: str) -> bool:
        """True when ``level``'s decisions go to the workers (and are awaited)."""
        return not self._inline_only and level in OFFLOADED

    def choose_inline(self, turn: Turn, view: Any, legal: Sequence[Any]) -> Any:
        """``turn``'s decision made here and now: for a level that is not
        :meth:`offloaded`, without a trip through the event loop."""
        return self._inline(turn.game, turn.level).choose(view, legal, turn.rng())

    async def choose(self, turn: Turn, view: Any, legal: Sequence[Any]) -> Any:
        """One of ``legal``: ``turn``'s decision from the seat's ``view``."""
        if not self.offloaded(turn.level):
            return self.choose_inline(turn, view, legal)
        deadline = time.monotonic() + self.seconds
        try:
            index = await self._offload(
                turn.client, self.seconds, decide, turn, view, legal, deadline
            )
        except TimeoutError:
            index = None
            reason = f"no decision within {self.seconds:g} s"
        except BrokenProcessPool:
            index = None
            reason = "the AI worker processes stopped (restarting them)"
            self._restart_pool()
        else:
            reason = "it started after its time was up"
        if index is not None:
            return legal[index]
        self.fallbacks += 1
        log.warning(
            "%s AI of deal %s, seat %d, step %d: %s; %s decided instead",
            turn.level, turn.deal_id, turn.seat, turn.step, reason, FALLBACK,
        )  # fmt: skip
        return self._inline(turn.game, FALLBACK).choose(view, legal, turn.rng())

    async def choose_fully(self, turn: Turn, view: Any, legal: Sequence[Any]) -> Any:
        """``turn``'s decision with no time cap, as the arena makes it: in the background
        worker for the :data:`OFFLOADED` levels (started when first needed), else inline.
        A worker that died is replaced and the decision asked again, once."""
        if not self.offloaded(turn.level):
            return self._inline(turn.game, turn.level).choose(view, legal, turn.rng())
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            if self._background is None:
                self._background = make_pool(1, BACKGROUND_NICENESS)
            job = loop.run_in_executor(self._background, decide, turn, view, legal, math.inf)
            try:
                index = await job
            except BrokenProcessPool:
                self._background.shutdown(wait=False, cancel_futures=True)
                self._background = None
                if attempt == 2:
                    raise
                continue
            assert index is not None  # no deadline: the job always decides
            return legal[index]
        raise AssertionError("unreachable")  # pragma: no cover

    async def hint(
        self, game: str, view: Any, legal: Sequence[Any], client: str = "local"
    ) -> tuple[Any, Any]:
        """The coach's recommendation among ``legal`` for the seat of ``view`` and its
        reason (:func:`give_hint`); from the workers when there are any, in ``client``'s
        share of them. :class:`CoachBusyError` when they are late: never another
        player's opinion in the coach's name (the site answers 503, ask again)."""
        try:
            return await self.recommend(game, view, legal, client)
        except CoachBusyError:
            self.late_hints += 1
            log.warning("hint in %s: no answer within %g s", game, HINT_SECONDS * self.seconds)
            raise

    async def recommend(
        self, game: str, view: Any, legal: Sequence[Any], client: str = "local"
    ) -> tuple[Any, Any]:
        """The coach's verdict among ``legal`` for the seat of ``view`` (:func:`give_hint`)
        and its reason, with no stand-in: :class:`CoachBusyError` when the workers did
        not answer within a hint's cap (the hint and the replay viewer say so rather
        than show another player's opinion as the coach's)."""
        if self._pool is None or self._inline_only:
            found = give_hint(game, view, legal)
            assert found is not None  # no deadline
            return legal[found[0]], found[1]
        # A person waits for a hint as for a move, but no deal waits on it: it gets
        # longer than a move (a worker still starting, a busy machine).
        seconds = HINT_SECONDS * self.seconds
        deadline = time.monotonic() + seconds
        try:
            found = await self._offload(client, seconds, give_hint, game, view, legal, deadline)
        except (TimeoutError, BrokenProcessPool) as exc:
            if isinstance(exc, BrokenProcessPool):
                self._restart_pool()
            raise CoachBusyError from exc
        if found is None:
            raise CoachBusyError
        return legal[found[0]], found[1]

    async def judge(
        self, game: str, decision: tuple[Any, Sequence[Any], Any], client: str = "local"
    ) -> Verdict:
        """One decision of a finished deal judged (:func:`judge_decision`): in a worker,
        in ``client``'s share of them, or without workers on a thread, never on the
        event loop. No time cap: a review is not awaited by a move."""
        if self._pool is None or self._inline_only:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(None, judge_decision, game, decision)
        found: Verdict = await self._offload(client, None, judge_decision, game, decision)
        return found

    async def offload(self, client: str, job: Callable[..., Any], *args: Any) -> Any:
        """``job(*args)``, a pure function of its arguments that takes long (a replay's
        timeline), in a worker in ``client``'s share; without workers, on a thread.
        Never on the event loop."""
        if self._pool is None or self._inline_only:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(None, job, *args)
        return await self._offload(client, None, job, *args)

    async def _offload(
        self, client: str, seconds: float | None, job: Callable[..., Any], *args: Any
    ) -> Any:
        """``job(*args)`` in a worker, in ``client``'s share of them, waited for at most
        ``seconds`` (:class:`TimeoutError` beyond, the slot's wait included)."""
        loop = asyncio.get_running_loop()

        def start() -> asyncio.Future[Any]:
            assert self._pool is not None
            return loop.run_in_executor(self._pool, job, *args)

        return await self._share.run(client, start, seconds)

    def warm_up(self, games: Sequence[str]) -> None:
        """Start the workers and build their players now, not on a person's first turn
        (without waiting: the server listens meanwhile)."""
        if self._pool is not None and not self._inline_only:
            for _ in range(max(self._workers, 1)):
                self._pool.submit(warm, tuple(games))

    def close(self) -> None:
        """Stop the workers: queued decisions are dropped, one in progress ends first (a
        few hundred ms at most), so that no worker outlives the server."""
        for pool in (self._pool, self._background):
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)

    def _inline(self, game: str, level: str) -> AnyPlayer:
        key = (game, level)
        player = self._players.get(key)
        if player is None:
            player = self._players[key] = self._factory(game, level)
        return player

    def _restart_pool(self) -> None:
        if self._pool is not None and self._workers > 0:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = make_pool(self._workers)
