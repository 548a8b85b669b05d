"""Southern Fujian four-colour cards: identities, glyphs and notation (sisepai.md §2).

A card is written colour + character (``rG``, ``wS``) or ``F1``…``F5`` for the five
flowers. ``Card`` is an ``IntEnum`` so that engines can keep plain ints in their hot
loops while every ``str()`` is the canonical code; the int order *is* the canonical
order (colour first, then character, flowers last).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from cardavia.core.errors import NotationError

COLOURS = "rywg"
CHARACTERS = "GAERHCS"
COLOUR_NAMES = ("red", "yellow", "white", "green")
CHARACTER_NAMES = ("General", "Advisor", "Elephant", "Chariot", "Horse", "Cannon", "Soldier")
# Red and yellow cards carry the red side's glyphs, white and green the black side's.
_RED_GLYPHS = "帥仕相俥傌炮兵"
_BLACK_GLYPHS = "將士象車馬包卒"
FLOWER_GLYPHS = "公侯伯子男"

KINDS = 28
"""Distinct colour + character kinds; card ints 0…27 are kinds, 28…32 flowers."""
FLOWER_BASE = 28

GENERAL, ADVISOR, ELEPHANT, CHARIOT, HORSE, CANNON, SOLDIER = range(7)


class Card(IntEnum):
    """One card identity. ``str(Card.rG) == "rG"``; ``Card.parse("rG") is Card.rG``."""

    rG = 0
    rA = 1
    rE = 2
    rR = 3
    rH = 4
    rC = 5
    rS = 6
    yG = 7
    yA = 8
    yE = 9
    yR = 10
    yH = 11
    yC = 12
    yS = 13
    wG = 14
    wA = 15
    wE = 16
    wR = 17
    wH = 18
    wC = 19
    wS = 20
    gG = 21
    gA = 22
    gE = 23
    gR = 24
    gH = 25
    gC = 26
    gS = 27
    F1 = 28
    F2 = 29
    F3 = 30
    F4 = 31
    F5 = 32

    def __str__(self) -> str:
        # ``_name_``, not ``name``: the property costs more than the rest of a view's
        # JSON, and every frame writes a few thousand codes.
        return self._name_

    def __repr__(self) -> str:
        return f"Card.{self.name}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card with code ``text``; raises ``NotationError`` naming the bad token."""
        card = _BY_CODE.get(text)
        if card is None:
            raise NotationError(
                f"{text!r} is not a four-colour card: write colour (r y w g) + character "
                f"(G A E R H C S), like rG or wS, or a flower F1–F5"
            )
        return card

    @property
    def is_flower(self) -> bool:
        """True for F1…F5."""
        return self >= FLOWER_BASE

    @property
    def colour(self) -> int | None:
        """0 red, 1 yellow, 2 white, 3 green; ``None`` for a flower."""
        return None if self >= FLOWER_BASE else self // 7

    @property
    def character(self) -> int | None:
        """0 General … 6 Soldier; ``None`` for a flower."""
        return None if self >= FLOWER_BASE else self % 7

    @property
    def flower(self) -> int | None:
        """1…5 for the flowers F1…F5; ``None`` for any other card."""
        return self - FLOWER_BASE + 1 if self >= FLOWER_BASE else None

    @property
    def is_general(self) -> bool:
        """True for the four colours' Generals."""
        return self < FLOWER_BASE and self % 7 == GENERAL

    @property
    def glyph(self) -> str:
        """The Chinese character printed on the card (display only)."""
        if self >= FLOWER_BASE:
            return FLOWER_GLYPHS[self - FLOWER_BASE]
        glyphs = _RED_GLYPHS if self // 7 < 2 else _BLACK_GLYPHS
        return glyphs[self % 7]

    @property
    def english(self) -> str:
        """An English name: "red General", "flower 2"."""
        if self >= FLOWER_BASE:
            return f"flower {self - FLOWER_BASE + 1}"
        return f"{COLOUR_NAMES[self // 7]} {CHARACTER_NAMES[self % 7]}"


CARDS: tuple[Card, ...] = tuple(Card)
_BY_CODE = {card.name: card for card in CARDS}

FULL_DECK: tuple[Card, ...] = (
    tuple(card for card in CARDS[:KINDS] for _ in range(4)) + CARDS[FLOWER_BASE:]
)
"""The 117 cards in canonical order: each kind four times, then F1…F5."""


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards written separated by white space, in canonical order."""
    return tuple(sorted(Card.parse(token) for token in text.split()))


def format_cards(cards: Iterable[int]) -> str:
    """Cards in canonical order, separated by single spaces."""
    return " ".join(CARDS[card].name for card in sorted(cards))
