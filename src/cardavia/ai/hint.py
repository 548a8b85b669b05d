"""What a hint's reason is, in both games: structured facts with a JSON form.

A hint is the action of the coach's verdict (:func:`cardavia.ai.verdict.verdict`) and
the facts behind it, which each game's ``ai/<game>/hint.py: explain`` reads off a seat's
view (kinds, cards, counts, points) for the web layer to phrase in the person's
language. Nothing here is text for a person.
"""

from __future__ import annotations

from typing import Any, Protocol


class Facts(Protocol):
    """A game's reason: structured facts with a JSON form."""

    def to_json(self) -> dict[str, Any]: ...
