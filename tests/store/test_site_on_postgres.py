"""The site itself on PostgreSQL: a deal through the API, then a restart resumes it."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from cardavia.ai.base import Player
from cardavia.ai.registry import get_player
from cardavia.web.app import create_app
from cardavia.web.settings import Settings


def test_a_deal_is_played_and_resumed_on_postgresql(postgres_url: str) -> None:
    settings = Settings(database_url=postgres_url)

    def players(game: str, level: str) -> Player:
        return get_player(game, "random")

    rng = random.Random(4)
    with TestClient(create_app(settings, players=players)) as client:
        created = client.post("/api/games", json={"game": "sisepai", "seed": 4}).json()
        headers = {"Authorization": f"Bearer {created['token']}"}
        state = created
        for _ in range(3):
            if state["status"] != "ongoing":
                break
            body = {"action": rng.choice(state["legal"]), "step": state["step"]}
            state = client.post(f"/api/games/{created['id']}/actions", json=body, headers=headers)
            state = state.json()
    with TestClient(create_app(settings, players=players)) as client:
        again = client.get(f"/api/games/{created['id']}", headers=headers).json()
    state.pop("token", None)
    assert again == state
