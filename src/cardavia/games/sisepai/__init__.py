"""Sì Sè Pái (四色牌), the four-colour card game of Southern Fujian (spec: sisepai.md).

The package is the game's public face: what the site and other callers may use. What a
group is (its kind and score) and the phases of a deal are named here; the modules
behind it are the engine's own business (the import contracts keep the web out).
"""

from cardavia.games.sisepai.actions import Action, Verb
from cardavia.games.sisepai.claims import Level, Role, claim_level
from cardavia.games.sisepai.game import GAME, SiSePai
from cardavia.games.sisepai.melds import GroupKind, group_kind, group_score
from cardavia.games.sisepai.outcome import Outcome
from cardavia.games.sisepai.phase import Phase
from cardavia.games.sisepai.state import SiSePaiState
from cardavia.games.sisepai.view import SiSePaiView

__all__ = [
    "GAME",
    "Action",
    "GroupKind",
    "Level",
    "Outcome",
    "Phase",
    "Role",
    "SiSePai",
    "SiSePaiState",
    "SiSePaiView",
    "Verb",
    "claim_level",
    "group_kind",
    "group_score",
]
