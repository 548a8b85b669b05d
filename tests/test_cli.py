"""The ``cardavia`` command: ``prune`` removes old deals as the server does, ``serve``
refuses a busy port in words, and ``bench`` and ``arena`` are groups of sub-commands, each
with only its own options."""

from __future__ import annotations

import dataclasses
import importlib
import json
import os
import pkgutil
import re
import shlex
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

import cardavia.bench
from cardavia.cli import app
from cardavia.store import FINISHED, ONGOING, GameStore, StoredGame, open_engine, upgrade
from cardavia.store.repository import now


def stored(game_id: str, status: str, age_days: int) -> StoredGame:
    stamp = now() - timedelta(days=age_days)
    return StoredGame(
        id=game_id, token_hash="0" * 64, game="chuopai", ai="basic", seed=1,
        seed_chosen=False, first=0, deck=(), decisions=(), step=0, status=status,
        result=None, version=1, created_at=stamp, updated_at=stamp,
    )  # fmt: skip


def test_prune_removes_what_the_settings_no_longer_keep(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'cardavia.sqlite3'}"
    engine = open_engine(url)
    upgrade(engine)
    store = GameStore(engine)
    ages = {"idle-40": (ONGOING, 40), "idle-5": (ONGOING, 5), "done-40": (FINISHED, 40),
            "done-20": (FINISHED, 20), "done-5": (FINISHED, 5)}  # fmt: skip
    for game_id, (status, days) in ages.items():
        store.insert(stored(game_id.ljust(16, "-"), status, days))
    # A browser that finished a lesson 40 days ago and did nothing since is forgotten.
    long_ago = now() - timedelta(days=40)
    monkeypatch.setattr("cardavia.store.repository.now", lambda: long_ago)
    store.lesson_done("gone", "chuopai/cards")
    monkeypatch.undo()
    env = dict(os.environ, DATABASE_URL=url, CARDAVIA_KEEP_FINISHED_DAYS="10")
    done = subprocess.run(
        [sys.executable, "-m", "cardavia.cli", "prune", "--json"],
        env=env, capture_output=True, text=True, check=False, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["removed_idle"] == 1 and summary["removed_finished"] == 2
    assert summary["removed_progress"] == 1 and store.lessons_done("gone") == set()
    assert summary["keep_idle_days"] == 30 and summary["keep_finished_days"] == 10
    kept = {game_id for game_id in ages if store.get(game_id.ljust(16, "-"))}
    assert kept == {"idle-5", "done-5"}
    # 0 days keeps them for ever; the words say what was done.
    env |= {"CARDAVIA_KEEP_FINISHED_DAYS": "0", "CARDAVIA_KEEP_IDLE_DAYS": "0"}
    again = subprocess.run(
        [sys.executable, "-m", "cardavia.cli", "prune"],
        env=env, capture_output=True, text=True, check=False, timeout=60,
    )  # fmt: skip
    assert again.returncode == 0 and "Removed 0 " in again.stdout
    assert {game_id for game_id in ages if store.get(game_id.ljust(16, "-"))} == kept
    engine.dispose()


def test_the_server_prunes_by_itself_at_start_up(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from cardavia.web.app import create_app
    from cardavia.web.infra.settings import Settings

    url = f"sqlite:///{tmp_path / 'cardavia.sqlite3'}"
    engine = open_engine(url)
    upgrade(engine)
    store = GameStore(engine)
    store.insert(stored("old-idle-deal---", ONGOING, 31))
    store.insert(dataclasses.replace(stored("new-idle-deal---", ONGOING, 1)))
    settings = Settings(database_url=url, data_dir=tmp_path, prune_every_minutes=60)
    with TestClient(create_app(settings)) as client:
        for _ in range(500):  # the pruning runs beside the requests: give it 10 s
            if store.get("old-idle-deal---") is None:
                break
            client.get("/")
            time.sleep(0.02)
        assert store.get("old-idle-deal---") is None
        assert store.get("new-idle-deal---") is not None
    engine.dispose()


def test_serve_on_a_busy_port_says_so_in_one_sentence(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 'cardavia.sqlite3'}")
        done = subprocess.run(
            [sys.executable, "-m", "cardavia.cli", "serve", "--port", str(port)],
            env=env, capture_output=True, text=True, check=False, timeout=60,
        )  # fmt: skip
    assert done.returncode != 0
    assert done.stderr.strip() == (
        f"Cardavia cannot serve: port {port} is in use (on 127.0.0.1): "
        "stop what uses it or choose --port"
    ), done.stderr  # (was Granian's 70-line traceback)


# ``cardavia bench <subject>`` and ``cardavia arena <mode>``: each sub-command takes only
# the options it reads.

OWN_OPTIONS = {
    ("bench", "sisepai"): {"--seconds", "--seed"},
    ("bench", "chuopai"): {"--seconds", "--seed"},
    ("bench", "ai"): {"--seconds", "--seed"},
    ("bench", "versus"): {"--against-src", "--game", "--player", "--deals", "--seed"},
    ("bench", "web"): {"--seconds", "--seed", "--server", "--server-src", "--via"},
    ("bench", "stall"): {
        "--seconds", "--seed", "--server", "--server-src", "--flood", "--baseline",
    },
    ("bench", "load"): {
        "--games", "--concurrency", "--think", "--servers", "--database", "--database-url",
        "--seed",
    },
    ("bench", "table"): {"--seed"},
    ("bench", "lighthouse"): {"--seed", "--runs", "--reports", "--server-src", "--page", "--mode"},
    ("bench", "tables"): {
        "--tables", "--think", "--servers", "--database", "--database-url", "--seed",
        "--hold",
    },
    ("bench", "env"): {"--seconds", "--seed"},
    ("arena", "play"): {
        "--game", "--seats", "--deals", "--seed", "--workers", "--json", "--plot", "--records",
        "--bot-timeout", "--bot-start-timeout",
    },
    ("arena", "paired"): {
        "--game", "--seats", "--deals", "--reference", "--seed", "--workers", "--json", "--plot",
        "--records", "--bot-timeout", "--bot-start-timeout",
    },
    ("arena", "league"): {"--players", "--deals", "--game", "--seed", "--workers", "--json"},
    ("practice", "build"): {
        "--game", "--count", "--seed", "--lineup", "--from-site", "--out", "--kind", "--add",
    },
}  # fmt: skip
"""Every sub-command and the options it should list, and none other."""

OPTION_ROW = re.compile(r"^│\s+(?:\*\s+)?(--[a-z][a-z-]*)", re.MULTILINE)
"""An option's name where its row of the help's Options panel starts."""

cli_runner = CliRunner()


def said(output: str) -> str:
    """The words of a help or error text, without its panels' borders and line breaks."""
    return " ".join(output.replace("│", " ").split())


def test_every_benchmark_module_and_arena_mode_is_a_sub_command() -> None:
    # A new bench/<subject>.py with a run() must come with its command (bench/cli.py).
    subjects = {
        module.name
        for module in pkgutil.iter_modules(cardavia.bench.__path__)
        if hasattr(importlib.import_module(f"cardavia.bench.{module.name}"), "run")
    }
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    for name, expected in (("bench", subjects | {"env"}), ("arena", {"play", "paired", "league"})):
        sub = group.commands[name]
        assert isinstance(sub, typer.core.TyperGroup)
        assert set(sub.commands) == expected
        assert {command for (parent, command) in OWN_OPTIONS if parent == name} == expected


@pytest.mark.parametrize("path", sorted(OWN_OPTIONS), ids=" ".join)
def test_each_sub_command_s_help_lists_only_its_own_options(path: tuple[str, str]) -> None:
    result = cli_runner.invoke(app, [*path, "--help"])
    assert result.exit_code == 0, result.output
    assert set(OPTION_ROW.findall(result.output)) == OWN_OPTIONS[path] | {"--help"}
    assert f"Usage: root {' '.join(path)} [OPTIONS]" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["bench", "table", "--seconds", "1"],
        ["bench", "sisepai", "--database", "sqlite"],
        ["bench", "load", "--server", "uvicorn"],
        ["bench", "web", "--tables", "3"],
        ["arena", "play", "--reference", "basic"],
        ["arena", "league", "--seats", "basic,basic,basic"],
        ["arena", "league", "--plot", "rates.svg"],
    ],
    ids=" ".join,
)
def test_an_option_of_another_sub_command_is_refused_by_name(args: list[str]) -> None:
    result = cli_runner.invoke(app, args)
    assert result.exit_code == 2
    assert f"No such option: {args[2]}" in said(result.output)
    assert f"Try 'root {args[0]} {args[1]} --help' for help." in said(result.output)


