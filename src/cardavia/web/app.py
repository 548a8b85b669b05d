"""The web app, assembled in one factory.

Nothing happens at import time: :func:`create_app` builds the app from its settings,
and its lifespan opens the database, brings the schema up to date and makes the deal
service; ``TestClient(app)`` used as a context manager runs that lifespan too.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from fastapi import Depends, FastAPI
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

import cardavia
from cardavia.ai.base import AnyPlayer
from cardavia.store import GameStore, TableStore, open_engine, upgrade
from cardavia.web import dependencies, errors
from cardavia.web.dependencies import AppState, Services
from cardavia.web.infra import security
from cardavia.web.infra.assets import install as install_static
from cardavia.web.infra.security import NewGameLimiter
from cardavia.web.infra.settings import Settings
from cardavia.web.infra.thinking import Thinker
from cardavia.web.presentation import rendering
from cardavia.web.presentation.rendering import Pages, make_environment
from cardavia.web.routes import (
    ai_seat,
    game_pages,
    learn,
    practice,
    replays,
    table_pages,
    your_deals,
)
from cardavia.web.routes import (
    tables as table_routes,
)
from cardavia.web.routes.shell import router as shell_router
from cardavia.web.services import retention
from cardavia.web.services.ai_seat import AISeatRunner
from cardavia.web.services.deals import GAMES, DealService
from cardavia.web.services.reviews import Reviews
from cardavia.web.services.tables import tasks
from cardavia.web.services.tables.hub import Hub
from cardavia.web.services.tables.service import TableService

DESCRIPTION = """Play Sì Sè Pái and Chuo Pai against Cardavia's AIs or with friends. Every
deal is played at a table: `POST /api/tables` (with `start`, a table of AIs dealt at once)
returns the seat's token, which every call about the table needs, as
`Authorization: Bearer <token>`. Errors are `{"error": "..."}` and change nothing."""


ROUTERS = (
    ai_seat.router,
    table_routes.router,
    game_pages.router,
    your_deals.router,
    learn.router,
    practice.router,
    replays.router,
    table_pages.router,
    shell_router,  # the manifest, the service worker, the offline page
)
"""Every route of the site, one router per module; none imports another (pyproject.toml's
import contracts say so)."""


def create_app(
    settings: Settings | None = None,
    *,
    players: Callable[[str, str], AnyPlayer] | None = None,
    table_store: Callable[[GameStore], TableStore] = TableStore,
) -> FastAPI:
    """The Cardavia web app for ``settings`` (default: from the environment).

    ``players(game, level)`` makes the AI players (default: the AI registry); tests pass
    their own to pin the AIs down. ``table_store`` makes the store of people's tables; a
    test passes one that holds each write until another process reads the same version,
    so that two processes race to the write every time, not by chance.
    """
    settings = settings if settings is not None else Settings.from_env()
    state = AppState(settings, NewGameLimiter(settings.new_games_per_minute))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = open_engine(settings.database_url)
        upgrade(engine)
        _tune_collector()
        # The registry's strong AIs decide in worker processes; a test's own players
        # decide inline (cardavia.web.infra.thinking).
        thinker = Thinker(players, workers=settings.ai_workers, seconds=settings.ai_seconds)
        thinker.warm_up(GAMES)
        store = GameStore(engine)
        deals = DealService(store, cache_deals=settings.cache_deals, thinker=thinker)
        people_tables = table_store(store)
        tables = TableService(
            people_tables,
            deals,
            away_seconds=settings.away_seconds,
            hold_seconds=settings.hold_seconds,
        )
        services = Services(
            deals=deals,
            reviews=Reviews(deals),
            ai_seat=AISeatRunner(store, thinker),
            tables=tables,
            hub=Hub(tables),
        )
        state.services = services
        background = [
            tasks.sweep_forever(tables),
            tasks.renew_forever(tables, services.hub),
        ]
        if people_tables.notifies:
            background.append(tasks.listen_forever(settings.database_url, services.hub))
        if settings.prune_every_minutes:
            background.append(retention.prune_forever(store, settings, people_tables))
        running = [asyncio.create_task(job) for job in background]
        try:
            yield
        finally:
            await services.ai_seat.close()
            for job in running:
                job.cancel()
            for job in running:
                with contextlib.suppress(asyncio.CancelledError):
                    await job
            await services.reviews.close()
            await tables.close()
            thinker.close()
            engine.dispose()

    app = FastAPI(
        title="Cardavia",
        version=cardavia.__version__,
        description=DESCRIPTION,
        lifespan=lifespan,
        # FastAPI's docs pages load their scripts from a CDN: /docs is our own page.
        docs_url=None,
        redoc_url=None,
        openapi_url="/openapi.json",
        # Every state-changing request another site's page sends is refused (403).
        dependencies=[Depends(security.refuse_cross_site)],
    )
    dependencies.install(app, state)
    templates = make_environment()
    rendering.install(app, Pages(templates, settings.secure_cookies))
    for router in ROUTERS:
        app.include_router(router)
    # /static with fingerprints and cache lifetimes; gzip inside the security headers.
    install_static(app, templates)
    errors.install(app, hsts=settings.secure_cookies)
    security.install(
        app,
        body_limit=settings.max_body_bytes,
        hsts=settings.secure_cookies,
        # A record file opened from disk may be as large as `cardavia replay` reads.
        larger_bodies={"/replay": max(replays.UPLOAD_BYTES, settings.max_body_bytes)},
    )
    if settings.trusted_proxies:
        # Outermost: the client's address is settled before anything counts it. Only the
        # proxies the operator names are believed (uvicorn's own trust is off in
        # ``cardavia serve``, whose default believed any local process).
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(settings.trusted_proxies))
    return app


_collector_tuned = False


def _tune_collector() -> None:
    """Shorten the garbage collector's pauses, once per process.

    Under load, full collections walked every object of the process (modules, tables,
    cached deals) and stopped every request for 50 to 150 ms (``cardavia bench load``).
    What is loaded by start-up stays for good: frozen, it is never walked again; and
    young collections ten times rarer make full ones ten times rarer too (reference
    counting, not the collector, frees almost all of a request's garbage anyway).
    """
    global _collector_tuned
    if not _collector_tuned:
        _collector_tuned = True
        gc.collect()
        gc.freeze()
        gc.set_threshold(10_000, 10, 10)
