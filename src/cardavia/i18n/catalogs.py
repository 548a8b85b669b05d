"""Gettext catalogs: one ``messages.po`` per language, English as the source.

Catalogs are read from their ``.po`` files when first needed and compiled in memory,
so there is no build step and no binary ``.mo`` file in the repository.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import cache
from gettext import NullTranslations
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from cardavia.i18n.languages import DEFAULT, LANGUAGES, babel_locale

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "messages"


def po_path(lang: str) -> Path:
    """Where the catalog of ``lang`` (a site code) lives: under its Babel locale's
    directory, the one ``pybabel`` reads and writes (``zh-Hant`` → ``zh_Hant``)."""
    return LOCALE_DIR / babel_locale(lang) / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(lang: str) -> NullTranslations:
    """The translations of ``lang`` (English and unknown languages: the source text)."""
    if lang == DEFAULT or lang not in LANGUAGES or not po_path(lang).exists():
        return NullTranslations()
    with po_path(lang).open("rb") as source:
        catalog = read_po(source, locale=babel_locale(lang))
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def gettext_for(lang: str) -> Callable[[str], str]:
    """The ``gettext`` of a page in ``lang``."""
    return translations(lang).gettext


def pgettext_for(lang: str) -> Callable[[str, str], str]:
    """The ``pgettext`` of a page in ``lang``: a message in a context, for one English
    word that says two things (the replay's *Play*, which plays the steps, beside Chuo
    Pai's *Play*, which plays cards)."""
    return translations(lang).pgettext


def ngettext_for(lang: str) -> Callable[[str, str, int], str]:
    """The ``ngettext`` (plural forms) of a page in ``lang``."""
    return translations(lang).ngettext