def test_an_unknown_subject_or_mode_is_refused_by_name() -> None:
    for group in ("bench", "arena"):
        result = cli_runner.invoke(app, [group, "chess"])
        assert result.exit_code == 2
        assert "No such command 'chess'" in said(result.output)


def test_a_bad_value_is_refused_before_anything_runs() -> None:
    result = cli_runner.invoke(app, ["bench", "tables", "--database", "mysql"])
    assert result.exit_code == 2 and "'mysql' is not one of 'sqlite', 'postgresql'" in said(
        result.output
    )
    result = cli_runner.invoke(app, ["bench", "load", "--games", "0"])
    assert result.exit_code == 2 and "--games" in said(result.output)
    result = cli_runner.invoke(app, ["bench", "versus"])
    assert result.exit_code == 2 and "Missing option '--against-src'" in said(result.output)


def test_the_readme_s_bench_and_arena_lines_are_accepted() -> None:
    text = (Path(__file__).parent.parent / "README.md").read_text()
    lines = re.findall(r"^\.venv/bin/cardavia ((?:bench|arena) [a-z][^#\n]*)", text, flags=re.M)
    assert len(lines) >= 12
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    for line in lines:
        parent, name, *args = shlex.split(line)
        sub = group.commands[parent]
        assert isinstance(sub, typer.core.TyperGroup)
        sub.commands[name].make_context(name, args)  # raises on a missing or unknown option


