"""The benchmark runs and reports its figures (the figures themselves are not tested)."""

from __future__ import annotations

import json
import random

from cardavia.bench.chuopai import decision_positions, play_random_deal, run


def test_run_reports_every_figure_as_json() -> None:
    figures = run(seconds=0.05, seed=3)
    assert {"deals_per_s", "legal_per_s", "peak_mb"} <= set(figures)
    assert figures["deals_per_s"] > 0 and figures["legal_per_s"] > 0 and figures["peak_mb"] > 0
    json.dumps(figures)


def test_a_random_deal_ends_and_is_seeded() -> None:
    one = play_random_deal(random.Random(9))
    assert one.to_act is None and one.outcome is not None
    assert one == play_random_deal(random.Random(9))


def test_positions_are_decisions() -> None:
    positions = decision_positions(random.Random(4), 2)
    assert positions and all(len(state.legal_actions()) >= 2 for state in positions)
