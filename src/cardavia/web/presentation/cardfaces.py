"""How each card is drawn: colour classes, glyphs and pip layouts for the templates.

The page draws every card from one Jinja macro (``templates/cards.html``); the table's
JavaScript clones those server-drawn cards, so there is one drawing of each card.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardavia.cards.dominoes import Domino
from cardavia.cards.four_colour import Card

# Dice layouts on a 3 × 3 grid, (row, column), as on Sichuan cards.
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 1), (2, 1)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)),
}


@dataclass(frozen=True, slots=True)
class Pip:
    """One pip of a domino card half."""

    row: int
    column: int
    red: bool


def domino_halves(code: str) -> tuple[tuple[Pip, ...], tuple[Pip, ...]]:
    """The two halves of a Sichuan card, low pip value first.

    Ones and fours are red, everything else black; the double six (Heaven) has half of
    its pips red (chuopai.md §2): the left column of each half.
    """
    card = Domino.parse(code)
    low, high = card.pips

    def half(value: int) -> tuple[Pip, ...]:
        double_six = low == high == 6
        return tuple(
            Pip(row, column, value in (1, 4) or (double_six and column == 0))
            for row, column in _PIPS[value]
        )

    return half(low), half(high)


@dataclass(frozen=True, slots=True)
class FourColourFace:
    """What a four-colour card shows."""

    code: str
    colour: str
    """``r``, ``y``, ``w``, ``g`` or ``f`` (flower): the CSS colour class."""
    glyph: str
    letter: str
    """The character's letter (G A E R H C S) or the flower's number."""


def four_colour_face(code: str) -> FourColourFace:
    """The face of the four-colour card ``code``."""
    card = Card.parse(code)
    if card.is_flower:
        return FourColourFace(code, "f", card.glyph, code[1])
    return FourColourFace(code, code[0], card.glyph, code[1])
