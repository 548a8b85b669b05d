"""PettingZoo environments for AI builders: ``sisepai_v0`` and ``chuopai_v0`` (docs/envs.md).

They need the optional ``env`` extra (``pip install 'cardavia[env]'``: PettingZoo,
Gymnasium, NumPy); nothing else in Cardavia imports this package, so the engines, the
arena and the site run without those libraries.

    from cardavia.envs import sisepai_v0
    env = sisepai_v0.env()
    env.reset(seed=7)
"""

from __future__ import annotations

import importlib.util

_MISSING = [
    name for name in ("pettingzoo", "gymnasium", "numpy") if not importlib.util.find_spec(name)
]
if _MISSING:
    raise ModuleNotFoundError(
        f"cardavia.envs needs {', '.join(_MISSING)}: install the env extra "
        "(pip install 'cardavia[env]')",
        name=_MISSING[0],
    )

ENV_GAMES: tuple[str, ...] = ("sisepai", "chuopai")
"""The games with an environment; ``cardavia.envs.<game>_v0`` is each one's module."""
