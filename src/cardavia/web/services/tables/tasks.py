"""What every server process does for the tables by itself, in the background.

- :func:`sweep_forever`: every half second, the tables whose ``due_at`` has come (a
  timer ran out, an AI must move, an away person's grace is over) and the presence
  leases that ran out. Every process looks; the first to commit does it, the others
  find it done (the version decides), so a deadline fires exactly once, whichever
  processes are alive.
- :func:`renew_forever`: the leases of the people connected to this process.
- :func:`listen_forever`: on PostgreSQL, ``LISTEN`` for the tables other processes
  changed (psycopg 3's asyncio connection, apart from the pool); after the connection
  drops it reconnects and reads every watched table again, since notifications sent
  meanwhile are lost to it.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

import psycopg

from cardavia.store import TABLES_CHANNEL, StoreUnavailableError, normalize_url
from cardavia.web.services.tables.hub import Hub
from cardavia.web.services.tables.service import LEASE_SECONDS, TableService

log = logging.getLogger("cardavia.web")

SWEEP_SECONDS = 0.5
"""How often each process looks for due tables and lapsed leases: a countdown that
reaches zero is acted on within this."""
RENEW_SECONDS = 10.0
"""How often a process renews its people's leases (a third of a lease)."""


async def sweep_forever(service: TableService, every: float = SWEEP_SECONDS) -> None:
    """Act on due tables and lapsed leases, for ever."""
    while True:
        try:
            await sweep(service)
        except StoreUnavailableError:
            log.warning("the game store cannot be reached: tables wait")
        except Exception:
            log.exception("sweeping the tables failed")
        await asyncio.sleep(every)


async def sweep(service: TableService) -> None:
    """One look: lapsed leases first (the people away), then due tables."""
    at = service.clock()
    for lease in service.tables.lapsed(at):
        await service.lapse(lease)
    for table_id in service.tables.due(at):
        await service.tick(table_id)


async def renew_forever(service: TableService, hub: Hub, every: float = RENEW_SECONDS) -> None:
    """Renew the leases of this process's connected people, for ever."""
    while True:
        await asyncio.sleep(every)
        try:
            until = service.clock() + timedelta(seconds=LEASE_SECONDS)
            service.tables.touch(hub.seats(), until)
        except Exception:
            log.exception("renewing the presence leases failed")


async def listen_forever(database_url: str, hub: Hub) -> None:
    """Wake the watchers of every table another process changed (PostgreSQL only)."""
    url = normalize_url(database_url).set(drivername="postgresql")
    dsn = url.render_as_string(hide_password=False)
    pause = 0.5
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as conn:
                await conn.execute(f"LISTEN {TABLES_CHANNEL}")
                pause = 0.5
                # Whatever was announced while this process was not listening is lost.
                hub.everything_changed()
                async for note in conn.notifies():
                    table_id, _, version = note.payload.partition(" ")
                    hub.changed(table_id, int(version) if version.isdigit() else None)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("listening for table changes failed (%s): again in %.1f s", exc, pause)
        await asyncio.sleep(pause)
        pause = min(pause * 2, 5.0)
