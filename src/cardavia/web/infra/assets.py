"""The static files: fingerprinted addresses, how long browsers keep them, compression.

- **Fingerprints.** At start-up every file under ``static/`` is hashed once
  (:class:`Assets`); templates and pages name a file by :meth:`Assets.url`
  (``/static/css/cardavia.css?v=3f2a…``). An address whose ``v`` is the file's hash is
  served ``public, max-age=31536000, immutable``: a browser never asks again, and a
  changed file has another address. Any other request for the file (no ``v``, or an old
  one from a page cached before a deploy) is served ``no-cache``: the browser
  revalidates it (its ``ETag``) on every use, so it is never stale.
- **Module imports.** The table's scripts import each other by plain paths in their
  sources (``import … from "./board.js"``, ``import("./people.js")``). The served bytes
  name each imported script by its fingerprinted address instead (``./board.js?v=…``),
  so that every script a page runs is kept a year and a page never mixes two versions;
  an imported script's fingerprint is part of its importer's bytes, so a change to
  ``board.js`` gives ``table.js`` a new address too (:func:`_with_versions`). An import
  map would need an inline script, which the site's CSP (``script-src 'self'``) refuses.
- **Compression.** Starlette's ``GZipMiddleware`` compresses every answer of at least
  :data:`GZIP_MINIMUM` bytes whose client accepts gzip, except already-compressed kinds
  (PNG, fonts; Starlette's list); WebSockets pass untouched, streamed answers are
  compressed chunk by chunk (docs/operations.md). A static file of a text kind is read
  through the app, not handed to the HTTP server by its path: Granian offers ASGI's
  ``pathsend``, which sends a file's bytes past every middleware, so the styles and
  scripts left uncompressed (58 against 13 KB of ``cardavia.css``, seen by Lighthouse).
- **Minified.** At start-up every style and script is minified once, in memory (rcssmin,
  rjsmin: comments and spacing go, strings and regular expressions stay as written);
  those bytes are what is served and what the fingerprint is taken from (the sources keep
  their comments; the browser's tools show the minified ones). The gzipped total of the
  styles and scripts falls by about a third, most of it comments.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path, PurePosixPath

import rcssmin
import rjsmin
from fastapi import FastAPI, Request
from jinja2 import Environment
from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

STATIC = Path(__file__).parent.parent / "static"
"""The static files' folder, ``web/static/``."""

GZIP_MINIMUM = 1024
"""Bytes below which an answer is sent as it is (gzip's header and a round of CPU
save nothing on a small JSON answer)."""
GZIP_LEVEL = 6
"""zlib's level: within 1 % of level 9's size on our files (cardavia.css: 13,324 against
13,254 bytes) and faster (9 against 13 ms for it, measured on a loaded 2-core machine);
pages are compressed per request, so this is paid on every one."""
IMMUTABLE = "public, max-age=31536000, immutable"
"""A fingerprinted address: its bytes never change, so a year without asking."""
REVALIDATE = "no-cache"
"""Any other address of a static file: kept, but checked (ETag) before each use."""
PATHSEND = "http.response.pathsend"
"""The ASGI extension by which a server sends a file by its path, past the middleware."""
TEXT_KINDS = frozenset({".css", ".js", ".svg", ".json", ".webmanifest", ".html", ".txt"})
"""The static files gzip pays on: sent through the app, so that it compresses them."""
MINIFIERS: Mapping[str, Callable[[str], str]] = {".css": rcssmin.cssmin, ".js": rjsmin.jsmin}
"""The files minified at start-up, by kind: served minified (see the module's docstring)."""
MINIFIED_TYPES = {".css": "text/css", ".js": "text/javascript"}


