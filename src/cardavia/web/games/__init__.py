"""The games the site plays: one web module per game, listed once here.

Adding a game to the site means its engine (``cardavia.games``), one module here with its
web part (museum entry, words, presenter), its table template
``templates/games/<name>.html`` and script ``static/js/games/<name>.js``, and one line in
:data:`WEB_GAMES`.
"""

from __future__ import annotations

from cardavia.web.games import chuopai, sisepai
from cardavia.web.games.base import GameInfo, WebGame
from cardavia.web.words.text import Gettext, common_messages

WEB_GAMES: dict[str, WebGame] = {
    sisepai.WEB.name: sisepai.WEB,
    chuopai.WEB.name: chuopai.WEB,
}
"""Every game of the site by name, in the order the museum shows them."""

GAME_NAMES: tuple[str, ...] = tuple(WEB_GAMES)


def web_game(name: str) -> WebGame | None:
    """The web part of the game ``name``, or ``None``."""
    return WEB_GAMES.get(name)


def games(_: Gettext) -> dict[str, GameInfo]:
    """Every playable game's museum entry, by name."""
    return {name: game.info(_) for name, game in WEB_GAMES.items()}


def table_messages(name: str, _: Gettext) -> dict[str, str]:
    """Every message the table's script shows for ``name``: the shared ones and the
    game's own (see :func:`cardavia.web.words.text.common_messages`)."""
    return common_messages(_) | WEB_GAMES[name].messages(_)


__all__ = ["GAME_NAMES", "WEB_GAMES", "GameInfo", "WebGame", "games", "table_messages", "web_game"]
