"""PettingZoo environments for AI builders: ``sisepai_v0`` and ``chuopai_v0`` (docs/envs.md).

They need the optional ``env`` extra (``pip install 'cardavia[env]'``: PettingZoo,
Gymnasium, NumPy); nothing else in Cardavia imports this package, so the engines, the
arena and the site run without those libraries.

    from cardavia.envs import sisepai_v0
    env = sisepai_v0.env()
    env.reset(seed=7)
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as missing:
    raise ModuleNotFoundError(
        f"cardavia.envs needs {missing.name or 'PettingZoo'}: install the env extra "
        "(pip install 'cardavia[env]')",
        name=missing.name,
    ) from missing

ENV_GAMES: tuple[str, ...] = ("sisepai", "chuopai")
"""The games with an environment; ``cardavia.envs.<game>_v0`` is each one's module."""
