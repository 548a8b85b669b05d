"""The numbering of every Chuo Pai action (``chuopai_v0``; the list is in docs/envs.md).

The engine knows every play that can ever be made (84 ordinary plays and 56 special
combinations, ``games/chuopai/actions.ACTIONS``): numbers 0–139 are those plays in
code-point order of their notation (``play 11`` < ``play 11 11`` < ``play 11 26``), and
140 is ``pass``, so a numbering sorted by number reads like the engine's legal lists.
"""

from __future__ import annotations

from cardavia.envs.numbering import ActionNumbering
from cardavia.games.chuopai import GAME
from cardavia.games.chuopai.actions import ACTIONS, PASS


def _texts() -> list[str]:
    plays = sorted(str(action) for action in ACTIONS if action != PASS)
    return [*plays, str(PASS)]


NUMBERING = ActionNumbering(_texts(), GAME.parse_action)
"""Number ↔ notation of the 141 Chuo Pai actions."""
