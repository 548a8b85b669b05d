"""Sequential halving over candidate actions with common random numbers.

Both games' ``strong`` players search the same way: every candidate is played out in
the same sampled worlds, the worse half is dropped after each round, and the
survivors meet fresh worlds, so most of the budget goes to the close contenders. The
budget is a number of playouts, so the choice is deterministic for a given generator.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

W = TypeVar("W")
"""A sampled world."""


def halving(
    candidates: int,
    budget: int,
    worlds: Iterator[W],
    value: Callable[[W, int], float],
) -> int:
    """The index of the best candidate (ties: the lowest index, the prior's favourite).

    ``value(world, i)`` plays candidate ``i`` out in ``world``; ``worlds`` yields fresh
    worlds for as long as it is asked (:func:`halving_worlds` of them).
    """
    alive = list(range(candidates))
    totals = [0.0] * candidates
    for round_index, per_candidate in enumerate(_schedule(candidates, budget)):
        if round_index:  # the worse half of the last round is dropped
            alive.sort(key=lambda i: (-totals[i], i))
            alive = sorted(alive[: max(1, math.ceil(len(alive) / 2))])
        for _ in range(per_candidate):
            world = next(worlds)
            for i in alive:
                totals[i] += value(world, i)
    return min(alive, key=lambda i: (-totals[i], i))


def _schedule(candidates: int, budget: int) -> list[int]:
    """Worlds per round: each round the survivors (half of the last, rounded up) share
    an equal part of the budget."""
    rounds = max(1, math.ceil(math.log2(candidates)))
    alive = candidates
    plan: list[int] = []
    for _ in range(rounds):
        plan.append(max(1, budget // (rounds * alive)))
        if alive <= 1:
            break
        alive = max(1, math.ceil(alive / 2))
    return plan


def halving_worlds(candidates: int, budget: int) -> int:
    """How many worlds :func:`halving` draws for ``candidates`` and ``budget``."""
    return sum(_schedule(candidates, budget))


def best_of(scores: Sequence[float]) -> int:
    """Index of the highest score, the lowest index on ties."""
    return min(range(len(scores)), key=lambda i: (-scores[i], i))


def confident_best(
    candidates: int,
    budget: int,
    worlds: Iterator[W],
    value: Callable[[W, int], float],
    sigmas: float,
) -> int:
    """Candidate 0 (the prior's choice) unless another is significantly better.

    Every candidate meets the same ``budget // candidates`` worlds. The best other
    candidate replaces candidate 0 only when, over the worlds where their results
    differ, it wins by ``sigmas`` standard deviations of a fair coin (a paired sign
    test): with few playouts most apparent differences are noise, and following noise
    away from a sound prior loses more than it gains.
    """
    per_candidate = max(1, budget // candidates)
    results = [[0.0] * per_candidate for _ in range(candidates)]
    for w in range(per_candidate):
        world = next(worlds)
        for i in range(candidates):
            results[i][w] = value(world, i)
    totals = [sum(row) for row in results]
    challenger = best_of([-math.inf, *totals[1:]]) if candidates > 1 else 0
    if challenger == 0:
        return 0
    # A paired test on the per-world differences: with wins and losses (differences
    # -1, 0, 1) it is the sign test over the worlds whose results differ.
    differences = [a - b for a, b in zip(results[challenger], results[0], strict=True)]
    if sum(differences) > paired_margin(differences, sigmas):
        return challenger
    return 0


def paired_margin(differences: Sequence[float], sigmas: float) -> float:
    """How much the sum of per-world ``differences`` (one candidate's result minus
    another's, in the same worlds) must exceed for the first to be ``sigmas`` standard
    deviations better: ``sigmas * sqrt(sum(d * d))``, the paired test's spread when the
    two are equal (each world's difference as likely either way). With wins and losses
    it is the sign test over the worlds whose results differ; ties count for nothing.

    >>> paired_margin([1, 1, 1, 1, 0, 0], 2.0)
    4.0
    >>> paired_margin([0, 0, 0], 2.0)
    0.0
    """
    return sigmas * math.sqrt(sum(d * d for d in differences))
