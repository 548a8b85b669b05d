"""What makes the site installable (issue 26): the web app manifest, the service worker
and the page it shows offline.

- ``/manifest.webmanifest``: the site's name, its icons (SVG, and PNGs of 192 and 512 px
  rendered from the favicon by ``scripts/icons.py``, one of them maskable), colours and
  start address, in the page's language (``?lang=``, as every page links it).
- ``/sw.js``: the service worker, at the root so that its scope is the whole site. It keeps
  the *static shell* (the fingerprinted styles, scripts and icons) and the offline page in
  each language, and nothing else: the API, the tables, the deals and every page go to the
  network as if it were not there, so it can never show a stale game. When a page cannot
  be reached, it answers with the offline page in the language of the last page served.
- ``/offline/{lang}``: that page. A table needs the server; nothing the person did is lost.
"""

from __future__ import annotations

import json

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.exceptions import HTTPException

from cardavia.i18n.languages import LANGUAGES, html_lang
from cardavia.web.infra.assets import site_assets
from cardavia.web.presentation.rendering import gettext_for, language, pages_of, render_page

router = APIRouter(include_in_schema=False)

PAPER = "#f4eee3"
"""The page's paper (``--paper`` in cardavia.css): the splash screen's and the title bar's
colour, so that an installed window opens as the site looks."""
SHELL = (
    "css/cardavia.css",
    "css/records.css",
    "js/display.js",
    "js/worker.js",
    "favicon.svg",
    "icons/icon-192.png",
)
"""The static files every page loads (and the offline page needs): kept by the worker
from its installation on. Other fingerprinted files are kept once a page has used them."""
REVALIDATE = "no-cache"
"""The worker and the manifest are checked on every use: a deploy reaches every browser
at its next page."""


@router.get("/manifest.webmanifest")
def manifest(request: Request) -> Response:
    """The web app manifest, in the page's language."""
    _ = gettext_for(request)
    assets = site_assets()
    body = {
        "id": "/",
        "name": "Cardavia",
        "short_name": "Cardavia",
        "description": _(
            "Long, slender cards from southern China, printed with chess pieces or dice "
            "pips. Each room shows a tradition and lets you sit down at its table against "
            "computer players."
        ),
        "lang": html_lang(language(request)),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": PAPER,
        "theme_color": PAPER,
        "icons": [
            {"src": assets.url("favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
            {"src": assets.url("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": assets.url("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": assets.url("icons/maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    return Response(
        json.dumps(body, ensure_ascii=False),
        media_type="application/manifest+json",
        headers={"Cache-Control": REVALIDATE, "Vary": "Accept-Language, Cookie"},
    )


@router.get("/sw.js")
def service_worker(request: Request) -> Response:
    """The service worker (``templates/sw.js``), with this build's shell in it."""
    assets = site_assets()
    script = (
        pages_of(request.app)
        .templates.get_template("sw.js")
        .render(
            version=assets.version,
            shell=[assets.url(path) for path in SHELL],
            offline={html_lang(code): f"/offline/{code}" for code in LANGUAGES},
        )
    )
    return Response(
        script,
        media_type="text/javascript",
        headers={"Cache-Control": REVALIDATE},
    )


@router.get("/offline/{lang}", response_class=HTMLResponse)
def offline(lang: str, request: Request) -> Response:
    """The page the worker shows when the network is gone, in ``lang``."""
    if lang not in LANGUAGES:
        raise HTTPException(404)
    # The address names the language without choosing it (no ``?lang=``, no cookie): the
    # worker fetches every language's when it installs.
    request.state.lang = lang
    return render_page(request, "offline.html", {"here": "/"})
