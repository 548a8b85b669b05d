"""``cardavia bench load`` runs end to end (a tiny run: the figures are for people)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from cardavia.cli import app


def test_the_load_benchmark_plays_verifies_and_prints_its_figures() -> None:
    result = CliRunner().invoke(
        app, ["bench", "load", "--games", "4", "--concurrency", "2", "--think", "0"]
    )
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["deals_finished"] == 4 and figures["deals_lost"] == 0
    assert figures["errors"] == 0
    assert figures["records_replay_to_reported_result"] and figures["final_reads_agree"]
    assert figures["per_kind"]["create"]["n"] == 4
    for key in ("p50_ms", "p95_ms", "p99_ms", "requests_per_s", "machine"):
        assert key in figures
