"""The names of the AIs at a table: one name per seat, the same for every viewer.

A person sees the table from their own seat (it is drawn at the bottom), so a place
word like *East* means another seat to each person at a table of friends: "East won"
would name three different players on three screens. Every player therefore has a name
of their own, which does not depend on who reads it: a person their display name, an
AI one of the names below, chosen by its seat. A deal against the AIs names its AIs the
same way, so that a solo deal and a table of friends read alike.

The names are short Chinese given names in pinyin without tone marks, after the *four
gentlemen* of Chinese painting (梅 plum, 兰 orchid, 竹 bamboo, 菊 chrysanthemum), then
four more: no letter outside a–z, no word of English, Italian, Dutch or Indonesian that
would make a sentence read oddly ("Zhu won", "Lan menang"), and a fitting touch for
traditional Chinese card games. They are names, not words: never translated, so that a
record, a log and every screen at a table hold the same text whatever each viewer's
language.
"""

from __future__ import annotations

from collections.abc import Callable

SEAT_NAMES = ("Mei", "Lan", "Zhu", "Ju")
"""The name of the AI at seat ``i`` (seat 0 is a person's in every deal the site
starts, so *Mei* is seldom seen)."""

SPARE_NAMES = ("Tao", "Yun", "Bao", "Hua")
"""The names an AI takes, in this order, when its seat's name looks like a person's at
the same table: four, so that even a table of one AI and three people whose names look
like all the others finds one."""


def ai_name(seat: int, taken: Callable[[str], bool] = lambda _name: False) -> str:
    """The name of the AI at ``seat``: its seat's own name unless ``taken(name)`` (a
    person at the table has a name that looks like it, or another AI has it), else the
    first spare one that is not taken.

    >>> ai_name(2)
    'Zhu'
    >>> ai_name(1, taken=lambda name: name in {"Lan", "Tao"})
    'Yun'
    """
    for name in (SEAT_NAMES[seat % len(SEAT_NAMES)], *SPARE_NAMES):
        if not taken(name):
            return name
    # Unreachable at tables of four seats or fewer; a name with its seat number still
    # tells the players apart.
    return f"{SEAT_NAMES[seat % len(SEAT_NAMES)]} {seat + 1}"


def solo_names(you: str, players: int) -> list[str]:
    """The names of a deal's seats when the person at seat 0 (``you``, as the page calls
    them) plays against AIs in every other seat."""
    return [you, *(ai_name(seat) for seat in range(1, players))]


__all__ = ["SEAT_NAMES", "SPARE_NAMES", "ai_name", "solo_names"]
