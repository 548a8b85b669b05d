"""A fair share of a few worker slots among many clients.

The AI workers are few (one per core) and their jobs are long (a strong decision, a
hint, a judgement of the review: 40 ms to a second of CPU). Handed to the process pool
in the order they came, one client sending many jobs at once — a flood of replay
hints, thirty-two reviews — held every worker, and everyone else's jobs queued behind
them (issue 28: another player's strong moves went from p50 128 ms to 1.6 s).

:class:`FairShare` stands in front of the pool. A job waits for a slot (a worker); at
most ``per_client`` of one client's jobs hold slots at once, fewer than there are
slots, so one client can never hold every worker; and when a slot frees, the clients
with jobs waiting take turns (round robin), whatever the number of jobs each sent. A
job that has not had a slot by its deadline is not started at all: its caller has
given up on it (and, for a decision, let ``basic`` decide), so running it would only
delay the next client.

A slot is held until the job itself ends, not until its caller stops waiting: a
worker whose answer came too late is still busy, and counting it free would hand one
client more workers than its share.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")


class FairShare:
    """Slots handed to clients in turn, at most ``per_client`` at once to one client."""

    def __init__(self, slots: int, per_client: int) -> None:
        """``slots``: the jobs that may run at once (the workers); ``per_client``: how
        many of them one client may hold (at least 1, at most ``slots``)."""
        self.slots = max(1, slots)
        self.per_client = max(1, min(per_client, self.slots))
        self._free = self.slots
        self._holding: dict[str, int] = {}
        self._waiting: dict[str, deque[asyncio.Future[None]]] = {}
        self._turns: deque[str] = deque()
        """The clients with jobs waiting, in the order they are served next."""

    def holding(self, client: str) -> int:
        """How many slots ``client``'s jobs hold now."""
        return self._holding.get(client, 0)

    def waiting(self, client: str) -> int:
        """How many of ``client``'s jobs wait for a slot now."""
        return sum(not ticket.done() for ticket in self._waiting.get(client, ()))

    async def run(
        self,
        client: str,
        start: Callable[[], Awaitable[T]],
        timeout: float | None = None,
    ) -> T:
        """Wait for a slot for ``client``, then ``start()`` the job and await it.

        ``timeout`` (seconds) bounds the whole wait, the slot's and the job's: when it
        runs out before a slot was had, the job never starts; after, the job keeps its
        slot until it ends but its caller stops waiting. Either way :class:`TimeoutError`.
        """
        loop = asyncio.get_running_loop()
        end = None if timeout is None else loop.time() + timeout
        await self._take(client, end)
        try:
            job = asyncio.ensure_future(start())
        except BaseException:
            self._give_back(client)
            raise
        job.add_done_callback(lambda _: self._give_back(client))
        left = None if end is None else max(0.0, end - loop.time())
        # shield: a caller that stops waiting leaves the job (and its slot) to end by itself.
        return await asyncio.wait_for(asyncio.shield(job), left)

    async def _take(self, client: str, end: float | None) -> None:
        if self._free > 0 and not self._turns and self.holding(client) < self.per_client:
            self._grant(client)
            return
        loop = asyncio.get_running_loop()
        ticket: asyncio.Future[None] = loop.create_future()
        queue = self._waiting.setdefault(client, deque())
        queue.append(ticket)
        if client not in self._turns:
            self._turns.append(client)
        self._hand_out()
        left = None if end is None else max(0.0, end - loop.time())
        try:
            await asyncio.wait_for(asyncio.shield(ticket), left)
        except BaseException:
            if ticket.done() and not ticket.cancelled():
                self._give_back(client)  # granted just as the caller gave up
            else:
                ticket.cancel()
                self._forget(client, ticket)
            raise

    def _grant(self, client: str) -> None:
        self._free -= 1
        self._holding[client] = self.holding(client) + 1

    def _give_back(self, client: str) -> None:
        self._free += 1
        left = self.holding(client) - 1
        if left:
            self._holding[client] = left
        else:
            self._holding.pop(client, None)
        self._hand_out()

    def _forget(self, client: str, ticket: asyncio.Future[None]) -> None:
        queue = self._waiting.get(client)
        if queue is None:
            return
        if ticket in queue:
            queue.remove(ticket)
        if not queue:
            del self._waiting[client]
            if client in self._turns:
                self._turns.remove(client)

    def _hand_out(self) -> None:
        """Give free slots to the waiting clients, one job each in turn."""
        skipped = 0
        while self._free > 0 and self._turns and skipped < len(self._turns):
            client = self._turns[0]
            self._turns.rotate(-1)
            if self.holding(client) >= self.per_client:
                skipped += 1
                continue
            queue = self._waiting[client]
            ticket = queue.popleft()
            if not queue:
                del self._waiting[client]
                self._turns.remove(client)
            self._grant(client)
            ticket.set_result(None)
            skipped = 0


__all__ = ["FairShare"]
