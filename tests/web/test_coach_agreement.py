"""One opinion per decision: the hint at the table, the review after the deal and the
replay viewer's suggestion agree on every decision of many deals of both games.

Each of the three is asked through the site's own entry points (``thinking.give_hint``
as the table's hint runs in a worker, ``thinking.judge_decision`` and
``ai.review.Finding.of`` as the review keeps a decision, ``replay_pages.suggestion``
as the viewer's route answers), with the coach made cheap for the test: ``strong`` at a
tenth of its budget and few worlds, the same for all three. The person follows the
hint at every other decision and plays another legal action at the rest, so both kinds occur.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from cardavia.ai import verdict
from cardavia.ai.registry import get_player
from cardavia.ai.review import Finding, ranked
from cardavia.ai.seeding import decision_rng
from cardavia.games.registry import get_game
from cardavia.records.deal import Deal
from cardavia.records.replay import seat_decisions
from cardavia.web.replay_pages import suggestion
from cardavia.web.thinking import give_hint, judge_decision

DEALS = 6
PERSON = 0


@pytest.fixture
def cheap_coach(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every caller's coach at a tenth of ``strong``'s budget, weighing in 16 worlds."""
    monkeypatch.setattr(verdict, "_coaches", {})
    for game in ("sisepai", "chuopai"):
        verdict._coaches[game] = get_player(game, "strong", playouts=10)
    monkeypatch.setattr(verdict, "VERDICT_WORLDS", 16)
    yield


@pytest.mark.parametrize("game_name", ["sisepai", "chuopai"])
def test_hint_review_and_replay_give_one_opinion_of_every_decision(
    cheap_coach: None, game_name: str
) -> None:
    game = get_game(game_name)
    basic = get_player(game_name, "basic")
    followed = departed = 0
    for deal_seed in range(DEALS):
        deal = Deal(game, *game.shuffle(random.Random(1000 + deal_seed)))
        hints: dict[int, Any] = {}
        while not deal.over:
            state = deal.state
            seat = state.to_act
            view, legal = state.view(seat), state.legal_actions()
            rng = decision_rng(deal_seed, seat, state.step)
            if seat != PERSON:
                deal.act(basic.choose(view, legal, rng))
                continue
            index, _ = give_hint(game_name, view, legal)
            hints[state.step] = legal[index]
            # Follow the hint at every other decision, else play otherwise.
            follow = len(hints) % 2 == 1
            other = [action for action in legal if action != legal[index]]
            deal.act(legal[index] if follow else random.Random(deal_seed).choice(other))
        record = deal.record()
        decisions = seat_decisions(record, PERSON)
        assert [view.step for view, _, _ in decisions] == list(hints)
        findings: list[Finding] = []
        for index, decision in enumerate(decisions):
            view, legal, chosen = decision
            hinted = hints[view.step]
            judged = judge_decision(game_name, decision)
            replayed = suggestion(record, view.step)
            assert judged.action == hinted, f"review and hint differ at step {view.step}"
            assert replayed == str(hinted), f"replay and hint differ at step {view.step}"
            if chosen == hinted:
                followed += 1
                assert judged.worlds == 0, "a followed hint is not even weighed"
            else:
                departed += 1
            finding = Finding.of(index, view, chosen, judged)
            if finding is not None:
                findings.append(finding)
        for finding in ranked(findings):
            assert finding.suggested == hints[finding.step] != finding.chosen
    assert followed >= 10 and departed >= 5
