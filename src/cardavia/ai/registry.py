"""Players by game and name: ``get_player("sisepai", "basic")``."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from cardavia.ai.base import Player
from cardavia.ai.random_player import RandomPlayer
from cardavia.core.errors import CardaviaError

PLAYER_NAMES: tuple[str, ...] = ("random", "basic", "strong")

# (game, name) -> "module:factory"; imported on first use.
_FACTORIES: dict[tuple[str, str], str] = {
    ("sisepai", "basic"): "cardavia.ai.sisepai.basic:BasicPlayer",
    ("sisepai", "strong"): "cardavia.ai.sisepai.strong:StrongPlayer",
    ("chuopai", "basic"): "cardavia.ai.chuopai.basic:BasicPlayer",
    ("chuopai", "strong"): "cardavia.ai.chuopai.strong:StrongPlayer",
}


class UnknownPlayerError(CardaviaError):
    """A player name that no AI answers to."""


def get_player(game: str, name: str, **options: Any) -> Player:
    """A new player ``name`` for ``game``; ``options`` go to its constructor."""
    if name == "random":
        return RandomPlayer()
    target = _FACTORIES.get((game, name))
    if target is None:
        raise UnknownPlayerError(
            f"no AI player {name!r} for {game!r}: choose one of {', '.join(PLAYER_NAMES)}"
        )
    module_name, factory_name = target.split(":")
    factory: Callable[..., Player] = getattr(importlib.import_module(module_name), factory_name)
    return factory(**options)
