"""A review lists the seat's decisions where ``strong`` would have chosen otherwise,
costliest first, with win chances from worlds read from the seat's view only."""

from __future__ import annotations

import random

import pytest

from cardavia.ai.registry import get_player
from cardavia.ai.review import review
from cardavia.ai.seeding import decision_rng
from cardavia.arena.loop import play_deal
from cardavia.games.registry import get_game
from cardavia.records.format import parse_record
from cardavia.records.replay import seat_decisions

SEATS = {"sisepai": ("easy", "basic", "basic", "basic"), "chuopai": ("easy", "basic", "basic")}


@pytest.mark.parametrize("game_name", ["sisepai", "chuopai"])
def test_review_names_every_decision_strong_would_change_and_ranks_them(game_name: str) -> None:
    game = get_game(game_name)
    strong = get_player(game_name, "strong")
    found = 0
    for deal_seed in (3, 4):
        deck, first = game.shuffle(random.Random(deal_seed))
        players = [get_player(game_name, name) for name in SEATS[game_name]]
        record = parse_record(play_deal(game, players, deck, first, 9, keep_record=True).record)
        decisions = seat_decisions(record, 0)
        assert len(decisions) == sum(1 for seat, _ in record.actions if seat == 0)
        done: list[tuple[int, int]] = []
        findings = review(
            game_name, decisions, 11, worlds=12, progress=lambda *p, done=done: done.append(p)
        )
        assert done[-1] == (len(decisions), len(decisions))
        changed = set()
        for index, (view, legal, chosen) in enumerate(decisions):
            assert chosen in legal and view.seat == 0
            suggested = strong.choose(view, legal, decision_rng(11, 0, view.step))
            if suggested != chosen:
                changed.add(index)
        assert {f.index for f in findings} == changed
        gains = [f.gain for f in findings]
        assert gains == sorted(gains, reverse=True)
        for f in findings:
            assert f.suggested != f.chosen and f.suggested in decisions[f.index][1]
            assert 0.0 <= f.chosen_win <= 1.0 and 0.0 <= f.suggested_win <= 1.0
            assert round(f.chosen_win * f.worlds) == pytest.approx(f.chosen_win * f.worlds)
            assert f.to_json()["suggested"] == str(f.suggested)
        found += len(findings)
    assert found >= 1


def test_a_review_is_reproducible_and_refuses_an_unknown_game() -> None:
    game = get_game("chuopai")
    deck, first = game.shuffle(random.Random(5))
    players = [get_player("chuopai", name) for name in SEATS["chuopai"]]
    record = parse_record(play_deal(game, players, deck, first, 2, keep_record=True).record)
    decisions = seat_decisions(record, 0)
    one = [f.to_json() for f in review("chuopai", decisions, 1, worlds=8)]
    assert one == [f.to_json() for f in review("chuopai", decisions, 1, worlds=8)]
    with pytest.raises(ValueError, match="no review"):
        review("chess", decisions, 1)
