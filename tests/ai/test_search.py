"""Sequential halving (cardavia.ai.search)."""

from __future__ import annotations

import itertools
import random

from cardavia.ai.search import best_of, confident_best, halving, halving_worlds


def test_halving_finds_the_best_candidate_and_spends_most_on_contenders() -> None:
    rng = random.Random(1)
    means = [0.2, 0.5, 0.3, 0.45, 0.1]
    plays = [0] * len(means)

    def value(world: float, i: int) -> float:
        plays[i] += 1
        return 1.0 if world < means[i] else 0.0  # common random numbers

    worlds = (rng.random() for _ in itertools.count())
    assert halving(len(means), 300, worlds, value) == 1
    assert plays[1] > plays[4] and sum(plays) <= 300 + len(means)


def test_ties_go_to_the_first_candidate() -> None:
    worlds = iter(itertools.repeat(0.0))
    assert halving(4, 40, worlds, lambda world, i: 1.0) == 0
    assert best_of([1.0, 3.0, 3.0]) == 1


def test_the_prior_choice_stands_unless_another_is_clearly_better() -> None:
    rng = random.Random(2)
    close = [0.50, 0.53, 0.49]
    worlds = (rng.random() for _ in itertools.count())
    assert confident_best(3, 120, worlds, lambda w, i: float(w < close[i]), 2.0) == 0
    clear = [0.30, 0.70, 0.40]
    worlds = (rng.random() for _ in itertools.count())
    assert confident_best(3, 120, worlds, lambda w, i: float(w < clear[i]), 2.0) == 1


def test_halving_worlds_is_exactly_what_halving_draws() -> None:
    for candidates in range(2, 20):
        for budget in (10, 150, 400):
            drawn = itertools.count()
            worlds = (next(drawn) for _ in itertools.count())
            halving(candidates, budget, worlds, lambda world, i: float(i))
            assert next(drawn) == halving_worlds(candidates, budget), (candidates, budget)


def test_smooth_scores_overrule_the_prior_only_on_a_clear_difference() -> None:
    """Scores between 0 and 1 (a stopped playout's estimate): the same paired test."""
    rng = random.Random(3)

    def scores(edge: float) -> int:
        worlds = (rng.random() for _ in itertools.count())
        return confident_best(
            2, 200, worlds, lambda w, i: 0.5 * w + rng.gauss(0.0, 0.05) + edge * i, 1.0
        )

    assert scores(0.03) == 1
    assert scores(0.0) == 0
