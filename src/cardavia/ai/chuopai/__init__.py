"""Chuo Pai players: ``basic`` (counts what is still out), ``strong`` (searches sampled deals)."""
