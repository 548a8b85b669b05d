"""Which decks are dealt and who sits where: duplicate seatings.

Deck ``i`` of a run depends only on the run's seed and ``i``, so any deal can be played
again alone, in any process. Each deck is played once per rotation of the seats, so
every player meets the same cards from every seat (the duplicate format of mahjong AI
contests): what is left of the luck of the deal is shared by all.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, NamedTuple


def derive(seed: int, *parts: int) -> int:
    """A 64-bit number from ``seed`` and ``parts`` that is the same in every process."""
    text = ":".join(str(part) for part in (seed, *parts))
    digest = hashlib.blake2b(f"cardavia-arena:{text}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


class Seating(NamedTuple):
    """One play of one deck: deck index, rotation, and the player name of each seat."""

    deal: int
    rotation: int
    seats: tuple[str, ...]
    seed: int
    """The seed of the seating's decisions (``decision_rng(seed, seat, step)``)."""


def deck_for(game: Any, seed: int, deal: int) -> tuple[tuple[Any, ...], int]:
    """The deck order and first seat of deal ``deal`` of a run with ``seed``."""
    deck, first = game.shuffle(random.Random(derive(seed, deal)))
    return tuple(deck), int(first)


def seatings(names: tuple[str, ...], seed: int, deal: int) -> list[Seating]:
    """Every rotation of ``names`` for one deal: player ``names[k]`` sits at seat ``k + r``."""
    n = len(names)
    return [
        Seating(
            deal,
            rotation,
            tuple(names[(seat - rotation) % n] for seat in range(n)),
            derive(seed, deal, rotation),
        )
        for rotation in range(n)
    ]
