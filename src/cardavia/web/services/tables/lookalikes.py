"""Names that look alike: Unicode's confusable skeletons (UTS #39, section 4).

Two strings are confusable when their skeletons are equal: each is decomposed (NFD),
stripped of default-ignorable characters, and every character is replaced by the
prototype of its class of lookalikes ("Н" Cyrillic → "H", "0" → "O", "rn" ← "m"), then
decomposed again. So "Ноst" (Cyrillic) and "Host" have one skeleton; "Host" and "host"
do not (UTS #39 tells lookalikes apart, not cases).

The classes are Unicode's ``confusables.txt`` as the ``confusable-homoglyphs`` package
ships it (``confusables.json``, read once, on the first use). That file keeps each line
``source → prototype`` in both directions, so a class is a star: one prototype, and the
characters that map to it. The prototype is the member that is a string of several
characters, else the one with several lookalikes; in a class of two single characters
(mostly combining marks and rarer scripts) nothing says which of the two it is, and the
lower code point stands for both. Skeletons then differ from UTS #39's only by a renaming
of some prototypes, one for one, so they are equal exactly when UTS #39's are.
"""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from importlib import resources

# The package's file writes right-to-left characters between LEFT-TO-RIGHT MARKs, as the
# comments of confusables.txt (which it was parsed from) show them.
_MARKS = str.maketrans("", "", "\u200e\u200f")


def skeleton(text: str) -> str:
    """``text``'s skeleton: equal for two strings exactly when they look alike."""
    table = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    mapped = "".join(table.get(char, char) for char in decomposed if not ignorable(char))
    return unicodedata.normalize("NFD", mapped)


def ignorable(char: str) -> bool:
    """True for a Default_Ignorable_Code_Point (Unicode's DerivedCoreProperties): a
    character shown as nothing at all where it is not understood."""
    if unicodedata.category(char) == "Cf":
        return char not in _SHOWN_FORMAT
    code = ord(char)
    return any(low <= code <= high for low, high in _OTHER_IGNORABLE)


# Default_Ignorable_Code_Point is Cf, Variation_Selector and Other_Default_Ignorable_-
# Code_Point, less White_Space, U+FFF9..FFFB, U+13430..1343F and the Prepended_-
# Concatenation_Marks (PropList.txt). Beyond Cf, these ranges:
_OTHER_IGNORABLE = (
    (0x034F, 0x034F),  # COMBINING GRAPHEME JOINER
    (0x115F, 0x1160),  # HANGUL CHOSEONG and JUNGSEONG FILLER
    (0x17B4, 0x17B5),  # KHMER VOWEL INHERENT AQ, AA
    (0x180B, 0x180D),  # MONGOLIAN FREE VARIATION SELECTORS
    (0x180F, 0x180F),
    (0x2065, 0x2065),
    (0x3164, 0x3164),  # HANGUL FILLER
    (0xFE00, 0xFE0F),  # VARIATION SELECTORS
    (0xFFA0, 0xFFA0),  # HALFWIDTH HANGUL FILLER
    (0xFFF0, 0xFFF8),
    (0xE0000, 0xE0FFF),  # tags, variation selectors supplement, and the rest of the block
)
# And the Cf characters that are shown, so not ignorable:
_SHOWN_FORMAT = frozenset(
    "\ufff9\ufffa\ufffb"  # interlinear annotation
    + "".join(map(chr, range(0x13430, 0x13440)))  # Egyptian hieroglyph format controls
    + "\u0600\u0601\u0602\u0603\u0604\u0605\u06dd\u070f\u0890\u0891\u08e2"
    + "\U000110bd\U000110cd"  # prepended concatenation marks (number signs)
)


@cache
def _prototypes() -> dict[str, str]:
    """Every character that has a prototype other than itself, and that prototype."""
    data = resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8")
    pairs: dict[str, set[str]] = {}
    for key, lookalikes in json.loads(data).items():
        one = key.translate(_MARKS)
        for entry in lookalikes:
            other = entry["c"].translate(_MARKS)
            if one and other and one != other:
                pairs.setdefault(one, set()).add(other)
                pairs.setdefault(other, set()).add(one)
    table: dict[str, str] = {}
    for member, around in pairs.items():
        if len(member) > 1 or len(around) > 1:
            continue  # a prototype: several characters, or several lookalikes
        (other,) = around
        if len(other) > 1 or len(pairs[other]) > 1 or other < member:
            table[member] = other
    # A prototype is decomposed and written with prototypes too: the lower code point of
    # a pair stands for its prototype inside longer ones as well.
    return {
        member: "".join(table.get(char, char) for char in unicodedata.normalize("NFD", prototype))
        for member, prototype in table.items()
    }
