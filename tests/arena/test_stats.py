"""Intervals of the arena (cardavia.arena.stats)."""

from __future__ import annotations

import math

from cardavia.arena.stats import (
    mcnemar_exact,
    mean_interval,
    paired_difference,
    ratio_interval,
    wilson,
)


def test_wilson_interval_contains_the_rate_and_narrows_with_more_plays() -> None:
    low, high = wilson(30, 100)
    assert low < 0.3 < high
    low2, high2 = wilson(300, 1000)
    assert high2 - low2 < high - low
    assert wilson(0, 10)[0] == 0.0 and math.isclose(wilson(10, 10)[1], 1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_matches_a_known_value() -> None:
    low, high = wilson(81, 263)  # Wilson's worked example: 0.2553 to 0.3662
    assert math.isclose(low, 0.2553, abs_tol=5e-4) and math.isclose(high, 0.3662, abs_tol=5e-4)


def test_mean_interval_of_constant_values_is_a_point() -> None:
    assert mean_interval([2.0, 2.0, 2.0]) == (2.0, 2.0, 2.0)
    mean, low, high = mean_interval([0.0, 1.0] * 50)
    assert mean == 0.5 and low < 0.5 < high


def test_ratio_bootstrap_is_reproducible_and_brackets_the_ratio() -> None:
    # Per deck: wins and seatings of player a, then of player b.
    rows = [(2.0, 4.0, 1.0, 4.0)] * 30 + [(1.0, 4.0, 1.0, 4.0)] * 10 + [(3.0, 4.0, 0.0, 4.0)] * 10
    ratio, low, high = ratio_interval(rows)
    assert ratio == ratio_interval(rows)[0]
    assert (low, high) == ratio_interval(rows)[1:]
    assert low < ratio < high
    assert math.isclose(ratio, (100 / 200) / (40 / 200))


def test_paired_difference_matches_a_hand_computed_interval() -> None:
    # Per deck: wins of a, wins of b, seatings. Per-deck differences 1/4, 0, 3/4: the
    # mean is 1/3, the standard deviation 0.38188, so the standard error over 3 decks
    # is 0.22048 and the 95% half-width 1.95996 × 0.22048 = 0.43213.
    diff, low, high = paired_difference([(2.0, 1.0, 4), (1.0, 1.0, 4), (3.0, 0.0, 4)])
    assert math.isclose(diff, 1 / 3)
    assert math.isclose(low, 1 / 3 - 0.43213, abs_tol=1e-4)
    assert math.isclose(high, 1 / 3 + 0.43213, abs_tol=1e-4)


def test_paired_difference_of_identical_players_is_zero_with_no_width() -> None:
    assert paired_difference([(1.0, 1.0, 4), (3.0, 3.0, 4)]) == (0.0, 0.0, 0.0)


def test_exact_mcnemar_matches_the_binomial_test() -> None:
    # 10 discordant seatings for a, 2 for b: 2 × P(X ≤ 2), X ~ Bin(12, 1/2) = 2 × 79/4096.
    assert math.isclose(mcnemar_exact(10, 2), 2 * 79 / 4096)
    assert mcnemar_exact(2, 10) == mcnemar_exact(10, 2)
    assert mcnemar_exact(5, 5) == 1.0 and mcnemar_exact(0, 0) == 1.0
    # A large sample stays exact and finite: 330 against 270 gives p ≈ 0.016.
    assert math.isclose(mcnemar_exact(330, 270), 0.0160, abs_tol=5e-4)
