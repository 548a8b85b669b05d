"""The museum's rooms: card traditions and the games played with them.

Built per request with the request's ``gettext`` (see :mod:`cardavia.web.text`), so the
same data serves every language once translations exist.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cardavia.i18n.languages import html_lang
from cardavia.web.text import Gettext


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game as the museum presents it."""

    name: str
    """The registry name (``sisepai``)."""
    title: str
    chinese: str
    players: int
    facts: str
    """"4 players · you against three AIs · one deal"."""
    summary: str
    tradition: str
    """The slug of the tradition whose cards it uses."""
    sample: tuple[str, ...]
    """A few card codes to show beside it."""


@dataclass(frozen=True, slots=True)
class Tradition:
    """A family of cards, with where it comes from and what it plays."""

    slug: str
    title: str
    chinese: str
    region: str
    country: str
    cards: int
    description: str
    wikipedia: Mapping[str, str]
    """Its Wikipedia article by site language: English always, another language only where
    that Wikipedia was seen to have one (docs/i18n.md, *Wikipedia*)."""
    games: tuple[GameInfo, ...]
    sample: tuple[str, ...]
    deck: str
    """Which card drawing the tradition uses: ``four_colour`` or ``domino``."""

    def wikipedia_for(self, lang: str) -> tuple[str, str]:
        """The article a reader of ``lang`` is sent to and its language tag (``hreflang``):
        their own Wikipedia's where it has one, else English Wikipedia's."""
        code = lang if lang in self.wikipedia else "en"
        return self.wikipedia[code], html_lang(code)


def games(_: Gettext) -> dict[str, GameInfo]:
    """Every playable game by name."""
    return {
        "sisepai": GameInfo(
            name="sisepai",
            title="Sì Sè Pái",
            chinese="四色牌",
            players=4,
            facts=_("4 players · you against three AIs · one deal"),
            summary=_(
                "Sì Sè Pái uses command groups, field groups, identical sets and soldier groups "
                "of different colours to meld all 21 cards, the new card included."
            ),
            tradition="four-colour-cards",
            sample=("rG", "rA", "rE", "yS", "wS", "gS", "F1"),
        ),
        "chuopai": GameInfo(
            name="chuopai",
            title="Chuo Pai",
            chinese="戳牌",
            players=3,
            facts=_("3 players · you against two AIs · one deal"),
            summary=_(
                "Chuo Pai plays higher combinations of the same family and the same number of "
                "cards to win scoring cards. Only the winning play of each round scores; the "
                "largest score pile wins."
            ),
            tradition="sichuan-cards",
            sample=("66", "45", "36", "11", "26", "13"),
        ),
    }


def traditions(_: Gettext) -> tuple[Tradition, ...]:
    """The card traditions, in the order the index shows them."""
    by_name = games(_)
    return (
        Tradition(
            slug="four-colour-cards",
            title=_("Four-colour cards"),
            chinese="四色牌",
            region=_("Southern Fujian"),
            country=_("China"),
            cards=120,
            description=_(
                "Chess pieces and soldiers in four colours: red, yellow, white and green."
            ),
            wikipedia={
                "en": "https://en.wikipedia.org/wiki/Four_color_cards",
                "zh": "https://zh.wikipedia.org/zh-cn/%E5%9B%9B%E8%89%B2%E7%89%8C",  # 四色牌
            },
            games=(by_name["sisepai"],),
            sample=("rG", "yA", "wE", "gR", "rH", "yC", "wS", "F3"),
            deck="four_colour",
        ),
        Tradition(
            slug="sichuan-cards",
            title=_("Sichuan cards"),
            chinese="川牌",
            region=_("Sichuan"),
            country=_("China"),
            cards=92,
            description=_("Slender domino cards with red and black dice pips, played in Chuo Pai."),
            wikipedia={
                "en": "https://en.wikipedia.org/wiki/Chinese_dominoes",
                "zh": "https://zh.wikipedia.org/zh-cn/%E7%B4%99%E9%AA%A8%E7%89%8C",  # 紙骨牌
            },
            games=(by_name["chuopai"],),
            sample=("66", "11", "44", "13", "15", "36", "45", "12"),
            deck="domino",
        ),
    )


def tradition(slug: str, _: Gettext) -> Tradition | None:
    """The tradition with ``slug``, or ``None``."""
    return next((item for item in traditions(_) if item.slug == slug), None)
