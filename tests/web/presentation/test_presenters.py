"""What each visible event carries for the page: ``after``, the parts of seat 0's view it
changed, so that a page draws the table after every event without working out a rule;
and the ``forced`` mark, on the person's own actions only."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ..conftest import Api

DRAWN = ("history", "seat", "step")
"""What a page does not draw from ``after``: the log comes from the history."""


def scene(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key not in DRAWN}


@pytest.mark.parametrize("game", ["sisepai", "chuopai"])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_changes_of_an_answers_events_lead_to_its_view(
    client: TestClient, api: Api, game: str, seed: int
) -> None:
    """Starting from the view the page showed, and applying each event's ``after`` in
    turn, gives exactly the view of the answer: the page can draw every step on the way
    without deriving any."""
    frame = api.start(game, seed=seed)
    token, rng = frame["token"], random.Random(seed)
    steps = 0
    while frame["deal"]["result"] is None:
        drawn = scene(frame["deal"]["view"])
        shown = frame["deal"]["seen"]
        frame = api.act(frame, token, rng.choice(frame["deal"]["options"]))
        # The answer's new events, as a page that had seen ``shown`` of them reads them.
        for event in frame["deal"]["events"][shown:]:
            if "after" in event:
                assert "to_act" in event["after"]
                drawn |= event["after"]
                steps += 1
        # Whose turn it is can move on after the last event shown (other seats' sealed
        # answers show nothing); the page takes the answer's own view at the end.
        final = scene(frame["deal"]["view"])
        assert drawn | {"to_act": None} == final | {"to_act": None}
    assert steps > 10


@pytest.mark.parametrize("game", ["sisepai", "chuopai"])
def test_only_the_persons_actions_say_whether_they_were_forced(
    client: TestClient, api: Api, game: str
) -> None:
    frame = api.start(game, seed=9)
    token, rng = frame["token"], random.Random(9)
    while frame["deal"]["result"] is None:
        frame = api.act(frame, token, rng.choice(frame["deal"]["options"]))
    mine = [event for event in frame["deal"]["events"] if "forced" in event]
    assert mine and all(event["seat"] == 0 for event in mine)
    assert any(event["forced"] for event in mine) and not all(e["forced"] for e in mine)
