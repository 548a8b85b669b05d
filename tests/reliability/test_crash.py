"""SIGKILL the server in the middle of many running deals; every deal continues.

Worker threads play 24 deals at full speed against a ``cardavia serve`` process; the
process is killed (no clean-up of any kind) while requests are in flight, then started
again on the same database. Each deal must then be exactly where its last accepted
action left it: or, for the deal whose request was in flight, one action later when
that request had committed before the kill. Every deal is then played to its end,
and its record holds exactly the person's accepted actions and replays to its result.
"""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from live_server import Http

from cardavia.records import parse_record, replay
from cardavia.testing.servers import ServerProcess

from .conftest import server_env

DEALS = 24
WORKERS = 4
ACTIONS_BEFORE_THE_KILL = 80


@dataclass
class Tracked:
    """What the client knows of one deal."""

    frame: dict[str, Any]
    """The last frame of the deal's table the client was answered."""
    token: str
    accepted: list[str] = field(default_factory=list)
    """The person's actions the server answered 200 to, in order."""
    in_flight: str | None = None
    """An action sent whose answer never came (the server died)."""


def play(port: int, deals: list[Tracked], stop: threading.Event, rng: random.Random) -> None:
    """Act on each deal in turn until stopped or the server goes away."""
    client = Http(port, timeout=10)
    try:
        while not stop.is_set():
            running = [deal for deal in deals if deal.frame["deal"]["result"] is None]
            if not running:
                return
            for deal in running:
                action = rng.choice(deal.frame["deal"]["options"])
                deal.in_flight = action
                try:
                    status, body = client.act(deal.frame, deal.token, action)
                except (OSError, http.client.HTTPException):
                    return  # killed: this deal's action may or may not have committed
                assert status == 200, body
                deal.frame, deal.in_flight = body, None
                deal.accepted.append(action)
    finally:
        client.close()


def test_a_killed_server_continues_every_deal_from_its_last_accepted_action(
    database_url: str, tmp_path: Path
) -> None:
    server = ServerProcess(server_env(database_url, tmp_path))
    server.start()
    try:
        client = Http(server.port)
        tracked = []
        for number in range(DEALS):
            frame = client.start(("sisepai", "chuopai")[number % 2], 1000 + number)
            tracked.append(Tracked(frame, frame["token"]))
        stop = threading.Event()
        workers = [
            threading.Thread(
                target=play, args=(server.port, tracked[i::WORKERS], stop, random.Random(i))
            )
            for i in range(WORKERS)
        ]
        for worker in workers:
            worker.start()
        deadline = time.monotonic() + 60
        while sum(len(deal.accepted) for deal in tracked) < ACTIONS_BEFORE_THE_KILL:
            assert time.monotonic() < deadline, "the deals did not move"
            time.sleep(0.01)
        server.kill()
        stop.set()
        for worker in workers:
            worker.join(timeout=30)
        running = [deal for deal in tracked if deal.frame["deal"]["result"] is None]
        assert len(running) > DEALS // 2, "the kill came in the middle of many running deals"
        assert any(deal.in_flight for deal in tracked), "a request was in flight"

        server.start()
        client = Http(server.port)
        rng = random.Random(99)
        for deal in tracked:
            now = client.get(deal.frame, deal.token)
            if now["deal"] != deal.frame["deal"]:
                # Only a request the client never heard back from may have been applied.
                key = now["deal"]["key"]
                assert deal.in_flight is not None and key > deal.frame["deal"]["key"]
                deal.accepted.append(deal.in_flight)
            deal.frame = now
            while deal.frame["deal"]["result"] is None:
                action = rng.choice(deal.frame["deal"]["options"])
                status, deal.frame = client.act(deal.frame, deal.token, action)
                assert status == 200, deal.frame
                deal.accepted.append(action)
            status, record = client.record(deal.frame, deal.token)
            assert status == 200, record
            mine = [text for seat, text in record["actions"] if seat == 0]
            assert mine == deal.accepted
            result = deal.frame["deal"]["result"]
            assert replay(parse_record(json.dumps(record))).to_json() == result
    finally:
        server.close()
