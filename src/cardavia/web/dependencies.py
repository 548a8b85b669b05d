"""What a route may ask for, declared once as typed ``Annotated`` aliases.

:func:`cardavia.web.app.create_app` builds one :class:`AppState` (the settings and the
new-deal limiter) and its lifespan adds the :class:`Services` it opens
(the deal service, the reviews, the AI runs, the tables and their hub). Routes take the
aliases below (``deals: DealsDep``) and never read ``app.state`` themselves: this module
is the one place that does, so a typo is a mypy error rather than an ``AttributeError``
at run time, and a route's signature says everything it uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends
from starlette.applications import Starlette
from starlette.requests import HTTPConnection

from cardavia.web.infra import cookies
from cardavia.web.infra.security import NewGameLimiter
from cardavia.web.infra.settings import Settings
from cardavia.web.services.ai_seat import AISeatRunner
from cardavia.web.services.deals import DealService
from cardavia.web.services.reviews import Reviews
from cardavia.web.services.tables.frames import Moment
from cardavia.web.services.tables.hub import Hub
from cardavia.web.services.tables.service import TableService


@dataclass(frozen=True, slots=True)
class Services:
    """What the app's lifespan opens, once per app."""

    deals: DealService
    reviews: Reviews
    ai_seat: AISeatRunner
    tables: TableService
    hub: Hub


@dataclass(slots=True)
class AppState:
    """Everything the routes of one app share: built by ``create_app``; ``services``
    set while the lifespan runs (``TestClient(app)`` as a context manager runs it)."""

    settings: Settings
    new_games: NewGameLimiter
    services: Services | None = None


def install(app: Starlette, state: AppState) -> None:
    """Give ``app`` its state (``create_app`` calls this once)."""
    app.state.cardavia = state


def app_state(app: Starlette) -> AppState:
    """The :class:`AppState` of ``app``."""
    state: AppState = app.state.cardavia
    return state


def services_of(app: Starlette) -> Services:
    """The services of ``app``'s running lifespan."""
    services = app_state(app).services
    if services is None:
        raise RuntimeError("the app's lifespan is not running: use TestClient(app) in a with")
    return services


# Every dependency here is ``async``: a plain function would be run in the thread pool,
# a trip that costs more than the attribute read it does. The routes are ``async`` too,
# although their work is plain blocking code (the engine, the AIs, a short transaction):
# the trips to a thread pool and back (one per plain function, several per request) cost
# about a fifth of a request's CPU and let threads fight over the GIL while one of them
# holds a transaction open. A process serves requests in turn; more processes serve more
# at once (docs/operations.md).
async def get_settings(connection: HTTPConnection) -> Settings:
    """The app's settings."""
    return app_state(connection.app).settings


async def get_new_games(connection: HTTPConnection) -> NewGameLimiter:
    """The app's limit on new deals per client."""
    return app_state(connection.app).new_games


async def get_deals(connection: HTTPConnection) -> DealService:
    """The app's deal service."""
    return services_of(connection.app).deals


async def get_reviews(connection: HTTPConnection) -> Reviews:
    """The app's reviews of finished deals."""
    return services_of(connection.app).reviews


async def get_ai_seat(connection: HTTPConnection) -> AISeatRunner:
    """The app's runner of AI runs in the person's seat."""
    return services_of(connection.app).ai_seat


async def get_tables(connection: HTTPConnection) -> TableService:
    """The app's table service."""
    return services_of(connection.app).tables


async def get_hub(connection: HTTPConnection) -> Hub:
    """This process's hub of the tables' watchers."""
    return services_of(connection.app).hub


SettingsDep = Annotated[Settings, Depends(get_settings)]
NewGamesDep = Annotated[NewGameLimiter, Depends(get_new_games)]
DealsDep = Annotated[DealService, Depends(get_deals)]
ReviewsDep = Annotated[Reviews, Depends(get_reviews)]
AISeatDep = Annotated[AISeatRunner, Depends(get_ai_seat)]
TablesDep = Annotated[TableService, Depends(get_tables)]
HubDep = Annotated[Hub, Depends(get_hub)]


def seat_at(
    tables: TableService, table_id: str, connection: HTTPConnection, *, recent: bool = False
) -> tuple[Moment, int]:
    """Table ``table_id`` as read now, and the seat whose token ``connection`` carries
    (``Authorization: Bearer``, or the seat's cookie): every request and socket of a
    table finds its seat so. No table raises ``TableNotFoundError`` (404), no seat with
    that token ``SeatTokenError`` (403). ``recent``: the table as this process last had
    it, for a change to try first (:meth:`TableService.recent`)."""
    return tables.seat_of(table_id, cookies.seat_token(connection), recent=recent)
