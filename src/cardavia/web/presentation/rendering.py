"""Templates: one Jinja environment, the request's language, and the page renderer.

Templates receive finished data and do no I/O and no rules. Every visible word in them
is wrapped in ``_()``. The environment is shared by all requests (and threads), so the
language is never installed on it: each render gets its own ``gettext``/``ngettext`` in
the template context, which is where Jinja's i18n extension looks them up.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

from babel import Locale
from fastapi import Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, pass_context, select_autoescape
from jinja2.runtime import Context
from markupsafe import Markup, escape
from starlette.applications import Starlette

from cardavia.cards.dominoes import DOMINOES
from cardavia.cards.four_colour import CARDS
from cardavia.i18n import catalogs
from cardavia.i18n.languages import (
    COOKIE,
    COOKIE_MAX_AGE,
    LANGUAGES,
    SITE,
    babel_locale,
    chinese_lang,
    html_lang,
    negotiate,
)
from cardavia.web.games import WEB_GAMES
from cardavia.web.presentation import cardfaces
from cardavia.web.presentation.hyphens import breakable
from cardavia.web.presentation.rulebook import RuleBook, render_book
from cardavia.web.words import text

TEMPLATES = Path(__file__).parent.parent / "templates"
"""The site's Jinja templates, ``web/templates/`` (the static files' folder is
:data:`cardavia.web.infra.assets.STATIC`)."""


def make_environment() -> Environment:
    """The site's Jinja environment."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    # The English fallback, for a template rendered outside a request (never a page:
    # render_page always passes the request's own gettext).
    env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    env.filters["ticks"] = ticks
    env.filters["breakable"] = _breakable
    env.globals["four_colour_face"] = cardfaces.four_colour_face
    env.globals["domino_halves"] = cardfaces.domino_halves
    env.globals["rule_book"] = rule_book
    env.globals["card_faces"] = _card_faces
    # A static file's address; assets.install gives the app's environment the
    # fingerprinted one.
    env.globals["static"] = lambda path: f"/static/{path}"
    return env


def ticks(value: str) -> Markup:
    """Text with ``code`` in backticks (as in the OpenAPI descriptions) shown as code."""
    return Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", str(escape(value))))


@pass_context
def _breakable(context: Context, name: str) -> str:
    """A card's name with soft hyphens where it may break (``hyphens.breakable``), in
    the language of the page rendering it."""
    return breakable(name, str(context.get("lang", "en")))


_FACES: dict[tuple[str, tuple[str, ...], str], Markup] = {}
"""Every card face drawn, by deck, cards and language (a few dozen entries at most)."""


@pass_context
def _card_faces(context: Context, deck: str, codes: Any, card: Callable[..., str]) -> Markup:
    """``codes`` drawn by the ``card`` macro of cards.html, once per language: the faces
    a table or replay page carries for its script to clone are the same on every page
    of a language, and drawing them took 10 ms of the event loop's time per page."""
    key = (deck, tuple(codes), str(context.get("lang", "en")))
    found = _FACES.get(key)
    if found is None:
        found = _FACES[key] = Markup("".join(str(card(deck, code)) for code in codes))
    return found


# -- the request's language ------------------------------------------------------------


def language(request: Request) -> str:
    """The language of the page ``request`` asks for (issue 6): the ``lang`` query
    parameter, then the cookie the language switch sets, then ``Accept-Language``,
    then English. Decided once per request."""
    chosen: str | None = getattr(request.state, "lang", None)
    if chosen is None:
        chosen = negotiate(
            request.query_params.get("lang"),
            request.cookies.get(COOKIE),
            request.headers.get("accept-language"),
        )
        request.state.lang = chosen
    return chosen


def gettext_for(request: Request) -> text.Gettext:
    """The gettext of the request's language."""
    return catalogs.gettext_for(language(request))


def ngettext_for(request: Request) -> text.Ngettext:
    """The ngettext (CLDR plural forms) of the request's language."""
    return catalogs.ngettext_for(language(request))


def pgettext_for(request: Request) -> text.Pgettext:
    """The pgettext (a message in a context) of the request's language."""
    return catalogs.pgettext_for(language(request))


def _template_pgettext(func: Callable[[str, str], str]) -> Callable[..., str]:
    """``func`` as Jinja's newstyle pgettext: ``pgettext("replay", "Play")``."""

    @pass_context
    def pgettext(context: Context, where: str, message: str, /, **variables: Any) -> str:
        translated = func(where, message)
        if context.eval_ctx.autoescape:
            translated = Markup(translated)
        return translated % variables

    return pgettext


