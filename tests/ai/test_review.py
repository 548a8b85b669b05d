"""A review lists only what the coach can stand behind: the seat's decisions where
``strong``'s suggestion beats the choice by the paired test, costliest first, each with
both chances, the gain's interval and the suggestion's reason."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardavia.ai.registry import get_player
from cardavia.ai.review import Finding, ranked, review
from cardavia.ai.seeding import decision_rng
from cardavia.ai.verdict import Verdict, verdict
from cardavia.games.registry import get_game
from cardavia.records.deal import Deal
from cardavia.records.format import Record
from cardavia.records.replay import seat_decisions

SEATS = {"sisepai": ("easy", "basic", "basic", "basic"), "chuopai": ("easy", "basic", "basic")}
WORLDS = 24


def cheap(game_name: str) -> Any:
    return get_player(game_name, "strong", playouts=12)


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
def test_a_review_lists_exactly_the_significant_verdicts_costliest_first(game_name: str) -> None:
    player = cheap(game_name)
    listed = ties = weak = 0
    for deal_seed in (3, 4, 5):
        decisions = seat_decisions(played(game_name, deal_seed), 0)
        done: list[tuple[int, int]] = []
        findings = review(
            game_name,
            decisions,
            worlds=WORLDS,
            progress=lambda *p, done=done: done.append(p),
            player=player,
        )
        assert done[-1] == (len(decisions), len(decisions))
        verdicts = [
            verdict(game_name, view, legal, chosen, worlds=WORLDS, player=player)
            for view, legal, chosen in decisions
        ]
        expected = {i for i, v in enumerate(verdicts) if v.significant}
        assert {f.index for f in findings} == expected
        for f in findings:
            v = verdicts[f.index]
            view, legal, chosen = decisions[f.index]
            assert f.chosen == chosen and f.suggested == v.action != chosen
            assert f.step == view.step and f.suggested in legal
            # Both chances, and an interval wholly above zero around the gain.
            assert f.suggested_win > f.chosen_win
            assert 0 < f.low < f.gain <= f.high
            data = f.to_json()
            assert data["gain_low"] == round(f.low, 4) and data["gain_high"] == round(f.high, 4)
            assert data["reason"] == v.reason.to_json(), "every finding carries its reason"
        gains = [f.gain for f in findings]
        assert gains == sorted(gains, reverse=True)
        listed += len(findings)
        for v in verdicts:
            if v.worlds and v.gain == 0:
                ties += 1
            elif v.worlds and not v.significant:
                weak += 1
    assert listed >= 1, "a learner's deals have some decision worth naming"
    assert weak >= 1, "and some difference too small to name, which is left out"
    if game_name == "chuopai":
        assert ties >= 1, "and decisions whose alternatives tie, which are left out"


def verdict_of(gain: float, low: float, significant: bool = True) -> Verdict:
    return Verdict("b", _Facts(), (), 16, gain, low, 2 * gain - low, significant)


class _Facts:
    def to_json(self) -> dict[str, Any]:
        return {}


class _View:
    step = 0


def test_a_tie_or_an_unproven_difference_is_no_finding() -> None:
    tie = Verdict("b", _Facts(), (), 16, 0.0, 0.0, 0.0, False)
    assert Finding.of(0, _View(), "a", tie) is None
    worse = Verdict("b", _Facts(), (), 16, -0.05, -0.1, 0.0, False)
    assert Finding.of(0, _View(), "a", worse) is None
    agrees = Verdict("a", _Facts())
    assert Finding.of(0, _View(), "a", agrees) is None


def test_findings_rank_by_the_gain_itself_then_by_decision() -> None:
    def finding(index: int, chosen: float, suggested: float) -> Finding:
        return Finding(index, index, _View(), "a", "b", chosen, suggested, 16, _Facts(), 0.01, 1)

    found = [finding(0, 0.5, 0.55), finding(1, 0.1, 0.2), finding(2, 0.0, 0.1), finding(3, 0, 1)]
    assert [f.index for f in ranked(found)] == [3, 1, 2, 0]


def test_a_review_is_reproducible_and_refuses_an_unknown_game() -> None:
    decisions = seat_decisions(played("chuopai", 5), 0)
    player = cheap("chuopai")
    one = [f.to_json() for f in review("chuopai", decisions, worlds=8, player=player)]
    assert one == [f.to_json() for f in review("chuopai", decisions, worlds=8, player=player)]
    with pytest.raises(ValueError, match="no coach"):
        review("chess", decisions)
