"""What an environment needs of one game: its numbering, its encoder and its table."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardavia.envs.numbering import ActionNumbering

Encoder = Callable[[Any], npt.NDArray[np.float32]]
"""A seat's view in, its observation vector out (values in [0, 1])."""
Table = Callable[[Sequence[Any]], str]
"""Every seat's view in, the table as text (``render_mode="ansi"``) out."""


@dataclass(frozen=True)
class EnvSpec:
    """One game's plug-in for :class:`cardavia.envs.aec.CardaviaEnv`.

    The encoder and the table take views, never a state: an environment cannot put
    into an observation anything the seat may not see.
    """

    game: str
    """The engine's name (``get_game(game)``)."""
    name: str
    """The environment's name and version: ``sisepai_v0``."""
    numbering: ActionNumbering
    observation_size: int
    encode: Encoder
    table: Table
