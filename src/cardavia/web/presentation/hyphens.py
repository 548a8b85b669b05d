"""Where a card's name may break: soft hyphens at its syllables, for narrow cards.

A card's name is drawn at a readable size (11 px, 10 px on a phone) or not at all: it is
never drawn narrower, nor cut at the card's edge. A long word ("Elephant", "Penasihat",
"Generale") is wider than a phone's card at that size, so the face carries soft hyphens
(U+00AD) where the word may break between two lines ("Ele-phant", "Pe-na-si-hat"); the
browser breaks there only when the word does not fit, and shows the hyphen then. Only
the card's face carries them: spoken names, titles and the log keep the plain word.

The breaks come from a small rule of syllables that holds for the site's Latin-script
languages (English, Italian, Dutch, Indonesian) and the few dozen names on the cards:
between two vowels a lone consonant (or a consonant pair that starts a syllable: ``ph``,
``tr``, ``ng``…) goes with the next syllable, two consonants are split, and no piece is
shorter than two letters. Chinese names are left alone, and so are Vietnamese ones:
Vietnamese writes every syllable as a word of its own, so a line breaks at its spaces.
"""

from __future__ import annotations

import itertools
import re
from functools import cache

SOFT_HYPHEN = "\u00ad"
VOWELS = frozenset("aeiouyàáèéìíòóùú")
# Consonant pairs that start a syllable (kept together after the break).
ONSETS = frozenset(
    {"bl", "br", "ch", "cl", "cr", "dr", "fl", "fr", "gh", "gl", "gr", "ph", "pl", "pr"}
    | {"sh", "th", "tr", "wh"}
)
# Consonant pairs that are one sound in a language: never split.
DIGRAPHS = {
    "id": frozenset({"ng", "ny", "kh", "sy"}),
    "nl": frozenset({"ch", "ng"}),
    "it": frozenset({"gn", "sc"}),
    "en": frozenset({"ng", "ck"}),
}
# Words the rule splits in the wrong place: their breaks, by language.
EXCEPTIONS = {
    "en": {"crooked": (5,), "flower": (4,)},
    "nl": {"bankje": (4,)},
}
UNBROKEN = frozenset({"zh", "vi"})
"""Languages (by primary subtag: ``zh-Hant`` is ``zh``) whose names are never broken."""
SHORTEST_WORD = 6
"""Words shorter than this always fit a card: they are never broken."""
SHORTEST_PIECE = 2


def _is_vowel(word: str, at: int, lang: str) -> bool:
    letter = word[at]
    if letter in VOWELS:
        # An English or Dutch y before a vowel is a consonant ("yellow").
        return not (letter == "y" and at + 1 < len(word) and word[at + 1] in VOWELS)
    # Dutch "ij" is one vowel.
    return lang == "nl" and letter == "j" and at > 0 and word[at - 1] == "i"


def _breaks(word: str, lang: str) -> list[int]:
    """The indexes before which ``word`` may break."""
    lower = word.lower()
    if lower in EXCEPTIONS.get(lang, {}):
        return list(EXCEPTIONS[lang][lower])
    if len(word) < SHORTEST_WORD or not lower.isalpha():
        return []
    digraphs = DIGRAPHS.get(lang, frozenset())
    vowels = [at for at in range(len(lower)) if _is_vowel(lower, at, lang)]
    found = []
    for left, right in itertools.pairwise(vowels):
        run = lower[left + 1 : right]
        if not run:
            continue  # two vowels together: no break between them
        if len(run) == 1 or run in ONSETS or run in digraphs:
            cut = left + 1
        elif run[-2:] in ONSETS or run[-2:] in digraphs:
            cut = right - 2
        elif run[:2] in digraphs:
            cut = left + 3
        else:
            cut = right - 1 if len(run) == 2 else left + 2
        if SHORTEST_PIECE <= cut <= len(word) - SHORTEST_PIECE:
            found.append(cut)
    return found


@cache
def breakable(name: str, lang: str) -> str:
    """``name`` with a soft hyphen at every syllable of its long words (``lang``: the
    page's language code, ``en``); a name in Chinese or Vietnamese, or of short words,
    as it is."""
    if lang.split("-")[0] in UNBROKEN or SOFT_HYPHEN in name:
        return name

    def word(match: re.Match[str]) -> str:
        text = match.group(0)
        pieces, start = [], 0
        for cut in _breaks(text, lang):
            pieces.append(text[start:cut])
            start = cut
        pieces.append(text[start:])
        return SOFT_HYPHEN.join(pieces)

    return re.sub(r"[^\W\d_]+", word, name)
