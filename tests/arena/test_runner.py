"""Arena runs: duplicate seatings, reproducibility, workers, records."""

from __future__ import annotations

import json
from pathlib import Path

from cardavia.arena.runner import run_arena, run_paired
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


def test_a_paired_run_plays_the_same_decks_with_the_reference_in_the_measured_seat(
    tmp_path: Path,
) -> None:
    paired = run_paired(
        "sisepai", ("easy", "basic", "basic", "basic"), "basic", 3, 4, records=tmp_path
    )
    assert len(paired.measured.results) == len(paired.reference.results) == 12
    assert paired.seats == (0, 1, 2, 3) * 3
    for m, r, seat in zip(
        paired.measured.results, paired.reference.results, paired.seats, strict=True
    ):
        assert (m.deal, m.rotation) == (r.deal, r.rotation)
        assert m.seats[seat] == "easy" and r.seats[seat] == "basic"
        assert [n for s, n in enumerate(m.seats) if s != seat] == ["basic"] * 3
        one = parse_record((tmp_path / f"sisepai-{m.deal:05d}-r{m.rotation}.json").read_bytes())
        two = parse_record((tmp_path / f"sisepai-{m.deal:05d}-r{m.rotation}-ref.json").read_bytes())
        assert one.deck == two.deck and one.first == two.first
        # The same decisions elsewhere: until the measured seat first decides otherwise,
        # every decision of both plays is the same (same views, same generators).
        for (s1, a1), (s2, a2) in zip(one.actions, two.actions, strict=False):
            assert s1 == s2
            if a1 != a2:
                assert s1 == seat
                break
    assert paired.figures().pairs == 12


def test_other_seats_decide_with_seeds_that_ignore_who_is_measured() -> None:
    """Measured against itself, a player gives two identical plays of every seating:
    no decision seed depends on the names."""
    paired = run_paired("chuopai", ("basic", "random", "easy"), "basic", 3, 6)
    assert paired.measured.results == tuple(
        r.__class__(r.deal, r.rotation, m.seats, r.winners, r.scores, r.is_draw)
        for m, r in zip(paired.measured.results, paired.reference.results, strict=True)
    )
    figures = paired.figures()
    assert figures.difference == 0.0 and figures.only_measured == figures.only_reference == 0
    assert figures.mcnemar_p == 1.0


def test_paired_json_keeps_the_unpaired_report_and_adds_the_paired_block() -> None:
    names = ("easy", "basic", "basic", "basic")
    paired = run_paired("sisepai", names, "basic", 2, 1)
    data = paired.to_json()
    assert {k: v for k, v in data.items() if k != "paired"} == run_arena(
        "sisepai", names, 2, seed=1
    ).to_json()
    block = data["paired"]
    assert block["name"] == "easy" and block["reference"] == "basic" and block["pairs"] == 8
    low, high = block["difference_pp_ci"]
    assert low <= block["difference_pp"] <= high
