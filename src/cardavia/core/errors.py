"""The small error hierarchy every engine raises.

All are ``ValueError`` subclasses, so a caller that only cares that input was bad can
catch one thing; the message is always written for a player, naming the bad input.
"""

from __future__ import annotations


class CardaviaError(ValueError):
    """Base class of every error Cardavia raises about bad input."""


class NotationError(CardaviaError):
    """Text that is not valid card or action notation (a syntax error)."""


class IllegalActionError(CardaviaError):
    """A well-formed action that the rules do not allow in this position."""


class RecordError(CardaviaError):
    """A game record that cannot be read or replayed.

    ``index`` is the 0-based position in ``actions`` of the entry at fault, or ``None``
    when the fault is elsewhere in the record (JSON, format, deck, first seat).
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index
