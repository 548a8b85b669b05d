"""``cardavia bench stall``: can clients playing strong AIs stall everyone else?

A real ``cardavia serve`` process (a fresh SQLite store) serves five clients at once,
each on its own keep-alive connection, all from this machine's address:

- four *strong* clients start Sì Sè Pái deals against ``strong`` AIs and act back to
  back, with no pause, choosing random legal actions, deal after deal;
- one *probe* plays ``basic`` deals of both games the same way, reading its deal
  (``GET``) before every action.

Printed (one JSON object), in milliseconds: the probe's read p50/p99 and action
p50/p99, the strong clients' action p50/p99/max, how many requests each kind made,
errors, how many strong decisions the server's time cap handed to ``basic`` and why
(counted in the server's log), and the machine's load. Targets on the project's 2-core machine:
probe read p99 ≤ 50 ms, probe action p99 ≤ 100 ms.
"""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from cardavia.bench.load import Connection, percentiles
from cardavia.games.registry import GAME_NAMES
from cardavia.store import sqlite_url
from cardavia.testing.servers import ServerProcess, source_env, tree_cpu_seconds

STRONG_CLIENTS = 4
GAMES = GAME_NAMES
TARGETS = {"probe_read_p99_ms": 50.0, "probe_action_p99_ms": 100.0}


class Client:
    """One client: a connection, its timings, its errors."""

    def __init__(self, port: int, seed: str) -> None:
        self.connection = Connection(port)
        self.rng = random.Random(seed)
        self.times: dict[str, list[float]] = {"read": [], "act": [], "create": []}
        self.errors: Counter[str] = Counter()

    async def call(self, kind: str, method: str, path: str, body: Any = None,
                   token: str | None = None) -> tuple[int, Any]:  # fmt: skip
        started = time.perf_counter()
        status, answer = await self.connection.request(method, path, body, token)
        self.times[kind].append(time.perf_counter() - started)
        if status >= 400:
            self.errors[f"{kind}: {status}"] += 1
        return status, answer

    async def play(self, game: str, ai: str, deadline: float, read: bool) -> None:
        """Deals of ``game`` against ``ai``, back to back, until ``deadline``."""
        while time.perf_counter() < deadline:
            status, state = await self.call(
                "create", "POST", "/api/games", {"game": game, "ai": ai}
            )
            if status != 201:
                await asyncio.sleep(0.05)
                continue
            token = state.pop("token")
            while state["status"] == "ongoing" and time.perf_counter() < deadline:
                path = f"/api/games/{state['id']}"
                if read:
                    await self.call("read", "GET", path, None, token)
                body = {"action": self.rng.choice(state["legal"]), "step": state["step"]}
                status, answer = await self.call("act", "POST", path + "/actions", body, token)
                if status != 200:
                    break
                state = answer
            if read:  # the probe alternates the games
                game = GAMES[(GAMES.index(game) + 1) % len(GAMES)]


async def drive(port: int, seconds: float, seed: int) -> tuple[list[Client], Client]:
    strong = [Client(port, f"{seed} strong {n}") for n in range(STRONG_CLIENTS)]
    probe = Client(port, f"{seed} probe")
    deadline = time.perf_counter() + seconds
    await asyncio.gather(
        *(client.play("sisepai", "strong", deadline, read=False) for client in strong),
        probe.play("sisepai", "basic", deadline, read=True),
    )
    for client in (*strong, probe):
        client.connection.close()
    return strong, probe


async def warm_up(port: int) -> None:
    """A strong deal's first action: the AI workers are started and their tables built."""
    connection = Connection(port)
    for game in GAMES:
        for ai in ("basic", "strong"):
            status, state = await connection.request("POST", "/api/games", {"game": game, "ai": ai})
            if status != 201:
                raise RuntimeError(f"the server answered {status}: {state}")
    connection.close()


def run(
    seconds: float = 40.0, seed: int = 1, server: str | None = None, source: str | None = None
) -> dict[str, Any]:
    """Start the server, run the five clients for ``seconds``; the figures."""
    with tempfile.TemporaryDirectory(prefix="cardavia-stall-") as folder:
        env = {
            "DATABASE_URL": sqlite_url(Path(folder) / "stall.sqlite3"),
            "CARDAVIA_DATA": folder,
            "CARDAVIA_NEW_GAMES_PER_MINUTE": "0",  # every client shares this address
            **source_env(source),
        }
        process = ServerProcess(env, args=("--server", server) if server else ())
        try:
            process.start()
            asyncio.run(warm_up(process.port))
            assert process.process is not None
            load_before = os.getloadavg()[0]
            cpu_before = tree_cpu_seconds(process.process.pid)
            started = time.perf_counter()
            strong, probe = asyncio.run(drive(process.port, seconds, seed))
            elapsed = time.perf_counter() - started
            cpu = tree_cpu_seconds(process.process.pid) - cpu_before
            load_after = os.getloadavg()[0]
            fallbacks = Counter(
                line.rsplit(": ", 1)[-1].split(";")[0]
                for line in process.output().splitlines()
                if line.endswith("decided instead")
            )
        finally:
            process.close()
    strong_acts = [value for client in strong for value in client.times["act"]]
    errors = sum((client.errors for client in (*strong, probe)), Counter())
    reads, actions = percentiles(probe.times["read"]), percentiles(probe.times["act"])
    probe_figures = {
        "reads": len(probe.times["read"]),
        "read": reads,
        "actions": len(probe.times["act"]),
        "action": actions,
    }
    return {
        "seconds": round(elapsed, 1),
        "server": server or "default",
        "source": source or "this checkout",
        "probe": probe_figures,
        "strong": {
            "clients": STRONG_CLIENTS,
            "actions": len(strong_acts),
            "deals": sum(len(client.times["create"]) for client in strong),
            "action": percentiles(strong_acts),
        },
        "fallbacks_to_basic": sum(fallbacks.values()),
        "fallback_reasons": dict(fallbacks),
        "errors": dict(errors),
        "targets_met": {
            "probe_read_p99_ms": reads.get("p99_ms", 0.0) <= TARGETS["probe_read_p99_ms"],
            "probe_action_p99_ms": actions.get("p99_ms", 0.0) <= TARGETS["probe_action_p99_ms"],
        },
        "machine": {
            "cores": os.cpu_count(),
            "load_avg_1m_before": round(load_before, 2),
            "load_avg_1m_after": round(load_after, 2),
            "server_cpu_share": round(cpu / elapsed, 2),
        },
    }
