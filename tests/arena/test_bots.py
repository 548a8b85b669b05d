"""External programs at arena seats (docs/bots.md): the example bot plays whole deals,
and a program that crashes, hangs or answers badly is reported, its seat finished by
``basic``, and nothing is left running."""

from __future__ import annotations

import contextlib
import json
import sys
import time
import uuid
from pathlib import Path

import pytest
from processes import running_with
from typer.testing import CliRunner

from cardavia.arena.runner import run_arena
from cardavia.arena.seats import BotError
from cardavia.cli import app
from cardavia.games.registry import get_game
from cardavia.records.deal import Deal
from cardavia.records.format import parse_record

ROOT = Path(__file__).parents[2]
EXAMPLE = f"cmd:{sys.executable} {ROOT / 'examples' / 'bots' / 'simple_bot.py'}"
FAULTY = Path(__file__).parent / "bots" / "faulty_bot.py"
SEATS = {"sisepai": ("basic", "basic", "basic"), "chuopai": ("basic", "basic")}
PATIENT = {"bot_timeout": 10.0, "bot_start_timeout": 30.0}
"""Timeouts no healthy answer misses, even on a loaded machine: only hangs may time out."""


def faulty(mode: str, at: int = 0, token: str = "") -> str:
    """The seat name of the test bot failing as ``mode`` at its decision ``at``."""
    return f"cmd:{sys.executable} {FAULTY} {mode} {at} {token or uuid.uuid4().hex}"


def programs_with(token: str) -> list[int]:
    """The test bots (not the arenas naming them) whose command line holds ``token``."""
    found = []
    for pid in running_with(token):
        with contextlib.suppress(OSError):
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            if len(argv) > 1 and argv[1].endswith(b"faulty_bot.py"):
                found.append(pid)
    return found


@pytest.mark.parametrize("game", ["sisepai", "chuopai"])
def test_the_example_bot_plays_whole_deals_reproducibly(game: str) -> None:
    names = (EXAMPLE, *SEATS[game])
    one = run_arena(game, names, 3, seed=5, **PATIENT)
    assert one.faults == []
    assert one.seatings == 3 * len(names)
    assert one.players()[0].seatings == 3 * len(names)
    again = run_arena(game, names, 3, seed=5, workers=2, **PATIENT)
    assert again.to_json() == one.to_json()


@pytest.mark.parametrize("game", ["sisepai", "chuopai"])
def test_a_program_failing_at_once_leaves_basic_to_play_exactly_as_basic(game: str) -> None:
    token = uuid.uuid4().hex
    broken = run_arena(game, (faulty("crash", 0, token), *SEATS[game]), 2, seed=3, **PATIENT)
    alone = run_arena(game, ("basic", *SEATS[game]), 2, seed=3)
    assert [(r.winners, r.scores) for r in broken.results] == [
        (r.winners, r.scores) for r in alone.results
    ]
    assert len(broken.faults) == broken.seatings  # started again, and failed again, each deal
    fault = broken.faults[0]
    assert fault.kind == "crash" and fault.step is not None
    assert "exit status 3" in fault.message and "boom: a bug in the bot" in fault.message
    assert running_with(token) == []


@pytest.mark.parametrize(
    ("mode", "kind", "words"),
    [
        ("crash", "crash", "exited (exit status 3)"),
        ("hang", "hang", "no answer within 0.3 s"),
        ("spawn", "hang", "no answer within 0.3 s"),
        ("illegal", "illegal", "which is not legal here"),
        ("garbage", "malformed", "which is not JSON"),
        ("badtext", "malformed", "'jump' is not"),
        ("chatty", "malformed", "after its answer"),
        ("deep", "malformed", "nested too deeply to read"),  # a RecursionError ended the run
        ("noisy", "crash", "boom: the last words"),
    ],
)
def test_each_failure_is_reported_and_basic_finishes_the_deal(
    mode: str, kind: str, words: str
) -> None:
    token = uuid.uuid4().hex
    started = time.monotonic()
    timeout = 0.3 if kind == "hang" else PATIENT["bot_timeout"]
    names = (faulty(mode, 1, token), "basic", "basic")
    result = run_arena("chuopai", names, 1, 1, bot_timeout=timeout, bot_start_timeout=30.0)
    assert result.seatings == 3 and all(r.winners for r in result.results)
    assert {fault.kind for fault in result.faults} == {kind}
    assert len(result.faults) == 3  # one per deal: the program is started again each time
    assert all(words in fault.message for fault in result.faults), result.faults[0].message
    assert time.monotonic() - started < 120  # a hung program sleeps for an hour
    assert running_with(token) == []  # the program and what it started are gone


def test_workers_end_their_programs_even_stubborn_ones() -> None:
    token = uuid.uuid4().hex
    names = (faulty("stubborn", 0, token), "basic", "basic")
    result = run_arena("chuopai", names, 4, 1, 2, **PATIENT)
    assert result.faults == [] and result.seatings == 12
    assert running_with(token) == []


def test_processes_a_program_started_in_sessions_of_their_own_end_with_it() -> None:
    token = uuid.uuid4().hex
    names = (faulty("daemon", 1, token), "basic", "basic")
    result = run_arena("chuopai", names, 1, 1, **PATIENT)
    assert result.faults == [] and result.seatings == 3
    assert running_with(token) == []  # 6 were left after 3 deals (issue 28)