SMALL_RUNS = {
    "bench sisepai": (["bench", "sisepai", "--seconds", "0.01"], "deals_per_s"),
    "bench chuopai": (["bench", "chuopai", "--seconds", "0.01"], "legal_per_s"),
    "arena play": (
        ["arena", "play", "--game", "chuopai", "--seats", "basic,random,random", "--deals", "1",
         "--json"],
        "players",
    ),
    "arena paired": (
        ["arena", "paired", "--game", "chuopai", "--seats", "easy,random,random", "--deals", "1",
         "--reference", "basic", "--json"],
        "paired",
    ),
    "arena league": (
        ["arena", "league", "--game", "chuopai", "--players", "basic,random", "--deals", "1",
         "--json"],
        "chuopai",
    ),
}  # fmt: skip
"""A tiny run of each quick mode and a key its JSON holds. ``bench ai``, ``versus``,
``env`` and ``load`` have runs of their own in tests/bench, tests/envs and
tests/reliability; the server benchmarks' are below."""


@pytest.mark.parametrize("name", sorted(SMALL_RUNS))
def test_a_small_run_of_each_mode_prints_its_json(name: str) -> None:
    args, key = SMALL_RUNS[name]
    result = cli_runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert key in json.loads(result.stdout)


@pytest.mark.server
@pytest.mark.parametrize(
    "args",
    [
        ["bench", "web", "--seconds", "0.05"],
        ["bench", "web", "--seconds", "0.05", "--via", "table"],
        # Decisions barely held on show: the run checks the plumbing, not a table's pace.
        ["bench", "tables", "--tables", "1", "--think", "0", "--hold", "0.05"],
    ],
    ids=" ".join,
)
def test_a_small_run_of_a_server_benchmark(args: list[str]) -> None:
    result = cli_runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["p50_ms" if args[1] == "web" else "latency"]
