"""Errors as responses: ``{"error": "..."}`` for the API, a page for the site.

Every refusal says what is wrong in words. An unknown game and a wrong token give the
same 404 so that nobody learns which games exist, and a database that cannot be reached
gives a 503 that says so (nothing was half-written: the store works in transactions).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException

from cardavia.store import StoreUnavailableError
from cardavia.web.deals import BadActionError, ConflictError, GameNotFoundError
from cardavia.web.rendering import render_page

NOT_FOUND = "there is no game with this id and token"
UNAVAILABLE = "the game store cannot be reached just now: try again in a moment"


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/")


def _error(request: Request, status: int, message: str, **headers: str) -> Response:
    if _wants_json(request):
        return JSONResponse({"error": message}, status_code=status, headers=headers or None)
    return render_page(request, "error.html", {"status": status, "message": message}, status=status)


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
        message = {404: "there is nothing at this address", 405: "this method is not allowed here"}
        return _error(request, exc.status_code, message.get(exc.status_code, str(exc.detail)))

    app.add_exception_handler(GameNotFoundError, not_found)
    app.add_exception_handler(ConflictError, conflict)
    app.add_exception_handler(BadActionError, bad_action)
    app.add_exception_handler(RequestValidationError, invalid)
    app.add_exception_handler(StoreUnavailableError, unavailable)
    app.add_exception_handler(HTTPException, http_error)
