"""The database goes away and comes back: clear 503s meanwhile, then service resumes.

A PostgreSQL cluster of the test's own (the shared one must stay up) is stopped under a
running server. Every kind of request then answers 503 with ``{"error": ...}`` and a
``Retry-After``, promptly, and changes nothing; once the cluster is started again the
same server, never restarted, serves the same deals from where they were.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from table_api import act_body, new_deal_body

from cardavia.ai.base import Player
from cardavia.ai.registry import get_player
from cardavia.store import normalize_url
from cardavia.testing import postgres
from cardavia.web.app import create_app
from cardavia.web.infra.settings import Settings

# It starts and stops a PostgreSQL cluster of its own (no fixture says so).
pytestmark = pytest.mark.postgres


def random_players(game: str, level: str) -> Player:
    """Fast AIs (the store is what is under test)."""
    return get_player(game, "random")


@pytest.fixture
def cluster() -> Iterator[postgres.Cluster]:
    """A PostgreSQL server this test may stop and start."""
    if not postgres.installed():
        pytest.skip("PostgreSQL is not installed here (apt-get install -y postgresql)")
    with postgres.throwaway_cluster() as started:
        yield started


def test_an_unreachable_database_gives_503_and_service_resumes_by_itself(
    cluster: postgres.Cluster,
) -> None:
    settings = Settings(database_url=cluster.url, new_games_per_minute=0)
    with TestClient(create_app(settings, players=random_players)) as client:
        created = client.post("/api/tables", json=new_deal_body("sisepai", 3)).json()
        token, table = created["token"], created["table"]["id"]
        client.cookies.clear()  # the bearer token alone, as a bot sends it
        headers = {"Authorization": f"Bearer {token}"}
        acts = f"/api/tables/{table}/actions"
        first_body = act_body(created, created["deal"]["options"][0])
        before = client.post(acts, json=first_body, headers=headers).json()
        assert before["deal"]["key"] > created["deal"]["key"]
        next_body = act_body(before, before["deal"]["options"][0])

        cluster.stop()
        started = time.monotonic()
        answers = [
            client.get(f"/api/tables/{table}", headers=headers),
            client.post(acts, json=next_body, headers=headers),
            client.post("/api/tables", json=new_deal_body("chuopai")),
            client.get(f"/api/tables/{table}/record", headers=headers),
        ]
        for answer in answers:
            assert answer.status_code == 503, answer.text
            assert answer.json() == {
                "error": "the game store cannot be reached just now: try again in a moment"
            }
            assert answer.headers["retry-after"] == "2"
        assert time.monotonic() - started < 10, "each 503 came promptly"
        client.cookies.set("cardavia_seat", token)
        page = client.get(f"/tables/{table}")
        assert page.status_code == 503 and "try again" in page.text
        assert "Traceback" not in page.text

        cluster.start()
        # The same app, never restarted: its pool replaces the dead connections itself.
        again = client.get(f"/api/tables/{table}", headers=headers)
        assert again.status_code == 200, again.text
        assert again.json() == before, "the refused action left no trace"
        moved = client.post(acts, json=next_body, headers=headers)
        assert moved.status_code == 200 and moved.json()["deal"]["key"] > before["deal"]["key"]
        assert client.post("/api/tables", json=new_deal_body("chuopai")).status_code == 201
    engine = create_engine(normalize_url(cluster.url))
    with engine.connect() as connection:
        # The deal refused during the outage was never half-created.
        assert connection.execute(text("SELECT count(*) FROM games")).scalar() == 2
        assert connection.execute(text("SELECT count(*) FROM tables")).scalar() == 2
    engine.dispose()
