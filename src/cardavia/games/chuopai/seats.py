"""The seats of a Chuo Pai table: three players (chuopai.md §1)."""

SEATS = 3
"""Seats 0–2."""
