"""Deals consistent with one seat's view: how the unseen cards split between the others.

The forced beat makes every pass informative: a seat that passed could not beat the
play it faced, so its hand *then* (its hand now plus every card it played since) held
no beating play. Worlds are drawn by dealing the unseen cards at random and then
swapping cards between the two other hands while that lowers the number of broken
statements (ties accepted, so the chain keeps moving); all draws come from the
injected generator.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from cardavia.ai.chuopai.counting import unseen_counts
from cardavia.games.chuopai import hands as vec
from cardavia.games.chuopai.events import Beat, Lead, Pass
from cardavia.games.chuopai.legal import PASS_ONLY, answer_indexes
from cardavia.games.chuopai.view import ChuoPaiView

SEATS = 3
SWEEPS = 60
"""Swap proposals per world, at most."""


def pass_statements(view: ChuoPaiView) -> list[tuple[int, int, int]]:
    """``(seat, play faced, cards played since)`` for every other seat's pass."""
    found: list[tuple[int, int, int]] = []
    top = -1
    history = view.history
    for index, event in enumerate(history):
        if isinstance(event, Lead | Beat):
            play = event.action.play
            top = play.index if play is not None else -1
        elif isinstance(event, Pass) and event.seat != view.seat and top >= 0:
            since = 0
            for later in history[index + 1 :]:
                if isinstance(later, Lead | Beat) and later.seat == event.seat:
                    since += vec.pack(later.action.cards)
            found.append((event.seat, top, since))
    return found


def broken(hand: int, seat: int, statements: Sequence[tuple[int, int, int]]) -> int:
    """How many pass statements of ``seat`` the hand breaks."""
    return sum(
        1
        for who, top, since in statements
        if who == seat and answer_indexes(hand + since, top) != PASS_ONLY
    )


def sample_worlds(view: ChuoPaiView, n: int, rng: random.Random) -> Iterator[list[int]]:
    """``n`` worlds as the packed hands of the three seats."""
    unseen = unseen_counts(view)
    cards = [card for card in range(len(unseen)) for _ in range(unseen[card])]
    others = [s for s in range(SEATS) if s != view.seat]
    a, b = others
    size_a = view.hand_sizes[a]
    statements = pass_statements(view)
    mine = vec.pack(view.hand)
    for _ in range(n):
        rng.shuffle(cards)
        left, right = cards[:size_a], cards[size_a:]
        hand_a, hand_b = vec.pack(left), vec.pack(right)
        bad = broken(hand_a, a, statements) + broken(hand_b, b, statements)
        sweeps = 0
        while bad and sweeps < SWEEPS and left and right:
            sweeps += 1
            i, j = rng.randrange(len(left)), rng.randrange(len(right))
            x, y = left[i], right[j]
            if x == y:
                continue
            new_a = hand_a - vec.ONE[x] + vec.ONE[y]
            new_b = hand_b - vec.ONE[y] + vec.ONE[x]
            new_bad = broken(new_a, a, statements) + broken(new_b, b, statements)
            if new_bad <= bad:
                left[i], right[j] = y, x
                hand_a, hand_b, bad = new_a, new_b, new_bad
        hands = [0] * SEATS
        hands[view.seat] = mine
        hands[a], hands[b] = hand_a, hand_b
        yield hands
