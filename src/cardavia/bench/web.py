"""``cardavia bench web``: the time of an action round trip through the real server.

A ``cardavia serve`` process is started on a free loopback port with a fresh SQLite
store in a temporary folder; this process then plays whole deals of both games through
the JSON API with ``basic`` AIs, the person choosing random legal actions, one request
at a time over one keep-alive connection. Each ``POST /api/games/{id}/actions`` is
timed from sending to the last byte of the answer: the person's action, the AIs'
answers, the commit to the database, and the response.

Figures, in milliseconds: ``p50_ms``, ``p99_ms``, ``max_ms``, ``mean_ms`` over all
actions, and the same per game; ``actions`` and ``deals`` played; ``create_p50_ms`` for
``POST /api/games``. The target is p99 ≤ 50 ms on the project's 2-core machine.
"""

from __future__ import annotations

import http.client
import json
import random
import statistics
import tempfile
import time
from typing import Any

from cardavia.games.registry import GAME_NAMES
from cardavia.testing.servers import (
    ServerProcess,
    settled_cpu_seconds,
    source_env,
    tree_cpu_seconds,
)

GAMES = GAME_NAMES


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def _figures(times: list[float]) -> dict[str, float]:
    if not times:
        return {}
    return {
        "p50_ms": round(_percentile(times, 0.50) * 1000, 2),
        "p99_ms": round(_percentile(times, 0.99) * 1000, 2),
        "max_ms": round(max(times) * 1000, 2),
        "mean_ms": round(statistics.fmean(times) * 1000, 2),
    }


class _Client:
    """One keep-alive HTTP/1.1 connection to the server."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any, float]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        payload = None if body is None else json.dumps(body)
        started = time.perf_counter()
        self.connection.request(method, path, body=payload, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        elapsed = time.perf_counter() - started
        return response.status, json.loads(data) if data else None, elapsed


def run(
    seconds: float = 3.0, seed: int = 1, server: str | None = None, source: str | None = None
) -> dict[str, Any]:
    """Play deals for about ``seconds`` (at least one deal of each game); the figures.

    ``server`` is ``cardavia serve --server`` (its default when ``None``); ``source``
    runs the server from another checkout's ``src`` (an older version, side by side).
    """
    rng = random.Random(seed)
    times: dict[str, list[float]] = {game: [] for game in GAMES}
    creates: list[float] = []
    deals = 0
    with tempfile.TemporaryDirectory(prefix="cardavia-bench-") as data_dir:
        env = {
            "CARDAVIA_DATA": data_dir,
            "DATABASE_URL": "",
            "CARDAVIA_NEW_GAMES_PER_MINUTE": "0",  # one client starts every deal
            **source_env(source),
        }
        process = ServerProcess(env, args=("--server", server) if server else ())
        process.start()
        try:
            client = _Client(process.port)
            # Warm up: imports and tables are built on first use, as after any restart.
            for game in GAMES:
                client.call("POST", "/api/games", {"game": game, "ai": "basic", "seed": 0})
            assert process.process is not None
            # The AI workers build their tables in the background after start-up: start
            # the clock once the server's processes have gone quiet.
            cpu_before = settled_cpu_seconds(process.process.pid)
            # A fresh connection: the servers close one idle for 5 s.
            client = _Client(process.port)
            requests = 0
            deadline = time.perf_counter() + seconds
            while time.perf_counter() < deadline or deals < len(GAMES):
                game = GAMES[deals % len(GAMES)]
                body = {"game": game, "ai": "basic", "seed": rng.randrange(2**32)}
                status, state, elapsed = client.call("POST", "/api/games", body)
                if status != 201:
                    raise RuntimeError(f"POST /api/games answered {status}: {state}")
                creates.append(elapsed)
                requests += 1
                token = state["token"]
                while state["status"] == "ongoing":
                    action = {"action": rng.choice(state["legal"]), "step": state["step"]}
                    path = f"/api/games/{state['id']}/actions"
                    status, state, elapsed = client.call("POST", path, action, token)
                    if status != 200:
                        raise RuntimeError(f"{path} answered {status}: {state}")
                    times[game].append(elapsed)
                    requests += 1
                deals += 1
            cpu = tree_cpu_seconds(process.process.pid) - cpu_before
        finally:
            process.close()
    everything = [value for values in times.values() for value in values]
    return {
        "server": server or "default",
        "source": source or "this checkout",
        "actions": len(everything),
        "deals": deals,
        **_figures(everything),
        "create_p50_ms": round(_percentile(creates, 0.5) * 1000, 2),
        # The server's CPU (all its processes) per request: what the HTTP server and the
        # app cost, whatever else the machine is doing.
        "server_cpu_ms_per_request": round(cpu / max(requests, 1) * 1000, 3),
        "per_game": {
            game: {"actions": len(values), **_figures(values)} for game, values in times.items()
        },
    }
