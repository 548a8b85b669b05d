"""A review lists the seat's decisions where ``strong`` would have chosen otherwise,
costliest first, with win chances from worlds read from the seat's view only."""

from __future__ import annotations

import random

import pytest

from cardavia.ai.registry import get_player
from cardavia.ai.review import review
from cardavia.ai.seeding import decision_rng
from cardavia.games.registry import get_game
from cardavia.records.deal import Deal
from cardavia.records.format import Record
from cardavia.records.replay import seat_decisions

SEATS = {"sisepai": ("easy", "basic", "basic", "basic"), "chuopai": ("easy", "basic", "basic")}


def played(game_name: str, deal_seed: int) -> Record:
    """The record of a deal with ``easy`` in seat 0 against ``basic``."""
    game = get_game(game_name)
    players = [get_player(game_name, name) for name in SEATS[game_name]]
    deal = Deal(game, *game.shuffle(random.Random(deal_seed)))
    while not deal.over:
        state = deal.state
        seat = state.to_act
        rng = decision_rng(deal_seed, seat, state.step)
        deal.act(players[seat].choose(state.view(seat), state.legal_actions(), rng))
    return deal.record()


@pytest.mark.parametrize("game_name", ["sisepai", "chuopai"])
def test_review_names_every_decision_strong_would_change_and_ranks_them(game_name: str) -> None:
    strong = get_player(game_name, "strong")
    found = 0
    for deal_seed in (3, 4):
        record = played(game_name, deal_seed)
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
    decisions = seat_decisions(played("chuopai", 5), 0)
    one = [f.to_json() for f in review("chuopai", decisions, 1, worlds=8)]
    assert one == [f.to_json() for f in review("chuopai", decisions, 1, worlds=8)]
    with pytest.raises(ValueError, match="no review"):
        review("chess", decisions, 1)
