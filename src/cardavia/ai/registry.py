"""Players by game and name: ``get_player("sisepai", "basic")``."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardavia.ai.base import AnyPlayer
from cardavia.ai.random_player import RandomPlayer
from cardavia.core.errors import CardaviaError

if TYPE_CHECKING:
    from cardavia.ai.base import Player
    from cardavia.ai.chuopai.basic import BasicPlayer as ChuoPaiBasic
    from cardavia.ai.chuopai.strong import StrongPlayer as ChuoPaiStrong
    from cardavia.ai.sisepai.basic import BasicPlayer as SiSePaiBasic
    from cardavia.ai.sisepai.rollout import RolloutPlayer
    from cardavia.ai.sisepai.strong import StrongPlayer as SiSePaiStrong
    from cardavia.games.chuopai.actions import Action as ChuoPaiAction
    from cardavia.games.chuopai.view import ChuoPaiView
    from cardavia.games.sisepai.actions import Action as SiSePaiAction
    from cardavia.games.sisepai.view import SiSePaiView

    # mypy --strict checks here that every player satisfies the Player protocol of its game.
    _players: tuple[Player[SiSePaiView, SiSePaiAction], ...] = (
        SiSePaiBasic(),
        SiSePaiStrong(),
        RolloutPlayer(),
        RandomPlayer(),
    )
    _chuopai: tuple[Player[ChuoPaiView, ChuoPaiAction], ...] = (
        ChuoPaiBasic(),
        ChuoPaiStrong(),
        RandomPlayer(),
    )

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


def get_player(game: str, name: str, **options: Any) -> AnyPlayer:
    """A new player ``name`` for ``game``; ``options`` go to its constructor."""
    if name == "random":
        return RandomPlayer()
    target = _FACTORIES.get((game, name))
    if target is None:
        raise UnknownPlayerError(
            f"no AI player {name!r} for {game!r}: choose one of {', '.join(PLAYER_NAMES)}"
        )
    module_name, factory_name = target.split(":")
    factory: Callable[..., AnyPlayer] = getattr(importlib.import_module(module_name), factory_name)
    return factory(**options)