def _template_gettext(func: Callable[[str], str]) -> Callable[..., str]:
    """``func`` as Jinja's "newstyle" gettext: ``_("%(n)s cards", n=3)`` formats after
    translating, and the result is markup-safe with its variables escaped."""

    @pass_context
    def gettext(context: Context, message: str, /, **variables: Any) -> str:
        translated = func(message)
        if context.eval_ctx.autoescape:
            translated = Markup(translated)
        # Always a format string (as in Jinja's own newstyle gettext): a literal % in
        # a template message is written %%.
        return translated % variables

    return gettext


def _template_ngettext(func: Callable[[str, str, int], str]) -> Callable[..., str]:
    """``func`` as Jinja's newstyle ngettext (``num`` is available as ``%(num)s``)."""

    @pass_context
    def ngettext(
        context: Context, singular: str, plural: str, number: int, /, **variables: Any
    ) -> str:
        variables.setdefault("num", number)
        translated = func(singular, plural, number)
        if context.eval_ctx.autoescape:
            translated = Markup(translated)
        return translated % variables

    return ngettext


def plural_samples(lang: str) -> dict[str, int]:
    """A number of each CLDR plural category of ``lang`` (``{"one": 1, "other": 0}`` in
    English; Chinese has ``other`` alone), the smallest that has it."""
    rule = Locale.parse(babel_locale(lang)).plural_form
    samples: dict[str, int] = {}
    for number in range(1000):
        samples.setdefault(rule(number), number)
        if len(samples) == len(rule.tags | {"other"}):
            break
    return samples


def _template_plural_messages(lang: str) -> Callable[[Callable[[int], str]], dict[str, str]]:
    """``plural_messages(say)`` for a page's script: ``say(n)`` (a macro around one
    ``ngettext``) for a number of each CLDR plural category of ``lang``, by category. The
    script picks the message with ``Intl.PluralRules`` once it knows the count."""

    def plural_messages(say: Callable[[int], str]) -> dict[str, str]:
        return {tag: str(say(n)).strip() for tag, n in plural_samples(lang).items()}

    return plural_messages


# -- what every page may use --------------------------------------------------------------


def colour_marks(names: tuple[str, ...]) -> tuple[str, ...]:
    """A short mark per name, so that colour is never a card's only cue: the shortest
    prefix of each name (in the page's language) that no other name shares.

    Colours: English R Y W G, Italian R G B V, Dutch R Ge W Gr, Indonesian M K P H,
    Chinese 红 黄 白 绿. The same rule makes the characters' index on a card (G A E Ch H
    Ca S in English).
    """
    marks = []
    for name in names:
        for length in range(1, len(name) + 1):
            prefix = name[:length].casefold()
            if not any(other.casefold().startswith(prefix) for other in names if other != name):
                break
        marks.append(name[:length][:1].upper() + name[1:length])
    return tuple(marks)


@dataclass(frozen=True, slots=True)
class FourColourText:
    """The words on a four-colour card's face, in the page's language."""

    index: str
    """What tells the card apart at any size: the character's index (``Ch``), or the
    flower's number; empty on a Chinese page, where the glyph is the name."""
    mark: str
    """The colour's mark (``R``); empty for a flower."""
    name: str
    """The character's name on a large card (``Chariot``); empty where it would only
    repeat the glyph."""


@cache
def _card_context(lang: str) -> dict[str, Any]:
    """Card names, labels and marks in ``lang`` (the same for every page: made once)."""
    _ = catalogs.gettext_for(lang)
    colours, characters = text.colour_names(_), text.character_names(_)
    marks = colour_marks(colours)
    # On a Chinese page the glyph itself is the character's name: no Latin index.
    han = html_lang(lang).startswith("zh")
    indexes = ("",) * len(characters) if han else colour_marks(characters)
    flower = _("flower")
    faces: dict[str, FourColourText] = {}
    for card in CARDS:
        colour, character = card.colour, card.character
        if card.is_flower or colour is None or character is None:
            faces[str(card)] = FourColourText(f"{flower[:1].upper()}{card.flower}", "", flower)
        else:
            name = "" if han else characters[character]
            faces[str(card)] = FourColourText(indexes[character], marks[colour], name)
    names = text.domino_names(_)
    domino_labels = {}
    for domino in DOMINOES:
        code, name = str(domino), names[str(domino)]
        # "Heaven 天 66"; a Chinese page's name already is the Chinese one (in its own
        # script: a traditional page's 長三 is the simplified 长三 of the engine).
        parts = [name] if han or domino.chinese in name else [name, domino.chinese]
        domino_labels[code] = " ".join([*parts, code])
    return {
        "four_colour_names": {str(card): text.four_colour_name(card, _) for card in CARDS},
        "four_colour_text": faces,
        "colour_legend": tuple(zip(marks, colours, ("r", "y", "w", "g"), strict=True)),
        "domino_names": names,
        "domino_labels": domino_labels,
        "domino_chinese": {str(card): card.chinese for card in DOMINOES},
        "han_page": han,
        "han_lang": chinese_lang(lang),
    }


