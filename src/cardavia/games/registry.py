"""Games by name: the one place that knows which engines exist."""

from __future__ import annotations

import importlib
from typing import Any

from cardavia.core.errors import CardaviaError

GAME_NAMES: tuple[str, ...] = ("sisepai", "chuopai")


class UnknownGameError(CardaviaError):
    """A game name that no engine answers to."""


def get_game(name: str) -> Any:
    """The game object for ``name`` (``sisepai`` or ``chuopai``).

    Engines are imported on first use so that a command touching one game does not
    pay for building the other's tables.
    """
    if name not in GAME_NAMES:
        known = ", ".join(GAME_NAMES)
        raise UnknownGameError(f"unknown game {name!r}: Cardavia plays {known}")
    module = importlib.import_module(f"cardavia.games.{name}")
    return module.GAME
