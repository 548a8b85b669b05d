"""The museum's rooms: card traditions and the games played with them.

Built per request with the request's ``gettext`` (see :mod:`cardavia.web.words.text`), so the
same data serves every language once translations exist.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cardavia.i18n.languages import html_lang
from cardavia.web import games as registry
from cardavia.web.games.base import GameInfo
from cardavia.web.words.text import Gettext

__all__ = ["GameInfo", "Tradition", "games", "tradition", "traditions"]


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
    that Wikipedia was seen to have one (docs/i18n.md, *Wikipedia*). Both Chinese pages
    send to the one Chinese Wikipedia, each through its script's variant path."""
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
    """Every playable game by name (each game's own module says how it is presented)."""
    return registry.games(_)


def _played_with(slug: str, by_name: dict[str, GameInfo]) -> tuple[GameInfo, ...]:
    return tuple(info for info in by_name.values() if info.tradition == slug)


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
                "zh-Hant": "https://zh.wikipedia.org/zh-tw/%E5%9B%9B%E8%89%B2%E7%89%8C",
                "vi": "https://vi.wikipedia.org/wiki/T%E1%BB%A9_s%E1%BA%AFc",  # Tứ sắc
            },
            games=_played_with("four-colour-cards", by_name),
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
                "zh-Hant": "https://zh.wikipedia.org/zh-tw/%E7%B4%99%E9%AA%A8%E7%89%8C",
            },
            games=_played_with("sichuan-cards", by_name),
            sample=("66", "11", "44", "13", "15", "36", "45", "12"),
            deck="domino",
        ),
    )


def tradition(slug: str, _: Gettext) -> Tradition | None:
    """The tradition with ``slug``, or ``None``."""
    return next((item for item in traditions(_) if item.slug == slug), None)
