"""Sichuan domino cards (Chuo Pai): identities, names, families and notation (chuopai.md §2).

A card is written as its two pip values, low first: ``11`` … ``66``. ``Domino`` is an
``IntEnum`` so that engines can keep plain ints (and count vectors indexed by them) in
their hot loops while every ``str()`` is the canonical code; the int order *is* the
canonical order, which is the order of the code strings.

Family and rank are identity, not rules: they are printed on the reference card of the
game. What beats what is decided in :mod:`cardavia.games.chuopai.plays`.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum, IntEnum

from cardavia.core.errors import NotationError


class Family(Enum):
    """The four families of spec §2; plays only ever compare within one family."""

    LONG = "Long"
    YAO = "Yao"
    BLACK = "Black"
    RED = "Red"

    def __str__(self) -> str:
        return self.value


class Domino(IntEnum):
    """One card identity. ``str(Domino.BLACK_NINE) == "36"``; ``Domino.parse("36")``."""

    EARTH = 0  # 11
    DING_DING = 1  # 12
    HARMONY = 2  # 13
    RED_FIVE = 3  # 14
    CAT = 4  # 15
    HIGH_FOOT = 5  # 16
    BENCH = 6  # 22
    BLACK_FIVE = 7  # 23
    TWO_REDS = 8  # 24
    BLACK_SEVEN = 9  # 25
    STRAIGHT_EIGHT = 10  # 26
    LONG_THREE = 11  # 33
    RED_SEVEN = 12  # 34
    CROOKED_EIGHT = 13  # 35
    BLACK_NINE = 14  # 36
    MAN = 15  # 44
    RED_NINE = 16  # 45
    FOUR_SIX = 17  # 46
    PLUM_BLOSSOM = 18  # 55
    AXE = 19  # 56
    HEAVEN = 20  # 66

    def __str__(self) -> str:
        return CODES[self]

    def __repr__(self) -> str:
        return f"Domino.{self.name}"

    @classmethod
    def parse(cls, text: str) -> Domino:
        """The card with code ``text``; raises ``NotationError`` naming the bad token."""
        card = _BY_CODE.get(text)
        if card is None:
            raise NotationError(f"{text!r} is not a Chuo Pai card: {_why_not(text)}")
        return card

    @property
    def code(self) -> str:
        """The two-digit code, low pip first: ``"36"``."""
        return CODES[self]

    @property
    def pips(self) -> tuple[int, int]:
        """The two pip values, low first."""
        code = CODES[self]
        return int(code[0]), int(code[1])

    @property
    def english(self) -> str:
        """The English name of spec §2: "Black Nine"."""
        return _TABLE[CODES[self]][0]

    @property
    def chinese(self) -> str:
        """The Chinese name of spec §2: "黑九"."""
        return _TABLE[CODES[self]][1]

    @property
    def family(self) -> Family:
        """Long, Yao, Black or Red."""
        return _TABLE[CODES[self]][2]

    @property
    def rank(self) -> int:
        """Rank within the family; higher beats lower (``26`` and ``35`` share rank 3)."""
        return _TABLE[CODES[self]][3]


# Spec §2, row by row: code -> (English, Chinese, family, rank in family).
_TABLE: dict[str, tuple[str, str, Family, int]] = {
    "66": ("Heaven", "天", Family.LONG, 7),
    "11": ("Earth", "地", Family.LONG, 6),
    "44": ("Man", "人", Family.LONG, 5),
    "13": ("Harmony", "和", Family.LONG, 4),
    "33": ("Long Three", "长三", Family.LONG, 3),
    "55": ("Plum Blossom", "梅花", Family.LONG, 2),
    "22": ("Bench", "板凳", Family.LONG, 1),
    "15": ("Cat", "猫猫", Family.YAO, 4),
    "16": ("High Foot", "高脚七", Family.YAO, 3),
    "56": ("Axe", "斧头", Family.YAO, 2),
    "46": ("Four-Six", "四六", Family.YAO, 1),
    "36": ("Black Nine", "黑九", Family.BLACK, 4),
    "26": ("Straight Eight", "平八", Family.BLACK, 3),
    "35": ("Crooked Eight", "弯八", Family.BLACK, 3),
    "25": ("Black Seven", "黑七", Family.BLACK, 2),
    "23": ("Black Five", "黑五", Family.BLACK, 1),
    "45": ("Red Nine", "红九", Family.RED, 4),
    "34": ("Red Seven", "红七", Family.RED, 3),
    "14": ("Red Five", "红五", Family.RED, 2),
    "12": ("Ding Ding (Nail)", "丁丁", Family.RED, 1),
    "24": ("Two Reds", "二红", Family.RED, 1),
}

CODES: tuple[str, ...] = tuple(sorted(_TABLE))
"""The 21 codes in canonical order; ``CODES[card]`` is ``str(card)``."""

DOMINOES: tuple[Domino, ...] = tuple(Domino)
_BY_CODE: dict[str, Domino] = {CODES[card]: card for card in DOMINOES}

COPIES = 4
FULL_DECK: tuple[Domino, ...] = tuple(card for card in DOMINOES for _ in range(COPIES))
"""The 84 cards in canonical order: each of the 21 codes four times."""


def _why_not(text: str) -> str:
    """The most helpful reason a token is not a card code."""
    if len(text) == 2 and text.isdigit():
        low, high = sorted(text)
        if low >= "1" and high <= "6" and low + high in _BY_CODE:
            return f"write the low pip first ({low}{high})"
        return "pips run from 1 to 6"
    return "a card is two pips from 1 to 6, low first, like 11, 36 or 66"


def parse_cards(text: str) -> tuple[Domino, ...]:
    """Cards written separated by white space, in canonical order."""
    return tuple(sorted(Domino.parse(token) for token in text.split()))


def format_cards(cards: Iterable[int]) -> str:
    """Cards in canonical order, separated by single spaces."""
    return " ".join(CODES[card] for card in sorted(cards))
