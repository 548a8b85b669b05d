"""One opinion per decision: the hint at the table, the review after the deal and the
replay viewer's suggestion agree on every decision of many deals of both games; and a
review kept under an older rule is judged again, never shown.

Each of the three is asked through the site's own entry points (``thinking.give_hint``
as the table's hint runs in a worker, ``thinking.judge_decision`` and
``ai.review.Finding.of`` as the review keeps a decision, ``replay_pages.suggestion``
as the viewer's route answers), with the coach made cheap for the test: ``strong`` at a
tenth of its budget and few worlds, the same for all three. The person follows the
hint at every other decision and plays another legal action at the rest, so both kinds occur.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardavia.ai import verdict
from cardavia.ai.registry import get_player
from cardavia.ai.review import Finding, ranked
from cardavia.ai.seeding import decision_rng
from cardavia.games.registry import get_game
from cardavia.records import parse_record
from cardavia.records.deal import Deal
from cardavia.records.replay import seat_decisions
from cardavia.web.infra.thinking import give_hint, judge_decision
from cardavia.web.routes.replays import suggestion
from cardavia.web.services.reviews import RULE

from .routes.test_your_deals import finish, start, store_of, table_of

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


@pytest.mark.slow  # 5-9 s a game: six whole deals, every decision judged three ways
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


def ready_review(client: TestClient, table_id: str) -> dict[str, Any]:
    """The seat's review of the table's deal over the API (the seat's cookie is the
    key), once ready."""
    for _ in range(1200):
        found: dict[str, Any] = client.get(f"/api/tables/{table_id}/review").json()
        if found["status"] == "ready":
            return found
        time.sleep(0.05)
    raise AssertionError("the review was not ready in a minute")


def call(client: TestClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"/api/tables/{path}", json=body)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


@pytest.mark.parametrize("game_name", ["sisepai", "chuopai"])
def test_the_sites_hint_review_and_replay_routes_agree(
    cheap_coach: None, client: TestClient, game_name: str
) -> None:
    """The same, through the routes a person uses: the table's hint (POST .../hint), its
    review (GET .../review) and the replay viewer's suggestion (GET /replay/{id}/hint/
    {step}), on a deal the person plays half by the hints (one deal: the quick lane's
    check; the test above plays six of each game)."""
    followed = departed = 0
    for seed in (5,):
        game_id = start(client, game_name, seed=seed)
        table = table_of(client, game_id)
        deal: dict[str, Any] = client.get(f"/api/tables/{table}").json()["deal"]
        # The person's decisions in order: a table names a decision by its key (the
        # public events before it), the record and the review by the engine's step.
        hints: list[str] = []
        chosen: list[str] = []
        while deal["result"] is None:
            key = deal["key"]
            hints.append(call(client, f"{table}/hint", {"step": key})["action"])
            others = [action for action in deal["options"] if action != hints[-1]]
            follow = len(hints) % 2 == 1
            chosen.append(hints[-1] if follow else random.Random(seed).choice(others))
            body = {"type": "act", "action": chosen[-1], "key": key}
            deal = call(client, f"{table}/actions", body)["deal"]
        record = parse_record(client.get(f"/api/tables/{table}/record").content)
        decisions = seat_decisions(record, PERSON)
        assert [str(action) for _, _, action in decisions] == chosen
        steps = [view.step for view, _, _ in decisions]
        for step, hinted in zip(steps, hints, strict=True):
            replayed = client.get(f"/replay/{game_id}/hint/{step}")
            assert replayed.status_code == 200, replayed.text
            assert replayed.json()["action"] == hinted, f"replay and hint differ at step {step}"
        review = ready_review(client, table)
        assert review["decisions"] == len(hints)
        for finding in review["findings"]:
            index = steps.index(finding["step"])
            assert finding["suggested"] == hints[index] != chosen[index]
            assert finding["chosen"] == chosen[index]
        followed += sum(hint == choice for hint, choice in zip(hints, chosen, strict=True))
        departed += sum(hint != choice for hint, choice in zip(hints, chosen, strict=True))
    assert followed >= 2 and departed >= 2


def test_a_review_kept_under_an_older_rule_is_judged_again(
    cheap_coach: None, client: TestClient
) -> None:
    """Reviews stored before the paired test listed suggestions rated below the choice,
    ties at 100 % and no interval (issue 27): such a review is not shown but judged
    again, and the new one is kept in its place."""
    game_id = start(client, "chuopai", seed=8)
    finish(client, game_id)
    table = table_of(client, game_id)
    fresh = ready_review(client, table)
    old_finding = {
        "index": 0, "step": 1, "chosen": "x", "suggested": "y", "chosen_win": 0.4,
        "suggested_win": 0.35, "gain": -0.05, "worlds": 48, "reason": {"kind": "pass"},
    }  # fmt: skip
    store = store_of(client)
    # A table's deal keeps each person's review with that person (deal_people).
    stored = store.seat_review(game_id, PERSON)
    assert stored is not None and stored["rule"] == RULE
    old = {"decisions": 9, "findings": [old_finding]}
    assert store.keep_seat_review(game_id, PERSON, old, stale=True)
    assert client.get(f"/api/tables/{table}/review").json()["status"] == "running"
    assert ready_review(client, table) == fresh
    kept = store.seat_review(game_id, PERSON)
    assert kept is not None and kept["rule"] == RULE
