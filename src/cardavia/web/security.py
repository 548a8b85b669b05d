"""What protects the site from browsers and clients that misbehave.

- :class:`SecurityHeaders`: a strict Content-Security-Policy (scripts and styles from
  this site only, never inline: the pages pass data in ``application/json`` blocks),
  no MIME sniffing, no framing, no referrer to other sites, and ``no-store`` on
  everything that carries a deal (a shared computer's cache must not keep a token).
- :class:`BodyLimit`: a request body larger than the limit is refused with 413 before
  it is read whole, whether the client announced its length or streamed it.
- :class:`NewGameLimiter`: how many deals one client may start in a minute (429).
- :func:`install`: the handlers for the above, and a last-resort 500 that says what
  happened in words without a stack trace.

Pure ASGI middleware, not Starlette's ``BaseHTTPMiddleware``: it adds no task or copy of
the body per request, which matters on the hot path of every action.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections import deque
from collections.abc import Callable

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cardavia.web.errors import error_response, sentence
from cardavia.web.rendering import gettext_for

log = logging.getLogger("cardavia.web")

CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
"""The Content-Security-Policy of every response (docs/operations.md explains each part)."""

_PRIVATE_PREFIXES = ("/api/", "/play/")
"""Paths whose answers carry a deal or its token: never cached by anyone."""


class SecurityHeaders:
    """Add the security headers to every HTTP response."""

    def __init__(self, app: ASGIApp, *, hsts: bool = False) -> None:
        self.app = app
        headers = [
            (b"content-security-policy", CSP.encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"x-frame-options", b"DENY"),  # frame-ancestors, for browsers without CSP 2
            (b"referrer-policy", b"same-origin"),
            (b"cross-origin-opener-policy", b"same-origin"),
            (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
        ]
        if hsts:
            # Only when the site is served over HTTPS (CARDAVIA_SECURE_COOKIES): a browser
            # told this over plain HTTP would refuse the site until it expires.
            headers.append((b"strict-transport-security", b"max-age=31536000"))
        self.headers = headers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; add the headers as the response starts."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        private = scope["path"].startswith(_PRIVATE_PREFIXES)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                names = {name.lower() for name, _ in headers}
                headers += [pair for pair in self.headers if pair[0] not in names]
                if private:
                    headers = [pair for pair in headers if pair[0].lower() != b"cache-control"]
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class BodyTooLargeError(HTTPException):
    """The request body is larger than the server accepts (413)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request body is larger than {limit} bytes")


class BodyLimit:
    """Refuse request bodies larger than ``limit`` bytes with 413, without reading them.

    A body whose ``Content-Length`` is too large is refused at once. A streamed body
    (no length given) is counted as it arrives: the read that crosses the limit raises
    :class:`BodyTooLargeError`, which FastAPI passes on to the error handlers.
    """

    def __init__(self, app: ASGIApp, *, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Check the announced length, then count what is actually received."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = _content_length(scope)
        if length is not None and length > self.limit:
            error = BodyTooLargeError(self.limit)
            await _plain_error(scope, 413, str(error.detail))(scope, receive, send)
            return
        received = 0

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise BodyTooLargeError(self.limit)
            return message

        await self.app(scope, counting_receive, send)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None  # uvicorn refuses such a request before it gets here
    return None


def _plain_error(scope: Scope, status: int, message: str) -> Response:
    """An error answer made outside the app (no templates there): JSON for the API."""
    if scope["path"].startswith("/api/"):
        return JSONResponse({"error": message}, status_code=status)
    return PlainTextResponse(message, status_code=status)


class TooManyGamesError(Exception):
    """This client started too many deals in the last minute (429)."""

    def __init__(self, retry_after: float) -> None:
        self.retry_after = max(1, math.ceil(retry_after))
        super().__init__(
            "too many new deals from your address in the last minute: "
            f"try again in {self.retry_after} s"
        )


class NewGameLimiter:
    """At most ``per_minute`` new deals per client in any 60 seconds (0: no limit).

    A sliding window (each client's recent start times), so the rule is exactly what
    the settings say. It lives in one process: with several processes behind a load
    balancer a client may start up to that many times more (docs/operations.md).
    """

    WINDOW = 60.0
    MAX_CLIENTS = 50_000
    """Clients remembered at once; beyond, the quietest are forgotten (bounded memory)."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self._clock = clock
        self._starts: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def check(self, client: str) -> None:
        """Count one new deal for ``client``, or raise :class:`TooManyGamesError`."""
        if self.per_minute <= 0:
            return
        now = self._clock()
        with self._lock:
            starts = self._starts.get(client)
            if starts is None:
                if len(self._starts) >= self.MAX_CLIENTS:
                    self._forget_idle(now)
                starts = self._starts[client] = deque()
            while starts and starts[0] <= now - self.WINDOW:
                starts.popleft()
            if len(starts) >= self.per_minute:
                raise TooManyGamesError(starts[0] + self.WINDOW - now)
            starts.append(now)

    def _forget_idle(self, now: float) -> None:
        idle = [key for key, starts in self._starts.items() if starts[-1] <= now - self.WINDOW]
        for key in idle or list(self._starts)[: len(self._starts) // 2]:
            del self._starts[key]


def client_address(request: Request) -> str:
    """Who the limits count against: the client's address (behind a proxy, uvicorn
    puts the forwarded one here when ``FORWARDED_ALLOW_IPS`` names the proxy)."""
    return request.client.host if request.client is not None else "unknown"


async def limit_new_games(request: Request) -> None:
    """Dependency of every route that starts a deal: count it against the limit."""
    limiter: NewGameLimiter = request.app.state.new_game_limiter
    limiter.check(client_address(request))


INTERNAL = "the server failed on this request: reload the deal to see where it stands"


def install(app: FastAPI, *, per_minute: int, body_limit: int, hsts: bool) -> None:
    """Add the middleware, the limiter and their error handlers to ``app``."""
    app.state.new_game_limiter = NewGameLimiter(per_minute)

    async def too_many(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, TooManyGamesError)
        _ = gettext_for(request)
        said = _(
            "too many new deals from your address in the last minute: "
            "try again in %(seconds)s seconds"
        ) % {"seconds": exc.retry_after}
        response = error_response(request, 429, str(exc), page_text=sentence(said))
        # On the page as well as in the API (the page renderer takes no headers).
        response.headers["Retry-After"] = str(exc.retry_after)
        return response

    async def internal(request: Request, exc: Exception) -> Response:
        # The traceback goes to the server's log, never to the client.
        log.error("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": INTERNAL}, status_code=500)
        return PlainTextResponse(INTERNAL, status_code=500)

    app.add_exception_handler(TooManyGamesError, too_many)
    app.add_exception_handler(Exception, internal)
    # The last added is the outermost: every answer, the body limit's 413 included,
    # leaves through SecurityHeaders.
    app.add_middleware(BodyLimit, limit=body_limit)
    app.add_middleware(SecurityHeaders, hsts=hsts)
