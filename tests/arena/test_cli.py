"""``cardavia arena`` on the command line."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardavia.cli import app

runner = CliRunner()


def test_json_output_and_plot(tmp_path: Path) -> None:
    chart = tmp_path / "rates.svg"
    args = ["arena", "--game", "chuopai", "--seats", "basic,random,random", "--deals", "3"]
    result = runner.invoke(app, [*args, "--seed", "2", "--json", "--plot", str(chart)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "chuopai" and data["seatings"] == 9
    assert {p["name"] for p in data["players"]} == {"basic", "random"}
    assert chart.read_text().lstrip().startswith("<?xml")


def test_the_table_names_every_player() -> None:
    args = ["arena", "--game", "sisepai", "--seats", "basic,random,random,random", "--deals", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "basic" in result.stdout and "random" in result.stdout and "win rate" in result.stdout


def test_bad_arguments_exit_2() -> None:
    for args in (
        ["--game", "chess", "--seats", "basic,basic", "--deals", "1"],
        ["--game", "chuopai", "--seats", "basic,basic", "--deals", "1"],
        ["--game", "chuopai", "--seats", "basic,wizard,basic", "--deals", "1"],
        ["--game", "chuopai", "--seats", "basic,basic,basic", "--deals", "1", "--plot", "x.gif"],
        [
            "--game",
            "chuopai",
            "--seats",
            "basic,basic,basic",
            "--deals",
            "1",
            "--paired",
            "--reference",
            "x",
        ],
        ["--league", "--players", "basic", "--deals", "1"],
        ["--league", "--players", "basic,basic", "--deals", "1"],
        ["--league", "--seats", "basic,basic,basic", "--players", "basic,easy", "--deals", "1"],
        ["--seats", "basic,basic,basic", "--deals", "1"],
    ):
        assert runner.invoke(app, ["arena", *args]).exit_code == 2


def test_paired_json_and_table() -> None:
    args = ["arena", "--game", "chuopai", "--seats", "easy,basic,basic", "--deals", "2"]
    result = runner.invoke(app, [*args, "--paired", "--reference", "basic", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["paired"]["pairs"] == 6 and data["paired"]["reference"] == "basic"
    table = runner.invoke(app, [*args, "--paired"])
    assert "paired easy − basic" in table.stdout and "McNemar" in table.stdout


def test_league_prints_a_table_per_game() -> None:
    args = ["arena", "--league", "--game", "chuopai", "--players", "easy,random", "--deals", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "chuopai league" in result.stdout and "easy" in result.stdout
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert [(c["name"], c["versus"]) for c in data["chuopai"]] == [
        ("easy", "random"),
        ("random", "easy"),
    ]


def test_the_oracle_is_an_arena_diagnostic_only() -> None:
    args = ["arena", "--game", "sisepai", "--seats", "oracle,basic,basic,basic", "--deals", "1"]
    assert runner.invoke(app, args).exit_code == 0
    args = ["arena", "--game", "chuopai", "--seats", "oracle,basic,basic", "--deals", "1"]
    assert runner.invoke(app, args).exit_code == 2
