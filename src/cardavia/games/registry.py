"""Games by name: the one place that knows which engines exist."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Literal, overload

from cardavia.core.errors import CardaviaError
from cardavia.core.game import AnyGame

if TYPE_CHECKING:
    from cardavia.cards.dominoes import Domino
    from cardavia.cards.four_colour import Card
    from cardavia.core.game import Game, State
    from cardavia.games.chuopai.actions import Action as ChuoPaiAction
    from cardavia.games.chuopai.game import ChuoPaiGame
    from cardavia.games.chuopai.state import ChuoPaiState
    from cardavia.games.chuopai.view import ChuoPaiView
    from cardavia.games.sisepai.actions import Action as SiSePaiAction
    from cardavia.games.sisepai.game import SiSePai
    from cardavia.games.sisepai.state import SiSePaiState
    from cardavia.games.sisepai.view import SiSePaiView

    # mypy --strict checks here that each engine satisfies the Game and State protocols.
    _sisepai: Game[SiSePaiState, SiSePaiAction, Card] = SiSePai()
    _chuopai: Game[ChuoPaiState, ChuoPaiAction, Domino] = ChuoPaiGame()

    def _states(sisepai: SiSePaiState, chuopai: ChuoPaiState) -> None:
        _: State[SiSePaiAction, SiSePaiView] = sisepai
        __: State[ChuoPaiAction, ChuoPaiView] = chuopai


GameName = Literal["sisepai", "chuopai"]
GAME_NAMES: tuple[GameName, ...] = ("sisepai", "chuopai")


class UnknownGameError(CardaviaError):
    """A game name that no engine answers to."""


@overload
def get_game(name: Literal["sisepai"]) -> SiSePai: ...
@overload
def get_game(name: Literal["chuopai"]) -> ChuoPaiGame: ...
@overload
def get_game(name: str) -> AnyGame: ...
def get_game(name: str) -> AnyGame:
    """The game object for ``name`` (``sisepai`` or ``chuopai``).

    Engines are imported on first use so that a command touching one game does not
    pay for building the other's tables.
    """
    if name not in GAME_NAMES:
        known = ", ".join(GAME_NAMES)
        raise UnknownGameError(f"unknown game {name!r}: Cardavia plays {known}")
    module = importlib.import_module(f"cardavia.games.{name}")
    game: AnyGame = module.GAME
    return game
