"""The site itself on PostgreSQL: a deal through the API, then a restart resumes it."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient
from table_api import new_deal_body

from cardavia.ai.base import Player
from cardavia.ai.registry import get_player
from cardavia.web.app import create_app
from cardavia.web.infra.settings import Settings


def test_a_deal_is_played_and_resumed_on_postgresql(postgres_url: str) -> None:
    settings = Settings(database_url=postgres_url)

    def players(game: str, level: str) -> Player:
        return get_player(game, "random")

    rng = random.Random(4)
    with TestClient(create_app(settings, players=players)) as client:
        created = client.post("/api/tables", json=new_deal_body("sisepai", 4)).json()
        headers = {"Authorization": f"Bearer {created['token']}"}
        path = f"/api/tables/{created['table']['id']}"
        frame = {key: value for key, value in created.items() if key not in ("token", "invite")}
        for _ in range(3):
            deal = frame["deal"]
            if deal["result"] is not None:
                break
            body = {"type": "act", "action": rng.choice(deal["options"]), "key": deal["key"]}
            frame = client.post(f"{path}/actions", json=body, headers=headers).json()
    with TestClient(create_app(settings, players=players)) as client:
        again = client.get(path, headers=headers).json()
    assert again == frame