class Assets:
    """The fingerprint of every static file, read once from ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.minified: dict[str, bytes] = {}
        """The served bytes of each style and script (by its path), minified, its
        imports fingerprinted."""
        bodies: dict[str, bytes] = {}
        for path in sorted(folder.rglob("*")):
            if not path.is_file():
                continue
            name = path.relative_to(folder).as_posix()
            body = path.read_bytes()
            minify = MINIFIERS.get(path.suffix)
            if minify is not None:
                body = minify(body.decode()).encode()
                self.minified[name] = body
            bodies[name] = body
        hashes: dict[str, str] = {}
        for name in bodies:
            _with_versions(name, bodies, hashes, ())
        for name in self.minified:
            self.minified[name] = bodies[name]
        self.hashes: Mapping[str, str] = hashes

    def url(self, path: str) -> str:
        """The address of the static file ``path`` (``css/cardavia.css``) with its
        fingerprint; a file that does not exist is named as it is (a 404 then says so)."""
        version = self.hashes.get(path)
        return f"/static/{path}?v={version}" if version else f"/static/{path}"

    def is_current(self, path: str, version: str) -> bool:
        """Whether ``version`` is the fingerprint of ``path`` now."""
        return bool(version) and self.hashes.get(path) == version

    @property
    def version(self) -> str:
        """One fingerprint for all the files (the service worker's cache is named by it)."""
        joined = "\n".join(f"{path} {digest}" for path, digest in self.hashes.items())
        return hashlib.sha256(joined.encode()).hexdigest()[:12]


def _fingerprint(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()[:12]


IMPORTED = re.compile(
    rb"""(?P<head>\bfrom\s*|\bimport\s*\(\s*|\bimport\s*)(?P<quote>["'])"""
    rb"""(?P<path>(?:\./|\.\./|/static/)[^"'?]+\.js)(?P=quote)"""
)
"""A script's import of another by a literal path, static or dynamic: ``from "./a.js"``,
``import("./a.js")``, ``import "/static/js/a.js"`` (a computed ``import(url)`` is not
one: its page data names the fingerprinted address already)."""


def _with_versions(
    name: str, bodies: dict[str, bytes], hashes: dict[str, str], importers: tuple[str, ...]
) -> str:
    """The fingerprint of the static file ``name``, its script's imports first given
    theirs in ``bodies`` (so an importer's fingerprint changes with what it imports);
    each fingerprint is kept in ``hashes``."""
    if name in hashes:
        return hashes[name]
    if name in importers:
        raise ValueError(f"static scripts import each other in a circle: {importers}")
    body = bodies[name]
    if name.endswith(".js"):
        folder = PurePosixPath(name).parent

        def versioned(found: re.Match[bytes]) -> bytes:
            path = found["path"].decode()
            target = (
                path.removeprefix("/static/")
                if path.startswith("/static/")
                else posixpath.normpath((folder / path).as_posix())
            )
            if target not in bodies:
                raise ValueError(f"{name} imports {path}, which is not a static file")
            version = _with_versions(target, bodies, hashes, (*importers, name))
            quote = found["quote"]
            return found["head"] + quote + f"{path}?v={version}".encode() + quote

        body = bodies[name] = IMPORTED.sub(versioned, body)
    hashes[name] = _fingerprint(body)
    return hashes[name]


class FingerprintedStatic(StaticFiles):
    """Starlette's static files with the cache lifetime their address earns."""

    def __init__(self, assets: Assets) -> None:
        super().__init__(directory=assets.folder)
        self.assets = assets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve a file; a text one without ``pathsend`` (see the module's docstring)."""
        extensions = scope.get("extensions") or {}
        if PATHSEND in extensions and Path(scope["path"]).suffix in TEXT_KINDS:
            others = {name: value for name, value in extensions.items() if name != PATHSEND}
            scope = {**scope, "extensions": others}
        await super().__call__(scope, receive, send)

    async def get_response(self, path: str, scope: Scope) -> Response:
        """The file, ``immutable`` under its current fingerprint, ``no-cache`` otherwise;
        a style or script minified (its bytes from memory, its fingerprint its ETag)."""
        name = Path(path).as_posix()
        body = self.assets.minified.get(name)
        if body is not None and scope["method"] in ("GET", "HEAD"):
            response = self._minified(name, body, scope)
        else:
            response = await super().get_response(path, scope)
        if response.status_code in (200, 304):
            version = Request(scope).query_params.get("v", "")
            current = self.assets.is_current(Path(path).as_posix(), version)
            response.headers["Cache-Control"] = IMMUTABLE if current else REVALIDATE
        return response

    def _minified(self, name: str, body: bytes, scope: Scope) -> Response:
        etag = f'"{self.assets.hashes[name]}"'
        headers = {"ETag": etag}
        if etag in Request(scope).headers.get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
        if scope["method"] == "HEAD":
            headers["Content-Length"] = str(len(body))
            body = b""
        return Response(body, media_type=MINIFIED_TYPES[Path(name).suffix], headers=headers)


@cache
def site_assets() -> Assets:
    """The site's static files, hashed on first use (:func:`install` makes that the app's
    start-up); the files do not change while a process runs."""
    return Assets(STATIC)


def static_url(path: str) -> str:
    """The fingerprinted address of the site's static file ``path``, for a page's data."""
    return site_assets().url(path)


def install(app: FastAPI, templates: Environment) -> Assets:
    """Serve the static files at ``/static`` with fingerprints, give ``templates``
    ``static(path)``, and compress the answers (see the module's docstring)."""
    assets = site_assets()
    templates.globals["static"] = assets.url
    app.mount("/static", FingerprintedStatic(assets), name="static")
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM, compresslevel=GZIP_LEVEL)
    return assets
