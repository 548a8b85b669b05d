"""What the store raises: a small hierarchy the web layer maps to HTTP statuses."""

from __future__ import annotations


class StoreError(Exception):
    """Base class of every store error."""


class StoreUnavailableError(StoreError):
    """The database cannot be reached (or failed mid-statement): nothing was written."""


class VersionConflictError(StoreError):
    """Someone else changed the deal since it was read: this write was not applied."""
