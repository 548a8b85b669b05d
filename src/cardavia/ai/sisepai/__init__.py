"""Sì Sè Pái players: ``basic`` (hand shape and counting), ``strong`` (search over worlds)."""
