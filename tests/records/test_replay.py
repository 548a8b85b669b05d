"""``cardavia replay`` and the record format (records.md)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cardavia.games.registry import get_game
from cardavia.records.replay import replay_line

HERE = Path(__file__).parent
EXAMPLES = HERE / "spec_examples"
GOLDEN = sorted((HERE.parent / "games").glob("*/records/*.json"))
EXPECTED = [json.loads(line) for line in (EXAMPLES / "expected.jsonl").read_text().splitlines()]


def same_result(got: dict[str, Any], want: dict[str, Any], record: dict[str, Any]) -> None:
    """Compare as records.md says: error text is free, a winner's groups may be any best
    grouping; everything else exactly."""
    if "error" in want:
        assert "error" in got and got.get("index") == want.get("index"), got
        assert got["error"], "an error must say what is wrong"
        return
    if "groups" in want:
        from cardavia.games.sisepai.melds import group_kind, group_score

        groups = got["groups"]
        assert sum(group_score([_card(c) for c in g]) for g in groups) == got["score"]
        assert all(group_kind([_card(c) for c in g]) for g in groups)
        cards = Counter(c for g in groups for c in g)
        assert cards == Counter(c for g in want["groups"] for c in g)
        got = {k: v for k, v in got.items() if k != "groups"}
        want = {k: v for k, v in want.items() if k != "groups"}
    if "groups" in got:
        got = {k: v for k, v in got.items() if k != "groups"}
    assert got == want


def _card(code: str) -> int:
    return int(get_game("sisepai").parse_card(code))


@pytest.mark.parametrize("want", EXPECTED, ids=[w["file"] for w in EXPECTED])
def test_spec_examples_replay_as_the_spec_says(want: dict[str, Any]) -> None:
    path = EXAMPLES / want["file"]
    got, ok = replay_line(want["file"], path.read_bytes())
    assert ok == ("error" not in want)
    same_result(got, want, json.loads(path.read_text()))


@pytest.mark.parametrize("path", GOLDEN, ids=[f"{p.parent.parent.name}/{p.stem}" for p in GOLDEN])
def test_golden_records_replay_to_their_hand_checked_results(path: Path) -> None:
    record = json.loads(path.read_text())
    want = {"file": path.name, **record["meta"]["expected"]}
    got, _ = replay_line(path.name, path.read_bytes())
    if "error" in want:
        assert got == want  # our own goldens pin the wording too
    else:
        same_result(got, want, record)


def run_replay(*files: Path | str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardavia.cli", "replay", *map(str, files)],
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_command_prints_one_line_per_file_in_order_and_exits_2_on_any_error() -> None:
    files = sorted(EXAMPLES.glob("*.json"))
    done = run_replay(*files)
    assert done.returncode == 2
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["file"] for line in lines] == [str(f) for f in files]
    good = [f for f in files if "error" not in f.name]
    assert run_replay(*good).returncode == 0


BASE = json.loads((EXAMPLES / "sisepai-ongoing.json").read_text())


def variant(**changes: Any) -> dict[str, Any]:
    record = json.loads(json.dumps(BASE))
    record.update(changes)
    return record


BAD_RECORDS = [
    ("not json", "{not json", None),
    ("not an object", "[1, 2]", None),
    ("wrong format", variant(format="cardavia-record/2"), None),
    ("unknown game", variant(game="mahjong"), None),
    ("dealer out of range", variant(dealer=4), None),
    ("dealer is a bool", variant(dealer=True), None),
    ("missing card", variant(deck=BASE["deck"][:-1]), None),
    ("unknown card", variant(deck=[*BASE["deck"][:-1], "rX"]), None),
    ("duplicate card", variant(deck=[*BASE["deck"][:-1], BASE["deck"][0]]), None),
    ("entry not a pair", variant(actions=[*BASE["actions"], [0]]), 5),
    ("seat is a bool", variant(actions=[[True, "take gG"]]), 0),
    ("seat does not exist", variant(actions=[[7, "take gG"]]), 0),
    ("wrong seat", variant(actions=[[1, "take gG"]]), 0),
    ("illegal action", variant(actions=[*BASE["actions"], [0, "take wC wC wC"]]), 5),
    ("bad notation", variant(actions=[[0, "grab gG"]]), 0),
]


@pytest.mark.parametrize(("case", "record", "index"), BAD_RECORDS, ids=[b[0] for b in BAD_RECORDS])
def test_bad_input_gives_a_json_error_line_and_exit_2_never_a_traceback(
    tmp_path: Path, case: str, record: Any, index: int | None
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record))
    done = run_replay(path)
    assert done.returncode == 2, case
    assert "Traceback" not in done.stderr
    (line,) = [json.loads(text) for text in done.stdout.splitlines()]
    assert line["file"] == str(path) and line["error"]
    assert line.get("index") == index


def test_an_entry_after_the_end_is_refused_with_its_index(tmp_path: Path) -> None:
    record = json.loads((EXAMPLES / "sisepai-win-2.json").read_text())
    record["actions"].append([0, "pass"])
    path = tmp_path / "late.json"
    path.write_text(json.dumps(record))
    (line,) = [json.loads(text) for text in run_replay(path).stdout.splitlines()]
    assert line["index"] == len(record["actions"]) - 1
    assert "over" in line["error"]


def test_a_missing_file_is_an_error_line(tmp_path: Path) -> None:
    done = run_replay(tmp_path / "nope.json")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert json.loads(done.stdout)["error"].startswith("cannot read the file")


def test_unknown_keys_and_meta_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "extra.json"
    path.write_text(json.dumps(variant(meta=[1, 2], extra={"x": 1})))
    line, ok = replay_line("extra.json", path.read_bytes())
    assert ok and line["result"] == "ongoing"


# -- hostile files (issue 14): each gives one short line, and the run goes on ------------------

GOOD = EXAMPLES / "sisepai-ongoing.json"
RAW = GOOD.read_text()


def hostile_files(folder: Path) -> dict[str, Path]:
    """Files made to break a reader, by what they try."""
    digits = "9" * 5000
    made = {
        "a huge dealer": RAW.replace('"dealer": ', f'"dealer": {digits}, "was": ', 1),
        "a huge number in meta": RAW[:-1] + ', "meta": {"n": ' + "7" * 4400 + "}}",
        "nested 3,000 deep": RAW[:-1] + ', "meta": ' + "[" * 3000 + "]" * 3000 + "}",
        "nested 100,000 deep": "[" * 100_000 + "]" * 100_000,
        "a deep entry": json.dumps(variant(actions=[[[[[[0]]]]]])),
        "a 5 MB format": json.dumps(variant(format="x" * 5_000_000)),
        "a long format": json.dumps(variant(format="y" * 50_000)),
        "a long action": json.dumps(variant(actions=[[0, "take " + "rG " * 20_000]])),
        "a long card code": json.dumps(variant(deck=[*BASE["deck"][:-1], "z" * 50_000])),
        "NaN": RAW.replace('"dealer": ', '"dealer": NaN, "was": ', 1),
        "1e400": RAW.replace('"dealer": ', '"dealer": 1e400, "was": ', 1),
    }
    paths = {}
    for number, (case, text) in enumerate(made.items()):
        paths[case] = folder / f"bad-{number}.json"
        paths[case].write_text(text)
    fifo = folder / "fifo.json"
    os.mkfifo(fifo)
    paths["a FIFO"] = fifo
    paths["a folder"] = folder
    paths["/dev/zero"] = Path("/dev/zero")
    return paths


def test_every_hostile_file_gets_one_short_error_line_and_the_run_goes_on(tmp_path: Path) -> None:
    hostile = hostile_files(tmp_path)
    files = [GOOD]
    for path in hostile.values():
        files += [path, GOOD]
    done = subprocess.run(
        [sys.executable, "-m", "cardavia.cli", "replay", *map(str, files)],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert len(lines) == len(files)
    for text, path in zip(lines, files, strict=True):
        line = json.loads(text)
        assert line["file"] == str(path)
        assert len(text) < 600, text[:200]
        if path == GOOD:
            assert line["result"] == "ongoing"
        else:
            case = next(case for case, bad in hostile.items() if bad == path)
            assert line["error"] and "Cardavia failed" not in line["error"], (case, line)


def test_a_file_larger_than_the_limit_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text(json.dumps(variant(meta={"pad": "x" * (2 << 20)})))
    line = json.loads(run_replay(path).stdout)
    assert "larger than 1048576 bytes" in line["error"]


def test_seat_decisions_are_the_seats_own_entries_with_what_it_saw() -> None:
    from cardavia.ai.registry import get_player
    from cardavia.records.deal import Deal
    from cardavia.records.replay import seat_decisions

    game = get_game("sisepai")
    deal = Deal(game, *game.shuffle(random.Random(61)))
    player = get_player("sisepai", "basic")
    seen: list[tuple[object, str]] = []
    while not deal.over:
        state = deal.state
        view = state.view(state.to_act)
        action = player.choose(view, state.legal_actions(), random.Random(0))
        if state.to_act == 2:
            seen.append((view, str(action)))
        deal.act(action)
    found = seat_decisions(deal.record(), 2)
    assert [(view, str(action)) for view, _, action in found] == seen
    assert all(action in legal for _, legal, action in found)
