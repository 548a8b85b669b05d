"""Many requests carrying the same ``step`` at once on one server (double clicks, tabs).

A real uvicorn server runs in this process on SQLite and on PostgreSQL; eight threads
send an action for the same position at the same moment. Exactly one applies; every
other gets a 409 that says why; the deal's record always replays to the result the API
reported. (One process serves its API requests in turn, so here the later ones find
the step moved on; requests that read the same version at once and race to write it
are the two-process test's, ``test_two_servers.py``.)
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from live_server import Http, race

from cardavia.ai.base import Player
from cardavia.ai.registry import get_player
from cardavia.records import parse_record, replay
from cardavia.testing.postgres import free_port
from cardavia.web.app import create_app
from cardavia.web.infra.settings import Settings

THREADS = 8


def random_players(game: str, level: str) -> Player:
    """Fast AIs: the race is about the store, not about the AIs' thinking."""
    return get_player(game, "random")


@pytest.fixture
def port(database_url: str, tmp_path: Path) -> Iterator[int]:
    """A uvicorn server in a thread of this process, on SQLite then on PostgreSQL."""
    settings = Settings(database_url=database_url, data_dir=tmp_path, new_games_per_minute=0)
    app = create_app(settings, players=random_players)
    number = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=number, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    yield number
    server.should_exit = True
    thread.join(timeout=10)


def test_the_same_step_from_many_threads_applies_exactly_once(port: int) -> None:
    clients = [Http(port) for _ in range(THREADS)]
    rng = random.Random(3)
    races = 0
    for game, seed in (("sisepai", 5), ("chuopai", 6), ("sisepai", 8)):
        frame = clients[0].start(game, seed)
        token = frame["token"]
        while frame["deal"]["result"] is None:
            actions = [rng.choice(frame["deal"]["options"]) for _ in clients]
            answers = race(clients, frame, token, actions)
            applied = [body for status, body in answers if status == 200]
            refused = [body for status, body in answers if status != 200]
            assert len(applied) == 1, answers
            assert all(status == 409 for status, _ in answers if status != 200), answers
            for body in refused:
                assert set(body) == {"error"}
                assert "moved on" in body["error"] or "no deal in play" in body["error"]
            # The deal is the winner's, as every later read sees it.
            assert clients[1].get(frame, token) == applied[0]
            frame, races = applied[0], races + 1
        status, record = clients[2].record(frame, token)
        assert status == 200
        assert replay(parse_record(json.dumps(record))).to_json() == frame["deal"]["result"]
    assert races > 10
