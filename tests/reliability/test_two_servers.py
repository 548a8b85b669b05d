"""Two server processes sharing one PostgreSQL database behave as one server.

Deals are played sending every other request to the other process, then replayed on a
single in-process server from the same deal numbers and the same choices of the person:
every answer, and in the end the record and the result, must be the same. Then both
processes receive the same action at the same moment, over and over, and both read the
deal before either writes (``racing_server.py``): exactly one applies.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from live_server import Http, race, without_id
from racing_server import meeting
from table_api import act_body, new_deal_body

from cardavia.records import parse_record, replay
from cardavia.testing.servers import ServerProcess
from cardavia.web.app import create_app
from cardavia.web.infra.settings import Settings

DEALS = (("sisepai", 101), ("chuopai", 102), ("sisepai", 103), ("chuopai", 104))


def play_alternating(
    clients: list[Http], game: str, seed: int
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Play a deal to its end, each request to the next client; every frame's deal (as
    :func:`without_id` keeps it), the record."""
    rng = random.Random(f"{game}-{seed}")
    turn = 0

    def next_client() -> Http:
        nonlocal turn
        turn += 1
        return clients[turn % len(clients)]

    frame = next_client().start(game, seed)
    token = frame["token"]
    deals = [without_id(frame)]
    while frame["deal"]["result"] is None:
        action = rng.choice(frame["deal"]["options"])
        client = next_client()
        # Every other request also reads the deal on the other process first.
        if turn % 3 == 0:
            assert without_id(client.get(frame, token)) == deals[-1]
        status, frame = client.act(frame, token, action)
        assert status == 200, frame
        deals.append(without_id(frame))
    status, record = next_client().record(frame, token)
    assert status == 200, record
    return deals, record


def play_on_one_server(client: TestClient, game: str, seed: int) -> list[dict[str, Any]]:
    """The same deal and choices on one in-process server: every frame's deal."""
    rng = random.Random(f"{game}-{seed}")
    frame = client.post("/api/tables", json=new_deal_body(game, seed)).json()
    headers = {"Authorization": f"Bearer {frame['token']}"}
    actions = f"/api/tables/{frame['table']['id']}/actions"
    deals = [without_id(frame)]
    while frame["deal"]["result"] is None:
        body = act_body(frame, rng.choice(frame["deal"]["options"]))
        answer = client.post(actions, json=body, headers=headers)
        assert answer.status_code == 200, answer.text
        frame = answer.json()
        deals.append(without_id(frame))
    return deals


def test_deals_sent_to_two_processes_end_exactly_as_on_one_server(
    two_servers: list[ServerProcess], tmp_path: Path
) -> None:
    clients = [Http(server.port) for server in two_servers]
    single = Settings.for_sqlite(tmp_path / "single.sqlite3")
    with TestClient(create_app(single)) as reference:
        for game, seed in DEALS:
            deals, record = play_alternating(clients, game, seed)
            assert deals == play_on_one_server(reference, game, seed)
            assert replay(parse_record(json.dumps(record))).to_json() == deals[-1]["result"]
            assert record["meta"]["seed"] == seed and len(deals) > 3


def test_the_same_step_sent_to_both_processes_at_once_applies_exactly_once(
    racing_servers: tuple[list[ServerProcess], Path],
) -> None:
    servers, barrier = racing_servers
    clients = [Http(server.port) for server in servers]
    rng = random.Random(7)
    races = lost_writes = 0
    for game, seed in DEALS[:2]:
        frame = clients[0].start(game, seed)
        token = frame["token"]
        while frame["deal"]["result"] is None:
            # Two tabs on two processes, each with its own idea of the next move.
            options = frame["deal"]["options"]
            actions = [rng.choice(options), rng.choice(options)]
            # Each process's write waits until the other has read the same version:
            # sent at once is not enough, as one may read after the other's write.
            with meeting(barrier):
                answers = race(clients, frame, token, actions)
            statuses = sorted(status for status, _ in answers)
            assert statuses == [200, 409], answers
            winner = next(body for status, body in answers if status == 200)
            loser = next(body for status, body in answers if status == 409)
            # It says why: the deal moved on (or ended) under it.
            assert set(loser) == {"error"}
            assert "moved on" in loser["error"] or "no deal in play" in loser["error"]
            lost_writes += "changed meanwhile" in loser["error"]
            # Both processes now show the winner's deal.
            for client in clients:
                assert client.get(frame, token) == winner
            frame, races = winner, races + 1
        status, record = clients[1].record(frame, token)
        assert status == 200
        assert replay(parse_record(json.dumps(record))).to_json() == frame["deal"]["result"]
    assert races > 10
    # Both processes read the same version and raced to write it, every time, and the
    # database let exactly one write win.
    assert lost_writes == races, f"{lost_writes} of {races} races reached the write"
