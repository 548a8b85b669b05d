"""``cardavia bench ai`` prints the figures in the shape issue 4 gives."""

from __future__ import annotations

import pytest

from cardavia.bench import ai


def test_bench_ai_reports_p50_and_p99_per_game_and_player(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai, "MIN_DECISIONS", {"easy": 5, "basic": 5, "strong": 2, "hint": 2})
    monkeypatch.setattr(ai, "REVIEW_DEALS", 1)
    figures = ai.run(seconds=0.0, seed=3)
    assert set(figures) == {"sisepai", "chuopai"}
    for game in figures.values():
        assert set(game) == {"easy", "basic", "strong", "hint", "review"}
        review = game.pop("review")
        assert review["deals"] == 1 and 0 < review["p50_s"] <= review["max_s"]
        for player in game.values():
            assert 0 < player["p50_ms"] <= player["p99_ms"]
            assert player["n"] >= 2
