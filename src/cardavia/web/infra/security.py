"""What protects the site from browsers and clients that misbehave.

- :class:`SecurityHeaders`: a strict Content-Security-Policy (scripts and styles from
  this site only, never inline: the pages pass data in ``application/json`` blocks),
  no MIME sniffing, no framing, no referrer to other sites, and ``no-store`` on
  everything that carries a deal (a shared computer's cache must not keep a token).
  A redirect never names a host the request gave: Starlette's trailing-slash redirect
  builds ``http://<Host header>/docs``; it leaves as ``/docs``.
- :class:`BodyLimit`: a request body larger than the limit is refused with 413 before
  it is read whole, whether the client announced its length or streamed it.
- :class:`NewGameLimiter`: how many deals one client may start in a minute (429).
- :func:`refuse_cross_site`: state-changing requests from another site's page (403).
- :func:`install`: the middleware. What the errors above answer is in
  :data:`cardavia.web.errors.ANSWERS`, with every other error's.

Pure ASGI middleware, not Starlette's ``BaseHTTPMiddleware``: it adds no task or copy of
the body per request, which matters on the hot path of every action.
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

from fastapi import FastAPI
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

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

_PRIVATE_PREFIXES = ("/api/", "/tables/", "/play/", "/deals", "/replay", "/shared/")
"""Paths whose answers carry a deal, a seat's view or a token: never cached by anyone
(a table's page holds its seat's hand)."""


class SecurityHeaders:
    """Add the security headers to every HTTP response."""

    def __init__(self, app: ASGIApp, *, hsts: bool = False) -> None:
        self.app = app
        self.hsts = hsts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; add the headers as the response starts."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = with_security_headers(message.get("headers", ()), path, self.hsts)
                if 300 <= message["status"] < 400:
                    headers = _relative_location(headers, scope)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


_HEADERS = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),  # frame-ancestors, for browsers without CSP 2
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
)
# Only when the site is served over HTTPS (CARDAVIA_SECURE_COOKIES): a browser told
# this over plain HTTP would refuse the site until it expires.
_HSTS = (b"strict-transport-security", b"max-age=31536000")


def _relative_location(
    headers: list[tuple[bytes, bytes]], scope: Scope
) -> list[tuple[bytes, bytes]]:
    """``headers`` with a ``Location`` on the request's own host made relative: a
    redirect built from the request's URL must not send the browser to whatever host
    the ``Host`` header named (a poisoned cache would then send everyone there)."""
    host = next((value for name, value in scope["headers"] if name == b"host"), None)
    out = []
    for name, value in headers:
        if name.lower() == b"location":
            target = urlsplit(value.decode("latin-1"))
            ours = host is not None and target.netloc.encode("latin-1").lower() == host.lower()
            if target.scheme in ("http", "https") and ours:
                relative = "/" + target.path.lstrip("/")  # never "//host/…"
                relative += f"?{target.query}" if target.query else ""
                value = relative.encode("latin-1")
        out.append((name, value))
    return out


def with_security_headers(
    headers: Iterable[tuple[bytes, bytes]], path: str, hsts: bool
) -> list[tuple[bytes, bytes]]:
    """``headers`` plus every security header they lack, and ``no-store`` on the paths
    that carry a deal: what every answer leaves with (the last-resort 500 too, which
    Starlette sends from outside the middleware)."""
    out = list(headers)
    names = {name.lower() for name, _ in out}
    out += [pair for pair in (*_HEADERS, *((_HSTS,) if hsts else ())) if pair[0] not in names]
    if path.startswith(_PRIVATE_PREFIXES):
        out = [pair for pair in out if pair[0].lower() != b"cache-control"]
        out.append((b"cache-control", b"no-store"))
    return out


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

    def __init__(self, app: ASGIApp, *, limit: int, larger: dict[str, int] | None = None) -> None:
        """``larger`` gives a few paths a limit of their own (the record form's upload)."""
        self.app = app
        self.limit = limit
        self.larger = larger or {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Check the announced length, then count what is actually received."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope["path"], self.limit)
        length = _content_length(scope)
        if length is not None and length > limit:
            error = BodyTooLargeError(limit)
            await _plain_error(scope, 413, str(error.detail))(scope, receive, send)
            return
        received = 0

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLargeError(limit)
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


def client_address(request: HTTPConnection) -> str:
    """Who the limits count against: the client's address (behind a proxy that
    ``CARDAVIA_TRUSTED_PROXIES`` names, the address it forwarded; never otherwise)."""
    return request.client.host if request.client is not None else "unknown"


class CrossSiteError(Exception):
    """A state-changing request sent by another site's page (403)."""


CROSS_SITE = (
    "this request was sent from another site's page: Cardavia only accepts it from its own "
    "pages (open the site and use its form)"
)
_UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_OWN_FETCH_SITES = frozenset({"same-origin", "none"})


async def refuse_cross_site(request: HTTPConnection) -> None:
    """Dependency of every route: refuse a state-changing request another site made.

    A browser says where a request comes from: ``Sec-Fetch-Site`` (every current
    browser), else ``Origin`` (on every POST since about 2020). A request from our own
    pages says ``same-origin``, or an ``Origin`` whose host is the request's own
    ``Host``; ``same-site`` (a sibling subdomain) is another origin and refused too. A
    request with neither header comes from a program (curl, a bot, the API's clients),
    which no other site can make a visitor's browser send: it passes. The JSON API
    also needs a bearer token or the ``SameSite=Lax`` cookie, which a browser never
    sends with another site's POST, so it was not open to this in the first place.
    """
    # A WebSocket handshake (a GET) is checked by its route, which answers it in kind.
    if request.scope.get("method") in _UNSAFE and sent_by_another_site(request):
        raise CrossSiteError(CROSS_SITE)


def sent_by_another_site(connection: HTTPConnection) -> bool:
    """True when a browser says another site's page sent this request or opened this
    WebSocket: ``Sec-Fetch-Site`` other than ``same-origin``/``none``, else an
    ``Origin`` whose host is not the request's ``Host``. A WebSocket handshake is
    checked the same way: a browser sends the page's cookies with it whichever site's
    page opens it, and always says the ``Origin``."""
    headers = connection.headers
    fetch_site = headers.get("sec-fetch-site")
    if fetch_site is not None:
        return fetch_site.lower() not in _OWN_FETCH_SITES
    origin = headers.get("origin")
    return origin is not None and urlsplit(origin).netloc.lower() != _host(connection)


def _host(connection: HTTPConnection) -> str:
    return connection.headers.get("host", "").lower()


INTERNAL = "the server failed on this request: reload the deal to see where it stands"


def install(app: FastAPI, *, body_limit: int, hsts: bool, larger_bodies: dict[str, int]) -> None:
    """Add the middleware to ``app``: the body limit, and the headers of every answer."""
    # The last added is the outermost: every answer, the body limit's 413 included,
    # leaves through SecurityHeaders.
    app.add_middleware(BodyLimit, limit=body_limit, larger=larger_bodies)
    app.add_middleware(SecurityHeaders, hsts=hsts)
