"""What a hint is, in both games: the suggested action and the facts behind it.

Each game's ``ai/<game>/hint.py`` computes them from a seat's view: ``strong``'s choice,
and a ``Reason`` of structured facts (kinds, cards, counts, points) that the web layer
phrases in the person's language. Nothing here is text for a person.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar


class Facts(Protocol):
    """A game's reason: structured facts with a JSON form."""

    def to_json(self) -> dict[str, Any]: ...


ActionT = TypeVar("ActionT")
ReasonT = TypeVar("ReasonT", bound=Facts)


@dataclass(frozen=True)
class Hint(Generic[ActionT, ReasonT]):
    """The suggested action and why."""

    action: ActionT
    reason: ReasonT

    def to_json(self) -> dict[str, Any]:
        """``{"action": notation, "reason": facts}``."""
        return {"action": str(self.action), "reason": self.reason.to_json()}
