"""Chuo Pai (戳牌, Sichuan cards) for three players: the rules engine (chuopai.md).

``GAME`` is the object the registry, the records layer and the arena use; states are
immutable values (:class:`ChuoPaiState`) that list their legal actions and return the
next state plus typed events.
"""

from cardavia.games.chuopai.actions import PASS, Action
from cardavia.games.chuopai.game import GAME, ChuoPaiGame
from cardavia.games.chuopai.outcome import ChuoPaiOutcome
from cardavia.games.chuopai.state import ChuoPaiState
from cardavia.games.chuopai.view import ChuoPaiView

__all__ = [
    "GAME",
    "PASS",
    "Action",
    "ChuoPaiGame",
    "ChuoPaiOutcome",
    "ChuoPaiState",
    "ChuoPaiView",
]
