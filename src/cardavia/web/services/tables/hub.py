"""This process's browsers at its tables, and pushing each the frame of its seat.

A watcher is one browser at one seat: a WebSocket, or a long-polling request. When a
table changes — a commit of this process (the service tells the hub, with the table as
written) or of another process (PostgreSQL's ``NOTIFY``: the hub reads the table once)
— every watcher of that table is woken; each builds its own seat's frame and sends it if
it differs from the last one it sent. A slow browser is never queued up: its watcher
sends the newest frame when the last send is done, with every event since the last one
it got (:func:`cardavia.web.services.tables.frames.frame` takes where its log stands).

Each watcher costs a frame at every change, so their number is bounded (issue 28, hole
3: 3,000 sockets on one seat once turned 25 moves into 78,000 frames):
:data:`WATCHERS_PER_SEAT` per seat and :data:`WATCHERS_PER_ADDRESS` per client address,
per process; one more is refused in words (:class:`TooManyWatchersError`, 429). An
address may also open only :data:`OPENS_BURST` sockets at once and
:data:`OPENS_PER_SECOND` after that: a refused socket is answered before the store is
read, so that a script opening sockets back to back costs the other clients nothing
but the handshakes.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from cardavia.web.services.tables.frames import Moment, digest, frame
from cardavia.web.services.tables.model import presence_matters
from cardavia.web.services.tables.service import TableNotFoundError, TableService

log = logging.getLogger("cardavia.web")

WATCHERS_PER_SEAT = 4
"""Browsers watching one seat at once: a person's tab, another device, and a socket
reconnecting while its old one has not yet timed out."""
WATCHERS_PER_ADDRESS = 32
"""Browsers one client address may have watching tables at once: a household or a
class behind one address, each at a table or two."""
OPENS_BURST = 8
OPENS_PER_SECOND = 1.0
"""Sockets one address may open: a few tabs at once, then one a second (a page that
lost its socket waits a second or more before it tries again)."""
_ADDRESSES_KEPT = 4096
"""Addresses whose recent opens are remembered; beyond, those with a full bucket go."""


class TooManyWatchersError(Exception):
    """One browser more than a seat or an address may have watching (429)."""

    retry_after = 5


class Bucket:
    """A token bucket: ``burst`` at once, ``rate`` a second after that (a socket's
    messages: a browser sends a ping every 20 s and a command a decision, far below;
    an address's new sockets)."""

    def __init__(self, burst: float = 30, rate: float = 10) -> None:
        self.burst, self.rate = burst, rate
        self.tokens = burst
        self.at = time.monotonic()
        self.refused = 0

    def take(self) -> bool:
        """True when one more message is allowed now."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.refused += 1
        return False

    def full(self) -> bool:
        """True when the bucket has refilled: nothing recent to remember."""
        elapsed = time.monotonic() - self.at
        return self.tokens + elapsed * self.rate >= self.burst


@dataclass(eq=False)
class Watcher:
    """One browser watching a table from one seat."""

    table_id: str
    seat: int
    token_hash: str
    since: int = 0
    """How many events of its seat's log the browser has."""
    deal_id: str | None = None
    """The deal those events belong to (a new deal starts the log again)."""
    last: str | None = None
    """The fingerprint of the last frame sent (without its events)."""
    woken: asyncio.Event = field(default_factory=asyncio.Event)
    gone: str | None = None
    """Why this browser may no longer watch (the host removed its seat)."""
    address: str = ""
    """The client address it counts against (:data:`WATCHERS_PER_ADDRESS`)."""


class Hub:
    """Every watcher of this process, by table."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.watchers: dict[str, set[Watcher]] = {}
        self.moments: dict[str, Moment] = {}
        """The newest version of each watched table this process has read."""
        self._reading: set[str] = set()
        self._by_address: dict[str, int] = {}
        self._opens: dict[str, Bucket] = {}
        service.listeners.append(self.committed)

    # -- who is here ---------------------------------------------------------------------

    def admit(self, address: str) -> None:
        """Count a socket ``address`` opens; :class:`TooManyWatchersError` when it opens
        them faster than :data:`OPENS_PER_SECOND` after a burst of :data:`OPENS_BURST`."""
        bucket = self._opens.get(address)
        if bucket is None:
            if len(self._opens) >= _ADDRESSES_KEPT:
                self._opens = {key: kept for key, kept in self._opens.items() if not kept.full()}
            bucket = self._opens[address] = Bucket(OPENS_BURST, OPENS_PER_SECOND)
        if not bucket.take():
            raise TooManyWatchersError(
                "your address is opening table connections too fast: wait a few seconds, "
                "then reload the page"
            )

    def watch(self, watcher: Watcher, moment: Moment) -> None:
        """Start pushing ``watcher`` its frames (from ``moment``, the table as read);
        :class:`TooManyWatchersError` when its seat or its address has enough already."""
        here = self.watchers.get(watcher.table_id, set())
        if sum(other.seat == watcher.seat for other in here) >= WATCHERS_PER_SEAT:
            raise TooManyWatchersError(
                f"this seat is already open in {WATCHERS_PER_SEAT} windows: close one of "
                "them, then try again"
            )
        if self._by_address.get(watcher.address, 0) >= WATCHERS_PER_ADDRESS:
            raise TooManyWatchersError(
                f"your address already has {WATCHERS_PER_ADDRESS} tables open: close some "
                "of them, then try again"
            )
        self._by_address[watcher.address] = self._by_address.get(watcher.address, 0) + 1
        self.watchers.setdefault(watcher.table_id, set()).add(watcher)
        self._keep(moment)
        watcher.woken.set()

    def unwatch(self, watcher: Watcher) -> bool:
        """Stop; True when no other watcher of this process holds the same seat."""
        found = self.watchers.get(watcher.table_id, set())
        if watcher in found:
            left = self._by_address[watcher.address] - 1
            if left:
                self._by_address[watcher.address] = left
            else:
                del self._by_address[watcher.address]
        found.discard(watcher)
        if not found:
            self.watchers.pop(watcher.table_id, None)
            self.moments.pop(watcher.table_id, None)
        return not any(other.seat == watcher.seat for other in found)

    def seats(self) -> list[tuple[str, int]]:
        """Every (table, seat) a browser watches from this process whose presence
        matters (:func:`presence_matters`): the leases to renew."""
        found = set()
        for table_id, group in self.watchers.items():
            known = self.moments.get(table_id)
            if known is not None and not presence_matters(known.table):
                continue
            found |= {(watcher.table_id, watcher.seat) for watcher in group}
        return sorted(found)

    # -- news ------------------------------------------------------------------------------

    def committed(self, moment: Moment) -> None:
        """This process wrote the table as ``moment``: wake its watchers."""
        if moment.table.id in self.watchers:
            self._keep(moment)

    def changed(self, table_id: str, version: int | None = None) -> None:
        """``table_id`` changed (another process announced its ``version``): read it
        once and wake its watchers."""
        if table_id not in self.watchers or table_id in self._reading:
            return
        known = self.moments.get(table_id)
        if version is not None and known is not None and known.table.version >= version:
            return  # this process's own commit, announced back to it
        self._reading.add(table_id)
        try:
            moment = self.service.read(table_id)
        except TableNotFoundError:
            moment = None
        except Exception:
            log.exception("reading table %s for its watchers failed", table_id)
            return
        finally:
            self._reading.discard(table_id)
        if moment is None:
            for watcher in self.watchers.get(table_id, ()):
                watcher.gone = "this table no longer exists"
                watcher.woken.set()
            return
        self._keep(moment)

    def everything_changed(self) -> None:
        """Read every watched table again (the news channel was down for a while)."""
        for table_id in list(self.watchers):
            self.changed(table_id)

    def _keep(self, moment: Moment) -> None:
        table_id = moment.table.id
        known = self.moments.get(table_id)
        if known is not None and known.table.version > moment.table.version:
            return  # an older read arriving late
        self.moments[table_id] = moment
        for watcher in self.watchers.get(table_id, ()):
            if moment.table.seats[watcher.seat].token_hash != watcher.token_hash:
                watcher.gone = "the host gave your seat at this table to an AI"
            watcher.woken.set()

    # -- one watcher's frames --------------------------------------------------------------

    def frame_of(self, moment: Moment, seat: int, since: int, deal: str | None) -> dict[str, Any]:
        """``seat``'s frame of ``moment``, with the events of its log from ``since`` on
        when the browser's events are of ``deal`` (else all of them), and its mark."""
        current = moment.live.stored.id if moment.live is not None else None
        data = frame(moment, seat, since if deal == current else 0, self.service.away_seconds)
        shown = data["deal"]
        if shown is not None and shown["result"] is not None and current is not None:
            # The end on show: the seat's own count of hinted decisions, final by now (a
            # hint is counted as it is asked, while its decision is open).
            shown["hints"] = len(self.service.tables.games.seat_hints(current, seat))
        data["mark"] = _fingerprint(data)
        return data

    def frame_for(self, watcher: Watcher) -> dict[str, Any] | None:
        """The watcher's frame now, or ``None`` when it would say nothing new."""
        moment = self.moments.get(watcher.table_id)
        if moment is None:
            return None
        data = self.frame_of(moment, watcher.seat, watcher.since, watcher.deal_id)
        deal = data["deal"]
        if data["mark"] == watcher.last and not (deal and deal["events"]):
            return None
        watcher.last = data["mark"]
        watcher.deal_id = deal["id"] if deal else None
        watcher.since = deal["seen"] if deal else 0
        return data

    async def push(
        self, watcher: Watcher, send: Callable[[dict[str, Any]], Awaitable[None]]
    ) -> str:
        """Send ``watcher`` every new frame until it is gone; why it is gone."""
        while watcher.gone is None:
            await watcher.woken.wait()
            watcher.woken.clear()
            if watcher.gone is not None:
                break
            data = self.frame_for(watcher)
            if data is not None:
                await send(data)
        return watcher.gone

    async def next_frame(self, watcher: Watcher, seconds: float) -> dict[str, Any] | None:
        """For a long poll: the watcher's frame as soon as it says something new, or
        ``None`` after ``seconds``."""
        deadline = asyncio.get_running_loop().time() + seconds
        while watcher.gone is None:
            data = self.frame_for(watcher)
            if data is not None:
                return data
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                return None
            try:
                await asyncio.wait_for(watcher.woken.wait(), left)
            except TimeoutError:
                return None
            watcher.woken.clear()
        return None


def _fingerprint(data: dict[str, Any]) -> str:
    """The frame's fingerprint without its events (they are new each time by nature)."""
    deal = data["deal"]
    if deal is None:
        return digest(data)
    return digest({**data, "deal": {**deal, "events": []}})
