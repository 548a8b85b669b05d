"""Which browser is asking: a long-lived random id in an HttpOnly cookie, no account.

The id is made the first time a browser starts a deal and sent back with every request
of the site (path ``/``). The store keeps only a SHA-256 of it with each deal the browser
starts, as it keeps only a hash of a deal's token: a leaked database names no browser,
and whoever holds the cookie (that browser) is the only one who can list, replay, share
or delete its deals. Another browser, or the same one after its cookies were cleared, is
someone else.
"""

from __future__ import annotations

import hashlib
import re
import secrets

from fastapi import Request, Response

COOKIE = "cardavia_browser"
COOKIE_DAYS = 400
"""Browsers keep no cookie longer than 400 days (RFC 6265bis); the deals themselves are
kept as long as the operator's retention settings say (docs/operations.md)."""
_ID = re.compile(r"^[A-Za-z0-9_-]{43}$")
"""``secrets.token_urlsafe(32)``: 256 random bits, unguessable."""


def browser_id(request: Request) -> str | None:
    """The browser id the request carries, when it is one this site made."""
    found = request.cookies.get(COOKIE, "")
    return found if _ID.match(found) else None


def browser_hash(request: Request) -> str | None:
    """What the store keeps of the request's browser id; ``None`` without one."""
    found = browser_id(request)
    return None if found is None else hash_browser(found)


def hash_browser(browser: str) -> str:
    """The SHA-256 of a browser id, as stored with its deals."""
    return hashlib.sha256(f"browser:{browser}".encode()).hexdigest()


def new_browser_id() -> str:
    """A fresh browser id."""
    return secrets.token_urlsafe(32)


def id_for(request: Request) -> str:
    """The request's browser id, or a fresh one when it carries none (set it with
    :func:`remember`)."""
    return browser_id(request) or new_browser_id()


def remember(response: Response, browser: str, secure: bool) -> None:
    """Set (or refresh) the browser id cookie on ``response``."""
    response.set_cookie(
        COOKIE,
        browser,
        max_age=COOKIE_DAYS * 86400,
        path="/",
        httponly=True,
        samesite="lax",
        secure=secure,
    )
