"""Players by game and name: ``get_player("sisepai", "basic")``.

:func:`get_player` makes the players a table may seat (:data:`PLAYER_NAMES`);
:func:`get_arena_player` also makes the arena's own players (:data:`ARENA_PLAYERS`:
sound opponents that play unlike ``basic``, for the line-ups that measure ``strong``) and
its diagnostics (:data:`ARENA_ONLY`, which read hidden cards). Neither is ever offered to
a person: tables make their players with :func:`get_player` only.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardavia.ai.base import AnyPlayer, Omniscient
from cardavia.ai.random_player import RandomPlayer
from cardavia.core.errors import CardaviaError

if TYPE_CHECKING:
    from cardavia.ai.base import Player
    from cardavia.ai.chuopai.basic import BasicPlayer as ChuoPaiBasic
    from cardavia.ai.chuopai.easy import EasyPlayer as ChuoPaiEasy
    from cardavia.ai.chuopai.strong import StrongPlayer as ChuoPaiStrong
    from cardavia.ai.sisepai.basic import BasicPlayer as SiSePaiBasic
    from cardavia.ai.sisepai.easy import EasyPlayer as SiSePaiEasy
    from cardavia.ai.sisepai.oracle import OraclePlayer as SiSePaiOracle
    from cardavia.ai.sisepai.rollout import RolloutPlayer
    from cardavia.ai.sisepai.strong import StrongPlayer as SiSePaiStrong
    from cardavia.games.chuopai.actions import Action as ChuoPaiAction
    from cardavia.games.chuopai.view import ChuoPaiView
    from cardavia.games.sisepai.actions import Action as SiSePaiAction
    from cardavia.games.sisepai.view import SiSePaiView

    # mypy --strict checks here that every player satisfies the Player protocol of its game.
    _players: tuple[Player[SiSePaiView, SiSePaiAction], ...] = (
        SiSePaiEasy(),
        SiSePaiBasic(),
        SiSePaiStrong(),
        RolloutPlayer(),
        RandomPlayer(),
    )
    _chuopai: tuple[Player[ChuoPaiView, ChuoPaiAction], ...] = (
        ChuoPaiEasy(),
        ChuoPaiBasic(),
        ChuoPaiStrong(),
        RandomPlayer(),
    )
    from cardavia.ai.chuopai.steady import SteadyPlayer as ChuoPaiSteady
    from cardavia.ai.sisepai.steady import SteadyPlayer as SiSePaiSteady

    _arena: tuple[Player[SiSePaiView, SiSePaiAction], Player[ChuoPaiView, ChuoPaiAction]] = (
        SiSePaiSteady(),
        ChuoPaiSteady(),
    )
    _diagnostics: tuple[Omniscient[SiSePaiView, SiSePaiAction], ...] = (SiSePaiOracle(),)

PLAYER_NAMES: tuple[str, ...] = ("random", "easy", "basic", "strong")
ARENA_PLAYERS: tuple[str, ...] = ("steady",)
"""Sound players for the arena only: they read only their view, like a table's players,
but are there to be measured against, not to be played by a person."""
ARENA_ONLY: tuple[str, ...] = ("oracle",)
"""Diagnostics that read the opponents' true hands: the arena's yardsticks, never a
table's players."""

# (game, name) -> "module:factory"; imported on first use.
_FACTORIES: dict[tuple[str, str], str] = {
    ("sisepai", "easy"): "cardavia.ai.sisepai.easy:EasyPlayer",
    ("chuopai", "easy"): "cardavia.ai.chuopai.easy:EasyPlayer",
    ("sisepai", "basic"): "cardavia.ai.sisepai.basic:BasicPlayer",
    ("sisepai", "strong"): "cardavia.ai.sisepai.strong:StrongPlayer",
    ("chuopai", "basic"): "cardavia.ai.chuopai.basic:BasicPlayer",
    ("chuopai", "strong"): "cardavia.ai.chuopai.strong:StrongPlayer",
}
_ARENA_FACTORIES: dict[tuple[str, str], str] = {
    ("sisepai", "steady"): "cardavia.ai.sisepai.steady:SteadyPlayer",
    ("chuopai", "steady"): "cardavia.ai.chuopai.steady:SteadyPlayer",
}
_DIAGNOSTICS: dict[tuple[str, str], str] = {
    ("sisepai", "oracle"): "cardavia.ai.sisepai.oracle:OraclePlayer",
}


class UnknownPlayerError(CardaviaError):
    """A player name that no AI answers to."""


def get_player(game: str, name: str, **options: Any) -> AnyPlayer:
    """A new player ``name`` for ``game``; ``options`` go to its constructor."""
    if name == "random":
        return RandomPlayer()
    target = _FACTORIES.get((game, name))
    if target is None:
        if (game, name) in _DIAGNOSTICS:
            raise UnknownPlayerError(
                f"{name!r} reads the other hands: it is an arena diagnostic, not a player"
            )
        if (game, name) in _ARENA_FACTORIES:
            raise UnknownPlayerError(f"{name!r} plays in the arena only, not at a table")
        raise UnknownPlayerError(
            f"no AI player {name!r} for {game!r}: choose one of {', '.join(PLAYER_NAMES)}"
        )
    player: AnyPlayer = _make(target, options)
    return player


def get_arena_player(game: str, name: str, **options: Any) -> AnyPlayer | Omniscient[Any, Any]:
    """A player, an arena player (:data:`ARENA_PLAYERS`) or an arena diagnostic
    (:data:`ARENA_ONLY`) named ``name`` for ``game``."""
    target = _ARENA_FACTORIES.get((game, name))
    if target is not None:
        player: AnyPlayer = _make(target, options)
        return player
    target = _DIAGNOSTICS.get((game, name))
    if target is None:
        return get_player(game, name, **options)
    diagnostic: Omniscient[Any, Any] = _make(target, options)
    return diagnostic


def _make(target: str, options: dict[str, Any]) -> Any:
    module_name, factory_name = target.split(":")
    factory: Callable[..., Any] = getattr(importlib.import_module(module_name), factory_name)
    return factory(**options)
