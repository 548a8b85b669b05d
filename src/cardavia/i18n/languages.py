"""The site's languages and how a request's language is chosen (issue 6).

In order: an explicit choice (the ``lang`` query parameter, then the cookie the
language switch sets), the browser's ``Accept-Language``, then English.
"""

from __future__ import annotations

LANGUAGES: dict[str, str] = {
    "en": "English",
    "it": "Italiano",
    "nl": "Nederlands",
    "id": "Bahasa Indonesia",
    "zh": "简体中文",
}
"""Language code → the language's name in itself (what the switch shows)."""
DEFAULT = "en"
COOKIE = "lang"
"""The cookie the language switch sets (an explicit choice, kept for a year)."""
COOKIE_MAX_AGE = 365 * 86400

HTML_LANG: dict[str, str] = {"zh": "zh-Hans"}
"""BCP 47 tags for ``<html lang>`` where the code alone says too little: the site's
Chinese is written in simplified characters, and ``zh-Hans`` lets the browser pick a
simplified-Chinese font for it (the cards' traditional glyphs carry ``zh-Hant``)."""

# Browsers send region and script subtags (zh-CN, zh-Hans, nl-BE); "in" is the old
# ISO code some still send for Indonesian.
_ALIASES = {"in": "id"}


def html_lang(code: str) -> str:
    """The ``lang`` attribute of a page in ``code`` (``zh`` → ``zh-Hans``)."""
    return HTML_LANG.get(code, code)


def supported(tag: str | None) -> str | None:
    """The site language a language tag names, or ``None`` (``zh-Hans-CN`` → ``zh``)."""
    if not tag:
        return None
    primary = tag.strip().replace("_", "-").split("-")[0].lower()
    primary = _ALIASES.get(primary, primary)
    return primary if primary in LANGUAGES else None


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
