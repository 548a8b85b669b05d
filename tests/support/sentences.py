"""Reading a hint sentence back: which card names and which numbers it says.

A sentence is checked against its reason's facts: every card it names and every number
it says must be one of them. Card names are found longest first and cut out, so that a
name inside another ("flower 2", "Black Nine") is neither a card twice nor a number.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

NUMBER = re.compile(r"\d+")


def read_back(sentence: str, names: dict[str, str]) -> tuple[set[str], set[int]]:
    """The card codes (by their ``names``) and the numbers ``sentence`` says."""
    found: set[str] = set()
    rest = sentence
    for code, name in sorted(names.items(), key=lambda item: -len(item[1])):
        if name in rest:
            found.add(code)
            rest = rest.replace(name, "\x00")
    return found, {int(number) for number in NUMBER.findall(rest)}


def facts_numbers(values: Iterable[object]) -> set[int]:
    """The integers among a reason's facts (``None`` and booleans left out)."""
    return {value for value in values if isinstance(value, int) and not isinstance(value, bool)}
