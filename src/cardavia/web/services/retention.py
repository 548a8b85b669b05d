"""Old deals removed: the cut-offs the settings give, and the server's own pruning.

A deal is about a kilobyte (1.6 once finished), and nothing else ever removes one.
``cardavia prune`` removes what is older than the settings allow; the server does the
same by itself every ``CARDAVIA_PRUNE_EVERY_MINUTES``, in a thread (the store's calls
block), a few hundred deals per short transaction, by version: a deal someone acted
in since it was found is kept (docs/operations.md). With the deals go idle tables and
the lessons and practice answers of browsers that stopped coming.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from cardavia.store import NEVER, GameStore, Pruned, TableStore
from cardavia.store.repository import now
from cardavia.web.infra.settings import Settings

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


def prune_progress(store: GameStore, settings: Settings, moment: datetime | None = None) -> int:
    """Forget the lessons and practice answers of browsers that did nothing here for
    ``CARDAVIA_KEEP_IDLE_DAYS`` (as an idle deal is forgotten); how many rows went."""
    if not settings.keep_idle_days:
        return 0
    return store.prune_progress(_cutoff(moment or now(), settings.keep_idle_days))


@dataclass(frozen=True, slots=True)
class Removed:
    """What one round of pruning removed."""

    deals: Pruned
    tables: int
    progress: int
    """Rows of lessons done and positions answered."""


def prune_everything(
    store: GameStore, settings: Settings, tables: TableStore | None = None
) -> Removed:
    """One round: old deals, idle tables (when the server keeps any), forgotten progress."""
    deals = prune(store, settings)
    gone = prune_tables(tables, settings) if tables is not None else 0
    return Removed(deals, gone, prune_progress(store, settings))


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
            removed = await asyncio.to_thread(prune_everything, store, settings, tables)
        except Exception:  # the server must keep serving; the log says what happened
            log.exception("removing old deals failed; trying again later")
        else:
            deals = removed.deals
            if deals.idle or deals.finished or removed.tables or removed.progress:
                log.info(
                    "removed %d idle and %d finished deals, %d idle tables, %d rows of "
                    "forgotten progress",
                    deals.idle, deals.finished, removed.tables, removed.progress,
                )  # fmt: skip
        await asyncio.sleep(settings.prune_every_minutes * 60)
