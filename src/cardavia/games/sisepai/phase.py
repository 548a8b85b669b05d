"""The phases of a Sì Sè Pái deal between two decisions."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where a deal stands; the value is what views and JSON say."""

    CLAIM = "claim"
    """A claim window is open on the public card; seats answer in turn, sealed."""
    DISCARD = "discard"
    """The seat that just took a card must discard one."""
    OVER = "over"
    """Someone won, or the stock ran out."""
