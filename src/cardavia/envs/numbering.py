"""A fixed numbering of every action of a game: ``Discrete(n)`` numbers and notation.

A policy network picks a number; the engine speaks the spec's notation. An
:class:`ActionNumbering` is the one table between them: number ``i`` is the action
written ``texts[i]``, and a mask has a 1 at the number of every legal action. The
numbering of a ``_v0`` environment never changes (``docs/envs.md`` lists it whole and
a test holds the code to that list): a trained policy depends on it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cardavia.core.errors import NotationError


class ActionNumbering:
    """Numbers ``0 … len(texts) - 1`` for the actions written ``texts``."""

    def __init__(self, texts: Sequence[str], parse: Callable[[str], Any]) -> None:
        self.texts: tuple[str, ...] = tuple(texts)
        """``texts[i]``: the canonical notation of action number ``i``."""
        self.actions: tuple[Any, ...] = tuple(parse(text) for text in self.texts)
        """``actions[i]``: the engine's action object of number ``i``."""
        self._parse = parse
        self._numbers = {text: i for i, text in enumerate(self.texts)}
        # Engine actions are values: looking them up skips formatting their text.
        self._by_action = {action: i for i, action in enumerate(self.actions)}
        if len(self._numbers) != len(self.texts):
            raise ValueError("an action numbering lists every action exactly once")
        for text, action in zip(self.texts, self.actions, strict=True):
            if str(action) != text:
                raise ValueError(f"{text!r} is not canonical notation (it reads {action})")

    def __len__(self) -> int:
        return len(self.texts)

    def text(self, number: int) -> str:
        """The notation of action ``number``; ``ValueError`` outside ``0 … n-1``."""
        if not 0 <= number < len(self.texts):
            raise ValueError(f"action numbers run from 0 to {len(self.texts) - 1}, not {number}")
        return self.texts[number]

    def number(self, action: object) -> int:
        """The number of an action, given as an engine action or as text in any spelling
        the parser accepts (``take yC yC yC`` with its cards in any order)."""
        if not isinstance(action, str):
            found = self._by_action.get(action)
            if found is not None:
                return found
        text = str(self._parse(action)) if isinstance(action, str) else str(action)
        number = self._numbers.get(text)
        if number is None:
            raise NotationError(f"{text!r} is not an action of this game")
        return number

    def numbers(self, legal: Iterable[object]) -> list[int]:
        """The numbers of the engine actions ``legal``, in its order."""
        by_action = self._by_action
        return [by_action[action] for action in legal]

    def mask(self, legal: Iterable[object]) -> npt.NDArray[np.int8]:
        """An ``int8`` vector with a 1 at the number of each action of ``legal``."""
        mask = np.zeros(len(self.texts), dtype=np.int8)
        mask[self.numbers(legal)] = 1
        return mask
