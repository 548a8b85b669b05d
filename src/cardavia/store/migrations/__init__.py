"""Alembic migrations of the game store (run by :mod:`cardavia.store.migrate`)."""
