"""Arena runs: duplicate seatings, reproducibility, workers, records."""

from __future__ import annotations

import json
from pathlib import Path

from cardavia.arena.runner import run_arena
from cardavia.arena.schedule import deck_for, seatings
from cardavia.games.registry import get_game
from cardavia.records.format import parse_record
from cardavia.records.replay import replay_line


def test_every_deck_is_played_in_every_rotation() -> None:
    rows = seatings(("strong", "basic", "basic", "basic"), 5, 0)
    assert [r.seats.index("strong") for r in rows] == [0, 1, 2, 3]
    assert len({r.seed for r in rows}) == 4


def test_decks_depend_on_seed_and_index_only() -> None:
    game = get_game("sisepai")
    assert deck_for(game, 1, 3) == deck_for(game, 1, 3)
    assert deck_for(game, 1, 3) != deck_for(game, 1, 4)
    assert deck_for(game, 1, 3) != deck_for(game, 2, 3)


def test_workers_give_the_results_of_one_process(tmp_path: Path) -> None:
    names = ("basic", "random", "random", "random")
    one = run_arena("sisepai", names, 6, seed=9, workers=1)
    two = run_arena("sisepai", names, 6, seed=9, workers=2, records=tmp_path)
    assert one.to_json() == two.to_json()
    assert one.results == two.results
    assert one.seatings == 24
    assert one.to_json()["players"][0]["win_rate"] > one.to_json()["players"][1]["win_rate"]
    files = sorted(tmp_path.iterdir())
    assert len(files) == 24
    record = parse_record(files[0].read_bytes())
    assert record.meta["seats"] == ["basic", "random", "random", "random"]
    line, ok = replay_line(str(files[0]), files[0].read_bytes())
    assert ok and line["result"] in ("win", "draw")
    json.dumps(one.to_json())  # plain JSON, no infinities


def test_json_has_one_entry_per_player_name() -> None:
    result = run_arena("sisepai", ("basic", "random", "random", "random"), 2, seed=1)
    data = result.to_json()
    assert [p["name"] for p in data["players"]] == ["basic", "random"]
    assert [p["seatings"] for p in data["players"]] == [8, 24]
    assert data["deals"] == 2 and data["seatings"] == 8
    player = data["players"][0]
    assert player["win_rate_ci"][0] <= player["win_rate"] <= player["win_rate_ci"][1]
    assert data["ratios"][0]["name"] == "basic" and data["ratios"][0]["versus"] == "random"
