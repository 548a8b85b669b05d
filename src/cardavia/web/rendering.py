"""Templates: one Jinja environment, gettext-ready, and the page renderer.

Templates receive finished data and do no I/O and no rules. Every visible word in them
is wrapped in ``_()``; until translations exist the environment's gettext returns each
message unchanged (``install_null_translations``), and the request's language will
plug in here without touching a template.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

from cardavia.cards.dominoes import DOMINOES
from cardavia.cards.four_colour import CARDS, FLOWER_BASE
from cardavia.web import cardfaces, text

HERE = Path(__file__).parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"


def make_environment() -> Environment:
    """The site's Jinja environment."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    env.filters["ticks"] = ticks
    env.globals["four_colour_face"] = cardfaces.four_colour_face
    env.globals["domino_halves"] = cardfaces.domino_halves
    return env


def ticks(value: str) -> Markup:
    """Text with ``code`` in backticks (as in the OpenAPI descriptions) shown as code."""
    return Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", str(escape(value))))


def gettext_for(request: Request) -> text.Gettext:
    """The gettext of the request's language: the one place a page's language is chosen
    (English only until translations exist)."""
    return text.identity


def page_context(request: Request) -> dict[str, Any]:
    """What every page's template may use (card names and labels in the page's language)."""
    _ = gettext_for(request)
    colours, characters = text.colour_names(_), text.character_names(_)
    labels: dict[str, tuple[str, str]] = {}
    for card in CARDS:
        if card.is_flower:
            labels[str(card)] = (_("flower"), str(card - FLOWER_BASE + 1))
        else:
            colour, character = divmod(int(card), 7)
            labels[str(card)] = (colours[colour], characters[character])
    return {
        "request": request,
        "lang": "en",
        "four_colour_names": {str(card): text.four_colour_name(card, _) for card in CARDS},
        "four_colour_labels": labels,
        "domino_names": text.domino_names(_),
        "domino_chinese": {str(card): card.chinese for card in DOMINOES},
    }


def render_page(
    request: Request, template: str, context: Mapping[str, Any], status: int = 200
) -> HTMLResponse:
    """Render ``template`` for ``request`` with ``context`` (plus :func:`page_context`)."""
    env: Environment = request.app.state.templates
    html = env.get_template(template).render(page_context(request) | dict(context))
    return HTMLResponse(html, status_code=status)
