"""Sì Sè Pái (四色牌), the four-colour card game of Southern Fujian (spec: sisepai.md)."""

from cardavia.games.sisepai.actions import Action
from cardavia.games.sisepai.game import GAME, SiSePai
from cardavia.games.sisepai.outcome import Outcome
from cardavia.games.sisepai.state import SiSePaiState
from cardavia.games.sisepai.view import SiSePaiView

__all__ = ["GAME", "Action", "Outcome", "SiSePai", "SiSePaiState", "SiSePaiView"]
