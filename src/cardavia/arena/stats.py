"""95% intervals for the arena's figures.

Rates use the Wilson score interval (sound for small counts and for rates near 0 or
1); means use the normal approximation. The ratio of two players' win rates uses a
percentile bootstrap over *decks*: the seatings of one deck share its cards, so the
deck, not the seating, is the independent unit. The bootstrap draws from its own
fixed-seed generator, so a report is reproducible.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

Z95 = 1.959963984540054
BOOTSTRAP_SEED = 20240601
BOOTSTRAP_SAMPLES = 2000


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a rate ``successes / n`` (``(0, 1)`` when ``n == 0``)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean and its 95% normal-approximation interval."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return mean, mean - half, mean + half


def ratio_interval(
    per_deck: Sequence[tuple[float, float, float, float]],
    samples: int = BOOTSTRAP_SAMPLES,
    seed: int = BOOTSTRAP_SEED,
) -> tuple[float, float, float]:
    """``(ratio, low, high)`` of two win rates, bootstrapped over decks.

    ``per_deck`` holds, for each deck, ``(wins_a, seatings_a, wins_b, seatings_b)``;
    the ratio is ``(wins_a / seatings_a) / (wins_b / seatings_b)``. A resample whose
    denominator rate is zero is skipped (its ratio is unbounded).
    """
    ratio = _ratio(per_deck)
    if len(per_deck) < 2:
        return ratio, ratio, ratio
    rng = random.Random(seed)
    n = len(per_deck)
    found: list[float] = []
    for _ in range(samples):
        wa = sa = wb = sb = 0.0
        for _ in range(n):
            a, b, c, d = per_deck[rng.randrange(n)]
            wa += a
            sa += b
            wb += c
            sb += d
        if wb > 0 and sa > 0:
            found.append((wa / sa) / (wb / sb))
    if not found:
        return ratio, 0.0, math.inf
    found.sort()
    low = found[int(0.025 * (len(found) - 1))]
    high = found[math.ceil(0.975 * (len(found) - 1))]
    return ratio, low, high


def _ratio(per_deck: Sequence[tuple[float, float, float, float]]) -> float:
    wa = sum(row[0] for row in per_deck)
    sa = sum(row[1] for row in per_deck)
    wb = sum(row[2] for row in per_deck)
    sb = sum(row[3] for row in per_deck)
    if sa == 0 or wb == 0:
        return math.inf if wa > 0 else 0.0
    return (wa / sa) / (wb / sb)


def paired_difference(per_deck: Sequence[tuple[float, float, int]]) -> tuple[float, float, float]:
    """``(difference, low, high)`` of two win rates measured on the same seatings.

    ``per_deck`` holds, for each deck, ``(wins_a, wins_b, seatings)``: player ``a`` and
    player ``b`` each played the same ``seatings`` of the deck in the same seat. The
    difference is ``(Σ wins_a − Σ wins_b) / Σ seatings``; its 95% interval is the paired
    normal interval over decks (a ratio estimator: the seatings of one deck share its
    cards, so the deck is the independent unit, and its variance is the decks' spread of
    ``wins_a − wins_b − difference · seatings``).
    """
    n = len(per_deck)
    seatings = sum(row[2] for row in per_deck)
    if seatings == 0:
        return 0.0, 0.0, 0.0
    diff = sum(a - b for a, b, _ in per_deck) / seatings
    if n < 2:
        return diff, diff, diff
    residuals = [a - b - diff * s for a, b, s in per_deck]
    variance = sum(r * r for r in residuals) / (n - 1)
    mean_seatings = seatings / n
    half = Z95 * math.sqrt(variance / n) / mean_seatings
    return diff, diff - half, diff + half


def mcnemar_exact(only_a: int, only_b: int) -> float:
    """Two-sided exact McNemar test: the p-value of ``only_a`` against ``only_b``.

    Among the discordant seatings (one player won and the other did not), each is a
    fair coin under the null hypothesis that both win equally often, so the test is the
    exact binomial test of ``min(only_a, only_b)`` successes in ``only_a + only_b``
    trials at one half (doubled, at most 1). Exact sums of ``math.comb`` are a few lines
    and need no statistics library.
    """
    n = only_a + only_b
    if n == 0:
        return 1.0
    low = min(only_a, only_b)
    tail: float = sum(math.comb(n, k) for k in range(low + 1)) / 2**n
    return min(1.0, 2.0 * tail)
