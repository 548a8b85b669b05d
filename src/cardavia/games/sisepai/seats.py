"""The seats of a Sì Sè Pái table: four, each for themselves (sisepai.md §1, §5 [D4])."""

PLAYERS = 4
"""Seats 0–3; "next player" is seat + 1 (mod 4)."""
