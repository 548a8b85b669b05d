"""``cardavia bench versus`` times the same decisions in two versions and says whether
they chose alike."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardavia.bench import versus
from cardavia.cli import app


def test_a_version_against_itself_decides_alike_on_the_same_positions() -> None:
    figures = versus.run("sisepai", "basic", versus.THIS_SRC, deals=1, seed=2)
    assert figures["positions"] > 5
    assert figures["same_decisions"] == 1.0
    for side in ("this", "other"):
        assert 0 < figures[side]["p50_ms"] <= figures[side]["p99_ms"]


def test_a_version_that_decides_otherwise_is_told_apart(tmp_path: Path) -> None:
    other = tmp_path / "src"
    shutil.copytree(Path(versus.THIS_SRC) / "cardavia", other / "cardavia")
    player = other / "cardavia" / "ai" / "random_player.py"
    text = player.read_text()
    player.write_text(text.replace("rng.choice(list(legal))", "list(legal)[-1]"))
    figures = versus.run("chuopai", "random", str(other), deals=1, seed=2)
    assert figures["other"]["src"] == str(other)
    assert figures["same_decisions"] < 1.0


def test_a_folder_without_cardavia_is_refused_in_words(tmp_path: Path) -> None:
    with pytest.raises(versus.VersusError, match=str(tmp_path)):
        versus.run("sisepai", "basic", str(tmp_path), deals=1, seed=2)
    result = CliRunner().invoke(app, ["bench", "versus", "--against-src", str(tmp_path)])
    assert result.exit_code == 2
    assert "no cardavia package in" in result.output


def test_versus_asks_for_the_other_version() -> None:
    result = CliRunner().invoke(app, ["bench", "versus"])
    assert result.exit_code == 2
    assert "--against-src" in result.output
