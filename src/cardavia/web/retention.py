"""Old deals removed: the cut-offs the settings give, and the server's own pruning.

A deal is about a kilobyte (1.6 once finished), and nothing else ever removes one.
``cardavia prune`` removes what is older than the settings allow; the server does the
same by itself every ``CARDAVIA_PRUNE_EVERY_MINUTES``, in a thread (the store's calls
block), a few hundred deals per short transaction, by version: a deal someone acted
in since it was found is kept (docs/operations.md).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta

from cardavia.store import NEVER, GameStore, Pruned, TableStore
from cardavia.store.repository import now
from cardavia.web.settings import Settings

log = logging.getLogger("cardavia.web")


def prune(store: GameStore, settings: Settings, moment: datetime | None = None) -> Pruned:
    """Remove the deals ``settings`` no longer keeps, as of ``moment`` (now)."""
    moment = moment or now()
    return store.prune(
        idle_before=_cutoff(moment, settings.keep_idle_days),
        finished_before=_cutoff(moment, settings.keep_finished_days),
    )


def prune_tables(tables: TableStore, settings: Settings, moment: datetime | None = None) -> int:
    """Remove the tables of people nobody changed for ``CARDAVIA_KEEP_IDLE_DAYS`` (their
    deals are pruned with the others); how many went."""
    if not settings.keep_idle_days:
        return 0
    return tables.prune(_cutoff(moment or now(), settings.keep_idle_days))


def _cutoff(moment: datetime, days: int) -> datetime:
    return moment - timedelta(days=days) if days else NEVER


async def prune_forever(
    store: GameStore, settings: Settings, tables: TableStore | None = None
) -> None:
    """Prune at start-up, then every ``settings.prune_every_minutes``, until cancelled.

    A failure (the database down for a while) is logged and tried again next time.
    """
    while True:
        try:
            pruned = await asyncio.to_thread(prune, store, settings)
            gone = await asyncio.to_thread(prune_tables, tables, settings) if tables else 0
        except Exception:  # the server must keep serving; the log says what happened
            log.exception("removing old deals failed; trying again later")
        else:
            if pruned.idle or pruned.finished or gone:
                log.info(
                    "removed %d idle and %d finished deals, %d idle tables",
                    pruned.idle, pruned.finished, gone,
                )  # fmt: skip
        await asyncio.sleep(settings.prune_every_minutes * 60)
