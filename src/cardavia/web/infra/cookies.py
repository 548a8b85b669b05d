"""The cookies that carry a seat's token, shared by the tables' API and pages.

Every one is HttpOnly and ``SameSite=Lax``; a seat's cookie is scoped to its own
table's paths (its page and its API), so that a browser sends it nowhere else. The
cookie naming the running deal of each game lives on every path but unlocks nothing.
"""

from __future__ import annotations

from typing import Protocol

from fastapi.responses import RedirectResponse, Response
from starlette.requests import HTTPConnection

from cardavia.store import StoredGame
from cardavia.web.infra import browsers

SEAT_TOKEN = "cardavia_seat"
"""The HttpOnly cookie holding a browser's seat token, scoped to one table's paths."""
RUNNING = "cardavia_deal_{game}"
"""The cookie naming this browser's running deal of a game (its id, not its token)."""
DAYS = 30
"""How long a seat's cookie lasts."""


class Running(Protocol):
    """A running deal, as a cookie names it (:class:`cardavia.web.services.deals.LiveDeal`;
    infrastructure knows no service, so it asks only for what it reads)."""

    @property
    def stored(self) -> StoredGame: ...


def _set(response: Response, name: str, value: str, path: str, secure: bool) -> None:
    response.set_cookie(
        name,
        value,
        max_age=DAYS * 86400,
        path=path,
        httponly=True,
        samesite="lax",
        secure=secure,
    )


def to_a_table_of_one(
    table_id: str, live: Running | None, token: str, browser: str, secure: bool
) -> Response:
    """Send the browser to the table of one it was just dealt (every deal is a table):
    its seat token, its browser id and, while ``live`` runs, its running deal."""
    response = RedirectResponse(f"/tables/{table_id}", status_code=303)
    set_seat_token(response, table_id, token, secure, browser)
    if live is not None:
        remember_running(response, live, secure)
    return response


def remember_running(response: Response, live: Running, secure: bool) -> None:
    """Name ``live`` as this browser's running deal of its game (*Continue your deal*)."""
    _set(response, RUNNING.format(game=live.stored.game), live.stored.id, "/", secure)


def table_paths(table_id: str) -> tuple[str, str]:
    """Where a table's seat cookie is sent: its page and its API."""
    return f"/tables/{table_id}", f"/api/tables/{table_id}"


def set_seat_token(
    response: Response, table_id: str, token: str, secure: bool, browser: str | None = None
) -> None:
    """The browser keeps its seat token, sent only to this table's paths, and its
    ``browser`` id when given (the table's deals are in its *Your deals*)."""
    for path in table_paths(table_id):
        _set(response, SEAT_TOKEN, token, path, secure)
    if browser is not None:
        browsers.remember(response, browser, secure)


def seat_token(connection: HTTPConnection) -> str | None:
    """The bearer token, else the table's cookie."""
    header = connection.headers.get("authorization", "")
    scheme, _, credentials = header.partition(" ")
    if scheme.lower() == "bearer" and credentials:
        return credentials.strip()
    return connection.cookies.get(SEAT_TOKEN)
