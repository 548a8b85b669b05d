"""The site's languages and how a request's language is chosen (issues 6 and 29).

In order: an explicit choice (the ``lang`` query parameter, then the cookie the
language switch sets), the browser's ``Accept-Language``, then English.

A language has a site code (``zh-Hant``: in addresses, cookies and the rules' file
names), a BCP 47 tag for ``<html lang>`` and a Babel locale (``zh_Hant``: its catalog's
directory, its dates and plural rules). :data:`SITE` is the one table of all three.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Language:
    """One language of the site, by what each part of the site needs to know of it."""

    name: str
    """The language's name in itself (what the switch shows)."""
    html: str
    """The BCP 47 tag of ``<html lang>`` and ``Content-Language``."""
    locale: str
    """Babel's locale: the directory of its catalog (``locale/<locale>/LC_MESSAGES``),
    its dates, lists and plural rules. Babel spells it with ``_`` (``zh_Hant``), which a
    site code, written as a language tag, does not."""
    short: str
    """The language switch's button on a phone, where the name does not fit."""
    tags: tuple[str, ...] = ()
    """Other tags a browser may send that mean this language. Case and ``_`` or ``-`` do
    not matter, and a longer tag counts when its first subtags are one of these."""


SITE: dict[str, Language] = {
    "en": Language("English", "en", "en", "EN"),
    "it": Language("Italiano", "it", "it", "IT"),
    "nl": Language("Nederlands", "nl", "nl", "NL"),
    # "in" is the old ISO code some browsers still send for Indonesian.
    "id": Language("Bahasa Indonesia", "id", "id", "ID", ("in",)),
    # The site's Chinese is written in simplified characters: zh-Hans lets the browser
    # pick a simplified-Chinese font for it (the cards' glyphs carry zh-Hant). Bare zh,
    # and the regions that write simplified, read it.
    "zh": Language("简体中文", "zh-Hans", "zh", "简中", ("zh-Hans", "zh-CN", "zh-SG")),
    # Taiwan, Hong Kong and Macau write traditional characters: a browser set to their
    # Chinese says so by region more often than by script (zh-TW, not zh-Hant-TW).
    "zh-Hant": Language("繁體中文", "zh-Hant", "zh_Hant", "繁中", ("zh-TW", "zh-HK", "zh-MO")),
    "vi": Language("Tiếng Việt", "vi", "vi", "VI"),
}
"""Every language of the site by its code, in the switch's order."""

LANGUAGES: dict[str, str] = {code: language.name for code, language in SITE.items()}
"""Language code → the language's name in itself (what the switch shows)."""
DEFAULT = "en"
COOKIE = "lang"
"""The cookie the language switch sets (an explicit choice, kept for a year)."""
COOKIE_MAX_AGE = 365 * 86400


def _subtags(tag: str) -> tuple[str, ...]:
    return tuple(tag.strip().replace("_", "-").lower().split("-"))


# Each code and each of its other tags, as lower-case subtags: a tag chooses the
# language of its longest known prefix, so zh-Hans-TW is simplified (the script says
# so) and zh-TW traditional, and nl-BE is Dutch.
_BY_SUBTAGS: dict[tuple[str, ...], str] = {
    _subtags(tag): code for code, language in SITE.items() for tag in (code, *language.tags)
}


def html_lang(code: str) -> str:
    """The ``lang`` attribute of a page in ``code`` (``zh`` → ``zh-Hans``)."""
    return SITE[code].html if code in SITE else code


def chinese_lang(code: str) -> str:
    """The ``lang`` of Chinese words (a game's name 四色牌, a card's 天) on a page in
    ``code``: a Chinese page's own script, else the simplified the site's Chinese is
    written in. The font follows it, so the words match the page around them."""
    tag = html_lang(code)
    return tag if tag.startswith("zh") else SITE["zh"].html


def babel_locale(code: str) -> str:
    """Babel's name of the locale of ``code`` (``zh-Hant`` → ``zh_Hant``): what
    ``Locale.parse``, Babel's formatting and the catalog's directory take."""
    return SITE[code].locale


def supported(tag: str | None) -> str | None:
    """The site language a language tag names, or ``None`` (``zh-Hans-CN`` → ``zh``,
    ``zh-TW`` → ``zh-Hant``)."""
    if not tag or not tag.strip():
        return None
    subtags = _subtags(tag)
    for length in range(len(subtags), 0, -1):
        code = _BY_SUBTAGS.get(subtags[:length])
        if code is not None:
            return code
    return None


def parse_accept_language(header: str | None) -> list[str]:
    """The tags of an ``Accept-Language`` header, most wanted first (q=0 dropped)."""
    if not header:
        return []
    weighted: list[tuple[float, int, str]] = []
    for position, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag and tag != "*" and quality > 0:
            weighted.append((-quality, position, tag))
    return [tag for _, _, tag in sorted(weighted)]


def negotiate(query: str | None, cookie: str | None, accept_language: str | None) -> str:
    """The language of a page: explicit choice, then the browser's wishes, then English."""
    for explicit in (query, cookie):
        chosen = supported(explicit)
        if chosen:
            return chosen
    for tag in parse_accept_language(accept_language):
        chosen = supported(tag)
        if chosen:
            return chosen
    return DEFAULT
