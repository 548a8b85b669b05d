"""``cardavia arena play|paired|league`` on the command line."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardavia.arena import cli, seats
from cardavia.cli import app

runner = CliRunner()


def test_json_output_and_plot(tmp_path: Path) -> None:
    chart = tmp_path / "rates.svg"
    args = ["arena", "play", "--game", "chuopai", "--seats", "basic,random,random", "--deals", "3"]
    result = runner.invoke(app, [*args, "--seed", "2", "--json", "--plot", str(chart)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "chuopai" and data["seatings"] == 9
    assert {p["name"] for p in data["players"]} == {"basic", "random"}
    assert chart.read_text().lstrip().startswith("<?xml")


def test_the_table_names_every_player() -> None:
    seating = ["--game", "sisepai", "--seats", "basic,random,random,random", "--deals", "1"]
    result = runner.invoke(app, ["arena", "play", *seating])
    assert result.exit_code == 0, result.output
    assert "basic" in result.stdout and "random" in result.stdout and "win rate" in result.stdout


def test_bad_arguments_exit_2() -> None:
    three = ["--game", "chuopai", "--seats", "basic,basic,basic", "--deals", "1"]
    for args in (
        ["play", "--game", "chess", "--seats", "basic,basic", "--deals", "1"],
        ["play", "--game", "chuopai", "--seats", "basic,basic", "--deals", "1"],
        ["play", "--game", "chuopai", "--seats", "basic,wizard,basic", "--deals", "1"],
        ["play", "--game", "chuopai", "--seats", "basic,basic,basic", "--deals", "0"],
        ["play", *three, "--plot", "x.gif"],
        ["paired", *three, "--reference", "x"],
        ["paired", *three, "--reference", "cmd:x"],
        ["league", "--players", "basic", "--deals", "1"],
        ["league", "--players", "basic,basic", "--deals", "1"],
        ["league", "--players", "basic,cmd:x", "--deals", "1"],
        ["league", "--game", "chess", "--players", "basic,easy", "--deals", "1"],
        ["play", "--seats", "basic,basic,basic", "--deals", "1"],
    ):
        assert runner.invoke(app, ["arena", *args]).exit_code == 2, args


def test_paired_json_and_table() -> None:
    seating = ["--game", "chuopai", "--seats", "easy,basic,basic", "--deals", "2"]
    result = runner.invoke(app, ["arena", "paired", *seating, "--reference", "basic", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["paired"]["pairs"] == 6 and data["paired"]["reference"] == "basic"
    table = runner.invoke(app, ["arena", "paired", *seating])
    assert "paired easy − basic" in table.stdout and "McNemar" in table.stdout


def test_league_prints_a_table_per_game() -> None:
    args = ["arena", "league", "--game", "chuopai", "--players", "easy,random", "--deals", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "chuopai league" in result.stdout and "easy" in result.stdout
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert [(c["name"], c["versus"]) for c in data["chuopai"]] == [
        ("easy", "random"),
        ("random", "easy"),
    ]


def test_the_oracle_is_an_arena_diagnostic_only() -> None:
    args = ["arena", "play", "--game", "sisepai", "--seats", "oracle,basic,basic,basic"]
    assert runner.invoke(app, [*args, "--deals", "1"]).exit_code == 0
    args = ["arena", "play", "--game", "chuopai", "--seats", "oracle,basic,basic"]
    assert runner.invoke(app, [*args, "--deals", "1"]).exit_code == 2


def test_the_arena_seats_steady_in_both_games_and_measures_strong_against_it() -> None:
    for game, seats_ in (
        ("sisepai", "steady,basic,basic,basic"),
        ("chuopai", "strong,steady,steady"),
    ):
        args = ["arena", "paired", "--game", game, "--seats", seats_, "--deals", "1", "--json"]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert "steady" in {p["name"] for p in json.loads(result.stdout)["players"]}


def test_the_command_line_shows_the_arena_s_own_timeouts() -> None:
    # Written out in arena/cli.py so that its help does not import the arena.
    assert (cli.DECISION_SECONDS, cli.START_SECONDS) == (
        seats.DECISION_TIMEOUT,
        seats.START_TIMEOUT,
    )
