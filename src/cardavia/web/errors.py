"""Errors as responses, from one table: ``{"error": "..."}`` for the API, a page for the site.

:data:`ANSWERS` says, for each kind of error the services raise, its status, what the
API says (English: its clients are programs), what a page says (in the page's language)
and the headers that go with it; :func:`install` registers it on the app once, so that
no route translates errors itself. Starlette finds a handler along the exception's
classes, so a subclass (``SeatTokenError``) is answered as its nearest listed ancestor
(``TableRefusedError``). The WebSocket, which has no HTTP answer, reads the same table
(:func:`api_error`).

Every refusal says what is wrong in words. An unknown game and a wrong token give the
same 404 so that nobody learns which games exist, and a database that cannot be reached
gives a 503 that says so (nothing was half-written: the store works in transactions).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from starlette.exceptions import HTTPException
from starlette.routing import Match

from cardavia.store import StoreUnavailableError
from cardavia.web.infra.security import (
    INTERNAL,
    CrossSiteError,
    TooManyGamesError,
    with_security_headers,
)
from cardavia.web.infra.thinking import CoachBusyError
from cardavia.web.learn.judge import UnknownChoiceError
from cardavia.web.presentation.rendering import gettext_for, render_page
from cardavia.web.services.ai_seat import TooManyRunsError
from cardavia.web.services.deals import BadActionError, ConflictError, GameNotFoundError
from cardavia.web.services.tables.hub import TooManyWatchersError
from cardavia.web.services.tables.model import BadTableInputError, TableError, TableRefusedError
from cardavia.web.services.tables.service import RemovedError, TableNotFoundError
from cardavia.web.words.text import Gettext

log = logging.getLogger("cardavia.web")

NOT_FOUND = "there is no game with this id and token"
NO_TABLE = "there is no table at this address"
UNAVAILABLE = "the game store cannot be reached just now: try again in a moment"
NOWHERE = "there is nothing at this address"
NOT_ALLOWED = "this method is not allowed here"
UNREADABLE = "the body cannot be read as JSON text (UTF-8, not nested too deeply)"


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/")


def _error(
    request: Request, status: int, message: str, page_text: str | None = None, **headers: str
) -> Response:
    """``{"error": message}`` for the API, the error page for the site.

    ``page_text`` is what the page says when the message carries figures that
    :func:`page_message` cannot look up (already in the page's language).
    """
    if _wants_json(request):
        return JSONResponse({"error": message}, status_code=status, headers=headers or None)
    said = page_text or page_message(message, gettext_for(request))
    response = render_page(request, "error.html", {"status": status, "message": said}, status)
    response.headers.update(headers)  # (the page renderer takes no headers)
    return response


@dataclass(frozen=True, slots=True)
class Answer:
    """How one kind of error is answered: its status, the API's words (``said``, the
    exception's own message by default), the page's (``page``, by default
    :func:`page_message` of the API's) and headers (``Retry-After``)."""

    status: int
    said: Callable[[Any], str] = str
    page: Callable[[Any, Gettext], str] | None = None
    headers: Callable[[Any], dict[str, str]] = field(default=lambda exc: {})


def _fixed(message: str) -> Callable[[Any], str]:
    return lambda exc: message


def _retry_after(exc: Any) -> dict[str, str]:
    return {"Retry-After": str(exc.retry_after)}


def _too_many_games(exc: TooManyGamesError, _: Gettext) -> str:
    return sentence(
        _(
            "too many new deals from your address in the last minute: "
            "try again in %(seconds)s seconds"
        )
        % {"seconds": exc.retry_after}
    )


ANSWERS: dict[type[Exception], Answer] = {
    # An unknown game and a wrong token: the same words, so that ids cannot be probed.
    GameNotFoundError: Answer(404, _fixed(NOT_FOUND)),
    TableNotFoundError: Answer(
        404, _fixed(NO_TABLE), lambda exc, _: _("There is no table at this address.")
    ),
    # No seat of this table, or not the host's.
    TableRefusedError: Answer(403),
    RemovedError: Answer(
        403, page=lambda exc, _: _("The host gave your seat at this table to an AI.")
    ),
    CrossSiteError: Answer(
        403,
        page=lambda exc, _: _(
            "This form was sent from another site's page. Cardavia only accepts it from its "
            "own pages: open the site and use its form."
        ),
    ),
    # A stale step, a deal over, a full table, not your turn: the request is fine, the
    # state it meets is not.
    ConflictError: Answer(409),
    TableError: Answer(409),
    # Bad notation, an illegal action, a refused name, a choice a lesson or a practice
    # position does not offer (only a forged form sends one).
    BadActionError: Answer(422),
    BadTableInputError: Answer(422),
    UnknownChoiceError: Answer(422),
    RequestValidationError: Answer(422, lambda exc: describe_validation(exc.errors())),
    TooManyGamesError: Answer(429, page=_too_many_games, headers=_retry_after),
    # A seat or an address watching with enough windows already (issue 28, hole 3).
    TooManyWatchersError: Answer(429, headers=_retry_after),
    TooManyRunsError: Answer(
        429,
        page=lambda exc, _: _(
            "Too many of these runs are in progress just now: try again in a few seconds."
        ),
        headers=_retry_after,
    ),
    StoreUnavailableError: Answer(
        503, _fixed(UNAVAILABLE), headers=lambda exc: {"Retry-After": "2"}
    ),
    # A hint the workers had no time for (the API's only; a page says it in its own
    # words): no other player's choice in the coach's name.
    CoachBusyError: Answer(503, headers=_retry_after),
}
"""Every error a service raises that is an answer, not a fault: status and words."""

ANSWERED = tuple(ANSWERS)
"""The kinds of :data:`ANSWERS`, for an ``except`` that answers in its own way."""


def answer_of(exc: Exception) -> Answer:
    """The row of :data:`ANSWERS` for ``exc``: its class's, or its nearest ancestor's."""
    for kind in type(exc).__mro__:
        if kind in ANSWERS:
            return ANSWERS[kind]
    raise LookupError(f"no answer for {type(exc).__name__}")


def api_error(exc: Exception) -> tuple[int, str]:
    """The status and the API's words for ``exc`` (one of :data:`ANSWERED`)."""
    answer = answer_of(exc)
    return answer.status, answer.said(exc)


def answer(request: Request, exc: Exception) -> Response:
    """The response to ``exc`` from its row: JSON for the API, the error page else."""
    row = answer_of(exc)
    page = row.page(exc, gettext_for(request)) if row.page and not _wants_json(request) else None
    return _error(request, row.status, row.said(exc), page, **row.headers(exc))


def page_message(message: str, _: Gettext) -> str:
    """``message`` as an error page says it, in the page's language (issue 6).

    The API answers in English (its clients are programs); a page translates the
    messages it knows and says something general about any other (an engine's words).
    """
    known = {
        NOT_FOUND: _("there is no game with this id and token"),
        UNAVAILABLE: _("the game store cannot be reached just now: try again in a moment"),
        NOWHERE: _("there is nothing at this address"),
        NOT_ALLOWED: _("this method is not allowed here"),
    }
    return sentence(known.get(message) or _("this request cannot be done"))


def sentence(text: str) -> str:
    """``text`` as the error page shows it: a capital first letter."""
    return text[:1].upper() + text[1:]


def describe_validation(errors: Sequence[Any]) -> str:
    """Pydantic's errors as one sentence a person can act on."""
    parts: list[str] = []
    for error in errors:
        kind = error.get("type", "")
        where = ".".join(str(part) for part in error.get("loc", ()) if part != "body")
        if kind == "json_invalid":
            parts.append("the body is not valid JSON")
        elif kind == "missing" and not where:
            parts.append("the body must be a JSON object")
        elif kind == "missing":
            parts.append(f"{where} is missing")
        elif kind == "extra_forbidden":
            parts.append(f"{where} is not a field of this request")
        else:
            message = str(error.get("msg", "is not valid"))
            parts.append(f"{where or 'the body'}: {message[:1].lower()}{message[1:]}")
    return "; ".join(parts) or "the request is not valid"


def allowed_methods(request: Request, headers: Mapping[str, str]) -> str:
    """Every method some route of ``request``'s path takes, for ``Allow``: Starlette
    names only the first route's, so ``PUT /replay`` said ``GET`` though ``POST`` is
    served there too (issue 28)."""
    methods = {m.strip() for m in headers.get("Allow", "").split(",") if m.strip()}

    def walk(routes: Sequence[Any]) -> None:
        for route in routes:
            inner = getattr(route, "original_router", None)  # FastAPI's included routers
            if inner is not None:
                walk(inner.routes)
            elif getattr(route, "methods", None):
                match, _ = route.matches(request.scope)
                if match is not Match.NONE:
                    methods.update(route.methods)

    walk(request.app.router.routes)
    return ", ".join(sorted(methods))


def install(app: FastAPI, *, hsts: bool) -> None:
    """Answer every error of :data:`ANSWERS`, Starlette's HTTP errors and any other
    (the last resort, a 500 in words) on ``app``."""

    async def answered(request: Request, exc: Exception) -> Response:
        return answer(request, exc)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        message = {400: UNREADABLE, 404: NOWHERE, 405: NOT_ALLOWED}
        response = _error(request, exc.status_code, message.get(exc.status_code, str(exc.detail)))
        # A 405 names the methods that are allowed (``Allow``), as HTTP requires.
        response.headers.update(exc.headers or {})
        if exc.status_code == 405:
            response.headers["Allow"] = allowed_methods(request, exc.headers or {})
        return response

    async def internal(request: Request, exc: Exception) -> Response:
        # The traceback goes to the server's log, never to the client.
        log.error("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
        if _wants_json(request):
            response: Response = JSONResponse({"error": INTERNAL}, status_code=500)
        else:
            response = PlainTextResponse(INTERNAL, status_code=500)
        # Starlette answers this one from outside every middleware: the headers that
        # SecurityHeaders gives every other answer are added here.
        headers = with_security_headers(response.raw_headers, request.url.path, hsts)
        response.raw_headers[:] = headers
        return response

    for kind in ANSWERS:
        app.add_exception_handler(kind, answered)
    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(Exception, internal)