def test_a_program_that_quits_between_deals_is_started_again() -> None:
    result = run_arena("chuopai", (faulty("quit"), "basic", "basic"), 2, 1, **PATIENT)
    assert [f.kind for f in result.faults] == ["crash"] * 5  # every deal but the first
    assert all(f.step is None for f in result.faults)
    assert all(
        f.message == "exited (exit status 0) after its last deal; started again"
        for f in result.faults
    )
    basic = run_arena("chuopai", ("basic", "basic", "basic"), 2, 1)
    assert [r.scores for r in result.results] != [r.scores for r in basic.results]


def test_the_program_sees_exactly_its_seat_view(tmp_path: Path) -> None:
    log = tmp_path / "heard.jsonl"
    name = f"cmd:{sys.executable} {FAULTY} record 0 {log}"
    names = ("basic", name, "basic", "basic")
    run_arena("sisepai", names, 1, seed=2, records=tmp_path / "r", **PATIENT)
    heard = [json.loads(line) for line in log.read_text().splitlines()]
    assert heard[0] == {"type": "hello", "protocol": "cardavia-bot", "versions": [1]}
    assert heard[-1] == {"type": "bye"}
    starts = [m for m in heard if m["type"] == "start"]
    decides = [m for m in heard if m["type"] == "decide"]
    results = [m for m in heard if m["type"] == "result"]
    assert [m["seat"] for m in starts] == [1, 2, 3, 0] and len(results) == 4
    # Rebuild the first deal and walk it: every decide is that seat's view, then.
    game = get_game("sisepai")
    record = parse_record((tmp_path / "r" / "sisepai-00000-r0.json").read_bytes())
    deal = Deal(game, tuple(game.parse_card(code) for code in record.deck), record.first)
    asked = iter(decides)
    for seat, text in record.actions:
        if seat == 1:
            message = next(asked)
            assert message["view"] == deal.state.view(1).to_json()
            assert message["legal"] == [str(a) for a in deal.state.legal_actions()]
            assert type(message["seed"]) is int
        deal.act(text)
    assert results[0]["view"] == deal.state.view(1).to_json()
    assert results[0]["outcome"] == deal.state.outcome.to_json()


@pytest.mark.parametrize(
    ("name", "words"),
    [
        (faulty("version"), "answered hello with version 99; this arena speaks 1"),
        (faulty("mute"), "no hello answer within 0.5 s"),
        ("cmd:/nonexistent/bot --fast", "cannot start '/nonexistent/bot'"),
        ("cmd:python3 'unclosed", "cannot read the command: No closing quotation"),
    ],
)
def test_a_program_that_cannot_play_stops_the_arena_before_it_starts(name: str, words: str) -> None:
    with pytest.raises(BotError, match=words.replace("(", r"\(")):
        run_arena("chuopai", (name, "basic", "basic"), 1, 1, bot_start_timeout=0.5)
    seats = f"{name},basic,basic"
    args = ["arena", "play", "--game", "chuopai", "--seats", seats, "--deals", "1"]
    result = CliRunner().invoke(app, [*args, "--bot-start-timeout", "0.5"])
    assert result.exit_code == 2
    assert words in result.output and "Traceback" not in result.output


def test_the_command_line_reports_faults_in_text_and_json() -> None:
    seats = f"{faulty('illegal', 0)},basic,basic"
    args = ["arena", "play", "--game", "chuopai", "--seats", seats, "--deals", "1"]
    args += ["--bot-timeout", "10"]
    text = CliRunner().invoke(app, args)
    assert text.exit_code == 0, text.output
    assert "3 program faults (illegal 3); basic finished those seats:" in text.output
    assert "which is not legal here" in text.output
    data = json.loads(CliRunner().invoke(app, [*args, "--json"]).stdout)
    assert [f["kind"] for f in data["faults"]] == ["illegal"] * 3
    assert {f["rotation"] for f in data["faults"]} == {0, 1, 2}
    assert data["faults"][0]["name"] == seats.split(",")[0]


def test_bad_bot_options_exit_2() -> None:
    base = ["arena", "play", "--game", "chuopai", "--deals", "1"]
    for extra in (
        ["--seats", "cmd:,basic,basic"],
        ["--seats", f"{EXAMPLE},basic,basic", "--bot-timeout", "0"],
    ):
        assert CliRunner().invoke(app, [*base, *extra]).exit_code == 2


def test_the_documented_exchange_is_what_the_arena_writes() -> None:
    from cardavia.arena import protocol

    exchange = (ROOT / "docs" / "bots.md").read_text().split("```text\n")[1].split("```")[0]
    lines = [line[2:] for line in exchange.splitlines() if line.startswith(("> {", "< {"))]
    whole = [json.loads(line) for line in lines if "…" not in line]  # (cut lines aside)
    assert whole[0] == protocol.hello()
    assert protocol.read_hello(json.dumps(whole[1]).encode()) == 1
    assert whole[2] == protocol.start("chuopai", 0, 3)
    protocol.read_ready(json.dumps(whole[3]).encode())
    assert whole[-1] == protocol.bye()


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_stopped_arena_ends_its_programs(workers: str) -> None:
    import signal
    import subprocess

    token = uuid.uuid4().hex
    seats = f"{faulty('stubborn', 0, token)},strong,strong,strong"
    args = ["arena", "play", "--game", "sisepai", "--seats", seats, "--deals", "50"]
    args += ["--workers", workers]
    arena = subprocess.Popen(
        [sys.executable, "-m", "cardavia.cli", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while len(programs_with(token)) < int(workers):  # a program per worker
            assert time.monotonic() < deadline and arena.poll() is None
            time.sleep(0.1)
        time.sleep(0.5)  # (in the middle of a deal)
        arena.send_signal(signal.SIGTERM)
        assert arena.wait(30) != 0
    finally:
        arena.kill()
    time.sleep(0.2)
    assert running_with(token) == []
