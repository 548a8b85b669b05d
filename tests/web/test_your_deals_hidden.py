"""Nothing of a running deal's hidden cards reaches its owner through the pages of issue
16: the deal list, its replay, its AI run, *play again* and sharing answer alike for
two running deals seat 0 cannot tell apart (the worlds of ``tests/support/worlds.py``)."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient
from worlds import indistinguishable_from, person, store_world

from cardavia.store import GameStore
from cardavia.web.dependencies import services_of
from cardavia.web.infra.browsers import COOKIE, new_browser_id

from .conftest import Api


def row(html: str, game_id: str) -> str:
    return html.split(f'id="deal-{game_id}"')[1].split("</tr>")[0]


def answers(client: TestClient, game_id: str) -> list[object]:
    """Everything issue 16 adds that a running deal's owner may ask about it."""
    asked = [
        client.get(f"/replay/{game_id}"),
        client.get(f"/replay/{game_id}/ai"),
        client.post(f"/api/deals/{game_id}/ai-seat"),
        client.get(f"/api/deals/{game_id}/ai-seat"),
        client.post(f"/deals/{game_id}/share", follow_redirects=False),
        client.post(f"/play/{game_id}/again", follow_redirects=False),
    ]
    return [(r.status_code, r.text.replace(game_id, "ID")) for r in asked]


@pytest.mark.parametrize("game", ["sisepai", "chuopai"])
def test_a_running_deal_shows_its_owner_nothing_that_depends_on_unseen_cards(
    client: TestClient, api: Api, game: str
) -> None:
    store: GameStore = services_of(client.app).deals.store
    client.cookies.set(COOKIE, new_browser_id())  # the API's deals join this browser
    rng = random.Random(f"your deals {game}")
    compared = 0
    for seed in (rng.randrange(2**32) for _ in range(2)):
        choices = person(seed)
        frame = api.start(game, seed=seed)
        token = frame["token"]
        for _ in range(12):
            if frame["deal"]["result"] is not None:
                break
            deal_id = frame["deal"]["id"]
            stored = store.get(deal_id)
            assert stored is not None and stored.browser_hash is not None
            world = indistinguishable_from(stored, rng)
            if world is not None:
                other_id = store_world(store, stored, *world)
                listed = client.get("/deals").text
                assert row(listed, other_id).replace(other_id, "ID") == row(
                    listed, deal_id
                ).replace(deal_id, "ID")
                assert answers(client, other_id) == answers(client, deal_id)
                store.delete_owned(other_id, stored.browser_hash)
                compared += 1
            frame = api.act(frame, token, choices.choice(frame["deal"]["options"]))
    assert compared >= 10
