"""What must hold for every catalog: each message translated, the same placeholders.

The test suite runs these checks (``tests/i18n/test_catalogs.py``) and so does
``scripts/i18n check`` (``python -m cardavia.i18n.checks``), which prints every problem
at once with where to fix it.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from dataclasses import dataclass
from functools import cache

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from cardavia.i18n.catalogs import LOCALE_DIR, po_path
from cardavia.i18n.languages import DEFAULT, LANGUAGES, babel_locale

TEMPLATE = LOCALE_DIR / "messages.pot"
"""Every message of the site, as extracted from the code (``scripts/i18n update``)."""

# The placeholders a message may hold: str.format fields ({seat}, used by text.py and
# the page's JavaScript) and %-style ones (%(count)s, Jinja's newstyle gettext; %% is
# a literal percent sign).
_PLACEHOLDER = re.compile(r"\{[a-zA-Z_]\w*\}|%\([a-zA-Z_]\w*\)[sd]|%%")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with one message of one language."""

    lang: str
    msgid: str
    what: str

    def __str__(self) -> str:
        return f"{self.lang}: {self.what}: {self.msgid!r}"


def placeholders(text: str) -> Counter[str]:
    """The placeholders of ``text``, with how often each occurs."""
    return Counter(_PLACEHOLDER.findall(text))


@cache
def template() -> Catalog:
    """The extracted messages (``messages.pot``)."""
    with TEMPLATE.open("rb") as source:
        return read_po(source)


def catalog(lang: str) -> Catalog:
    """The catalog of ``lang`` as written (not cached: the checks read the file anew)."""
    with po_path(lang).open("rb") as source:
        return read_po(source, locale=babel_locale(lang))


def translated_languages() -> tuple[str, ...]:
    """Every language but the source."""
    return tuple(code for code in LANGUAGES if code != DEFAULT)


def _forms(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (list, tuple)) else (message.id,)


def _strings(message: Message) -> tuple[str, ...]:
    if isinstance(message.string, (list, tuple)):
        return tuple(message.string)
    return (message.string or "",)


def problems(lang: str) -> list[Problem]:
    """Every problem of the catalog of ``lang`` against the template."""
    if not po_path(lang).exists():
        return [Problem(lang, "", f"no catalog at {po_path(lang)}")]
    return compare(catalog(lang), template(), lang)


def compare(ours: Catalog, wanted_messages: Catalog, lang: str) -> list[Problem]:
    """Every problem of ``ours`` (the catalog of ``lang``) against ``wanted_messages``."""
    found: list[Problem] = []
    for wanted in wanted_messages:
        if not wanted.id:
            continue
        key = wanted.id
        # A message is its text *and* its context: the replay's "Play" is not Chuo Pai's.
        message = ours.get(key[0] if isinstance(key, (list, tuple)) else key, wanted.context)
        singular = _forms(wanted)[0]
        if message is None:
            found.append(Problem(lang, singular, "missing (run scripts/i18n update)"))
            continue
        if message.fuzzy:
            found.append(Problem(lang, singular, "fuzzy (check the translation, then unmark it)"))
        strings = _strings(message)
        if not all(strings):
            found.append(Problem(lang, singular, "not translated"))
            continue
        expected = placeholders(singular)
        for string in strings:
            if placeholders(string) != expected:
                found.append(
                    Problem(
                        lang,
                        singular,
                        f"placeholders {sorted(placeholders(string))} instead of "
                        f"{sorted(expected)} in {string!r}",
                    )
                )
    extracted = {(_forms(message)[0], message.context) for message in wanted_messages if message.id}
    for message in ours:
        if message.id and (_forms(message)[0], message.context) not in extracted:
            found.append(Problem(lang, _forms(message)[0], "no longer in the code"))
    return found


def main() -> int:
    """Print every problem of every catalog; non-zero exit status if there is any."""
    everything = [problem for lang in translated_languages() for problem in problems(lang)]
    for problem in everything:
        print(problem)
    size = sum(1 for message in template() if message.id)
    languages = ", ".join(translated_languages())
    if not everything:
        print(f"all {size} messages translated in {languages}, placeholders matching")
    return 1 if everything else 0


if __name__ == "__main__":
    sys.exit(main())
