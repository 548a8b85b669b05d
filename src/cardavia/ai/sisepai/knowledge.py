"""What a seat knows about where the cards are, read from its view only."""

from __future__ import annotations

from cardavia.cards.four_colour import FLOWER_BASE, KINDS
from cardavia.games.sisepai.view import SiSePaiView

COPIES: tuple[int, ...] = (4,) * KINDS + (1,) * 5
"""Copies of each of the 33 card kinds in the deck."""


def visible_counts(view: SiSePaiView) -> list[int]:
    """Copies of each kind the seat can see: its hand, every exposed group, the dead
    pile and the public card."""
    seen = [0] * (FLOWER_BASE + 5)
    for card in view.hand:
        seen[card] += 1
    for groups in view.exposed:
        for group in groups:
            for card in group:
                seen[card] += 1
    for card in view.dead:
        seen[card] += 1
    if view.public_card is not None:
        seen[view.public_card] += 1
    return seen


def unseen_counts(view: SiSePaiView) -> list[int]:
    """Copies of each kind the seat cannot see (other concealed hands and the stock)."""
    seen = visible_counts(view)
    return [COPIES[kind] - seen[kind] for kind in range(FLOWER_BASE + 5)]


def public_counts(view: SiSePaiView) -> list[int]:
    """Copies of each kind that every seat sees: exposed groups, the dead pile and the
    public card (what a playout tracks as ``seen``)."""
    seen = visible_counts(view)
    for card in view.hand:
        seen[card] -= 1
    return seen
