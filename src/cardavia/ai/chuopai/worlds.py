"""Deals consistent with one seat's view: how the unseen cards split between the others.

The forced beat makes every pass informative: a seat that passed could not beat the
play it faced, so its hand *then* (its hand now plus every card it played since) held
no beating play. Worlds are drawn by dealing the unseen cards at random and then
swapping cards between the two other hands while that lowers the number of broken
statements (ties accepted, so the chain keeps moving); all draws come from the
injected generator.

Leads and beats say more, when the seat plays like the counting policy: its choice
depended on its hand then and on the cards it could not see then, both known in a
world, so each world can replay it (:func:`surprises`). :func:`weighed_worlds` prefers
the worlds that explain the opponents' plays. The weight is soft (``SURPRISE`` per
unexplained play), so a person who plays otherwise only flattens the preference.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from cardavia.ai.chuopai.counting import unseen_counts, unseen_vector
from cardavia.ai.chuopai.policy import beat, lead
from cardavia.games.chuopai import hands as vec
from cardavia.games.chuopai.events import Beat, Lead, Pass
from cardavia.games.chuopai.legal import PASS_ONLY, answer_indexes
from cardavia.games.chuopai.seats import SEATS
from cardavia.games.chuopai.view import ChuoPaiView

SWEEPS = 60
"""Swap proposals per world, at most."""
SURPRISE = 0.05
"""Weight of a world for each play that the counting policy would not have made there."""
POOL = 3
"""Worlds drawn per world kept when plays are weighed."""


class PlayStatement(NamedTuple):
    """An opponent's lead or beat, and what is needed to replay its choice in a world."""

    seat: int
    since: int
    """Cards the seat played from this play on (this play included): its hand then is
    its hand now plus these."""
    in_hands: int
    """Every card held by anyone at that moment (a world's hands do not change it)."""
    top: int
    """The play it answered (``-1`` for a lead)."""
    last: bool
    """True when nobody acted after it in that round (any beat then won the round)."""
    play: int


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


def play_statements(view: ChuoPaiView) -> list[PlayStatement]:
    """Every lead and beat of the other seats, for :func:`surprises`."""
    history = view.history
    played_after: list[list[int]] = [[0] * SEATS for _ in history]
    running = [0] * SEATS
    for index in range(len(history) - 1, -1, -1):
        event = history[index]
        if isinstance(event, Lead | Beat):
            running[event.seat] += vec.pack(event.action.cards)
        played_after[index] = list(running)
    now = vec.pack(view.hand) + unseen_vector(view)
    found: list[PlayStatement] = []
    top = -1
    leader = -1
    for index, event in enumerate(history):
        if isinstance(event, Lead):
            leader = event.seat
        if isinstance(event, Lead | Beat):
            play = event.action.play
            assert play is not None
            if event.seat != view.seat:
                since = played_after[index]
                held = now + sum(since)
                later = (leader + 2) % SEATS
                after_sizes = view.hand_sizes[later] + vec.size(since[later])
                last = isinstance(event, Beat) and (event.seat == later or after_sizes == 0)
                top_then = top if isinstance(event, Beat) else -1
                found.append(
                    PlayStatement(event.seat, since[event.seat], held, top_then, last, play.index)
                )
            top = play.index
    return found


def surprises(hands: Sequence[int], statements: Sequence[PlayStatement]) -> int:
    """How many of the statements' plays the counting policy would not have made."""
    count = 0
    for seat, since, held, top, last, play in statements:
        hand = hands[seat] + since
        unseen = held - hand
        chosen = lead(hand, unseen) if top < 0 else beat(hand, top, unseen, last)
        if chosen != play:
            count += 1
    return count


def weighed_worlds(view: ChuoPaiView, n: int, rng: random.Random) -> Iterator[list[int]]:
    """Worlds that also agree with the opponents' leads and beats, best first.

    ``POOL * n`` pass-consistent worlds are drawn, each weighted ``SURPRISE`` to the power
    of the plays the counting policy would not have made there, and yielded in a weighted
    random order without replacement (keys ``u ** (1 / weight)``), then again in the same
    order if more are asked for. A seat that plays otherwise than the policy only lowers
    the weights evenly; it never makes a world impossible.
    """
    statements = play_statements(view)
    if not statements:
        yield from sample_worlds(view, n, rng)
        return
    pool = list(sample_worlds(view, POOL * n, rng))
    # Efraimidis-Spirakis keys u ** (1 / w) with w = SURPRISE ** k, taken in log-log form
    # (log E + k * log(1 / SURPRISE), E exponential; smallest first) so no weight underflows.
    cost = -math.log(SURPRISE)
    keyed = [
        (
            math.log(max(-math.log(1.0 - rng.random()), 1e-300))
            + cost * surprises(world, statements),
            i,
        )
        for i, world in enumerate(pool)
    ]
    keyed.sort()
    ordered = [pool[i] for _, i in keyed]
    while True:
        yield from ordered
