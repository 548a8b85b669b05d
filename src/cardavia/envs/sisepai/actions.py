"""The numbering of every Sì Sè Pái action (``sisepai_v0``; the list is in docs/envs.md).

``0 pass``, ``1 win``, then every ``take`` group, then every ``discard``: 96 actions.
Both families come from the engine, never from a second copy of its rules: a ``take``
names a legal group other than a pair (sisepai.md §6.2: nobody takes to form a pair, and
a ``win`` names no group), as the engine's ``group_kind`` judges it; a ``discard`` names
a card the engine's ``DISCARDABLE`` declares (any but Generals and flowers).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from cardavia.cards.four_colour import CARDS, Card
from cardavia.envs.numbering import ActionNumbering
from cardavia.games.sisepai import GAME, group_kind
from cardavia.games.sisepai.actions import DISCARDABLE


def take_groups() -> list[tuple[Card, ...]]:
    """Every group a ``take`` can name, in canonical card order, compared card by card.

    A legal group never mixes colours except a soldier group, whose cards share a
    character; so every group is found among the multisets (of 1, 3 or 4 cards: pairs
    are never taken) of one colour's cards, of one character's cards, or of the flowers.
    ``group_kind`` decides which of those are groups.
    """
    families = [
        *([card for card in CARDS if card.colour == colour] for colour in range(4)),
        *([card for card in CARDS if card.character == character] for character in range(7)),
        [card for card in CARDS if card.is_flower],
    ]
    found = {
        combo
        for family in families
        for size in (1, 3, 4)
        for combo in combinations_with_replacement(family, size)
        if group_kind(combo) is not None
    }
    return sorted(found)


def _texts() -> list[str]:
    takes = [str(GAME.parse_action("take " + " ".join(map(str, group)))) for group in take_groups()]
    discards = [f"discard {card}" for card in CARDS if DISCARDABLE[card]]
    return ["pass", "win", *takes, *discards]


NUMBERING = ActionNumbering(_texts(), GAME.parse_action)
"""Number ↔ notation of the 96 Sì Sè Pái actions."""
