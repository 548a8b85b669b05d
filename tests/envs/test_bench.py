"""``cardavia bench env`` prints both rates for both environments (no timing is judged here)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from cardavia.cli import app
from cardavia.envs import bench, chuopai_v0


def test_the_engine_replays_the_environment_deals() -> None:
    figures = bench.measure(chuopai_v0, 0.05, seed=3)
    assert figures["deals"] >= 1 and figures["env_steps"] >= 10
    assert figures["env_steps_per_s"] > 0 and figures["engine_steps_per_s"] > 0
    assert figures["engine_actions_per_step"] >= 1  # forced actions came along


def test_the_command_prints_one_json_object() -> None:
    result = CliRunner().invoke(app, ["bench", "env", "--seconds", "0.05"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert set(figures) >= {"sisepai_v0", "chuopai_v0", "rates"}
    for name in ("sisepai_v0", "chuopai_v0"):
        assert figures[name]["env_over_engine"] > 0
