"""Errors as responses: ``{"error": "..."}`` for the API, a page for the site.

Every refusal says what is wrong in words. An unknown game and a wrong token give the
same 404 so that nobody learns which games exist, and a database that cannot be reached
gives a 503 that says so (nothing was half-written: the store works in transactions).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException
from starlette.routing import Match

from cardavia.store import StoreUnavailableError
from cardavia.web.deals import BadActionError, ConflictError, GameNotFoundError
from cardavia.web.rendering import gettext_for, render_page
from cardavia.web.text import Gettext

NOT_FOUND = "there is no game with this id and token"
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
    return render_page(request, "error.html", {"status": status, "message": said}, status=status)


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


error_response = _error
"""The error answer other modules (:mod:`cardavia.web.security`) give in the same form."""


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


def install(app: FastAPI) -> None:
    """Register the error handlers on ``app``."""

    async def not_found(request: Request, exc: Exception) -> Response:
        return _error(request, 404, NOT_FOUND)

    async def conflict(request: Request, exc: Exception) -> Response:
        return _error(request, 409, str(exc))

    async def bad_action(request: Request, exc: Exception) -> Response:
        return _error(request, 422, str(exc))

    async def invalid(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        return _error(request, 422, describe_validation(exc.errors()))

    async def unavailable(request: Request, exc: Exception) -> Response:
        return _error(request, 503, UNAVAILABLE, **{"Retry-After": "2"})

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        message = {400: UNREADABLE, 404: NOWHERE, 405: NOT_ALLOWED}
        response = _error(request, exc.status_code, message.get(exc.status_code, str(exc.detail)))
        # A 405 names the methods that are allowed (``Allow``), as HTTP requires.
        response.headers.update(exc.headers or {})
        if exc.status_code == 405:
            response.headers["Allow"] = allowed_methods(request, exc.headers or {})
        return response

    app.add_exception_handler(GameNotFoundError, not_found)
    app.add_exception_handler(ConflictError, conflict)
    app.add_exception_handler(BadActionError, bad_action)
    app.add_exception_handler(RequestValidationError, invalid)
    app.add_exception_handler(StoreUnavailableError, unavailable)
    app.add_exception_handler(HTTPException, http_error)
