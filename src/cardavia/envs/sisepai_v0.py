"""Sì Sè Pái as a PettingZoo AEC environment, version 0 (docs/envs.md).

    from cardavia.envs import sisepai_v0
    env = sisepai_v0.env(render_mode="ansi")
    env.reset(seed=7)

``ACTIONS[i]`` is the notation of action number ``i`` (96 actions);
``action_text`` and ``action_number`` go between the two.
"""

from __future__ import annotations

from typing import Any

from cardavia.envs.aec import GameEnv, wrap
from cardavia.envs.sisepai import SPEC

ACTIONS: tuple[str, ...] = SPEC.numbering.texts
action_text = SPEC.numbering.text
action_number = SPEC.numbering.number


class raw_env(GameEnv):
    """Sì Sè Pái without PettingZoo's checking wrappers (PettingZoo's name for it)."""

    SPEC = SPEC


def env(**kwargs: Any) -> Any:
    """The environment in PettingZoo's usual wrappers (``render_mode=None`` or ``"ansi"``)."""
    return wrap(raw_env(**kwargs))