@dataclass(frozen=True, slots=True)
class Switch:
    """The language switch: a link back to this page per language, with ``lang`` set."""

    current: str
    """The page's language, named in itself."""
    short: str
    """The same in two or three letters, for a phone's header (``NL``, ``繁中``)."""
    languages: tuple[tuple[str, str, str, str], ...]
    """``(code, name in itself, html lang, address)`` of every language, in order. The
    address keeps the page's other query parameters (``tab=rules``, ``invite=…``)."""


def _switch(request: Request, here: str | None, lang: str) -> Switch:
    # A page answering a POST (a start form shown again) switches on its GET address.
    # Built from the path alone, always one leading slash: "//evil.example/x" (a 404)
    # would otherwise be a link to another host.
    # A page's own address (``here``) may hold a query too: the invitation's token.
    path = "/" + request.url.path.lstrip("/")
    action, query = path if request.method == "GET" else "/", request.url.query
    if here is not None:
        action, _, query = here.partition("?")
    kept = [
        (key, value) for key, value in parse_qsl(query, keep_blank_values=True) if key != "lang"
    ]
    links = tuple(
        (code, name, html_lang(code), f"{action}?{urlencode([*kept, ('lang', code)])}")
        for code, name in LANGUAGES.items()
    )
    return Switch(current=LANGUAGES[lang], short=SITE[lang].short, languages=links)


def page_context(request: Request, here: str | None = None) -> dict[str, Any]:
    """What every page's template may use: the language, its gettext, the switch, and
    card names and labels in the page's language."""
    lang = language(request)
    translations = catalogs.translations(lang)
    return {
        "request": request,
        "lang": lang,
        "html_lang": html_lang(lang),
        "gettext": _template_gettext(translations.gettext),
        "ngettext": _template_ngettext(translations.ngettext),
        "pgettext": _template_pgettext(translations.pgettext),
        "plural_messages": _template_plural_messages(lang),
        "switch": _switch(request, here, lang),
    } | _card_context(lang)


@dataclass(frozen=True, slots=True)
class Pages:
    """What the pages of one app share: its Jinja environment, and whether its cookies
    are ``Secure``. Kept apart from :mod:`cardavia.web.dependencies`' state, which
    holds the services, so that rendering (used by the error answers) imports none."""

    templates: Environment
    secure_cookies: bool


def install(app: Starlette, pages: Pages) -> None:
    """Give ``app`` its :class:`Pages` (``create_app`` calls this once)."""
    app.state.pages = pages


def pages_of(app: Starlette) -> Pages:
    """The :class:`Pages` of ``app``."""
    pages: Pages = app.state.pages
    return pages


def render_page(
    request: Request, template: str, context: Mapping[str, Any], status: int = 200
) -> HTMLResponse:
    """Render ``template`` for ``request`` with ``context`` (plus :func:`page_context`).

    A valid ``lang`` query parameter is an explicit choice: the answer keeps it in the
    cookie, so the next pages stay in that language.
    """
    pages = pages_of(request.app)
    env = pages.templates
    full = page_context(request, context.get("here")) | dict(context)
    html = env.get_template(template).render(full)
    response = HTMLResponse(html, status_code=status)
    lang = full["lang"]
    response.headers["Content-Language"] = html_lang(lang)
    response.headers["Vary"] = "Accept-Language, Cookie"
    asked = request.query_params.get("lang")
    if asked == lang and request.cookies.get(COOKIE) != lang:
        response.set_cookie(
            COOKIE,
            lang,
            max_age=COOKIE_MAX_AGE,
            path="/",
            httponly=True,
            samesite="lax",
            secure=pages.secure_cookies,
        )
    return response


# -- the full rules ---------------------------------------------------------------------------


@cache
def _rules_environment() -> Environment:
    # The rules are rendered once per game, language and heading level, outside any
    # request; their card pictures come from the same macros as every other card.
    return make_environment()


@cache
def _cached_book(game: str, lang: str, level: int) -> RuleBook:
    from cardavia.i18n.rules import load_rules

    context = {
        "lang": lang,
        "gettext": _template_gettext(catalogs.gettext_for(lang)),
        "ngettext": _template_ngettext(catalogs.ngettext_for(lang)),
    } | _card_context(lang)
    cards = _rules_environment().get_template("cards.html").make_module(context)
    deck = WEB_GAMES[game].deck

    def card(code: str) -> str:
        return str(cards.card(deck, code, "rule"))  # type: ignore[attr-defined]

    return render_book(load_rules(game, lang), card, level)


@pass_context
def rule_book(context: Context, game: str, level: int = 2) -> RuleBook:
    """The full rules of ``game`` in the page's language, with its sections as ``<h{level}>``
    (the ``lang`` of the page rendering them)."""
    return _cached_book(game, str(context.get("lang", "en")), level)
