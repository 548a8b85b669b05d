"""``cardavia bench web``: the time of an action round trip through the real server.

A ``cardavia serve`` process is started on a free loopback port with a fresh SQLite
store in a temporary folder; this process then plays whole deals of both games through
the JSON API with ``basic`` AIs, the person choosing random legal actions, one request
at a time over one keep-alive connection. Each ``POST /api/tables/{id}/actions`` is
timed from sending to the last byte of the answer: the person's action, the AIs'
answers, the commit to the database, and the response. Every deal is a table: ``via``
says whether it is dealt as a bot does (``POST /api/tables`` with ``start``) or as the
site's page does (the *Start game* form).

Figures, in milliseconds: ``p50_ms``, ``p99_ms``, ``max_ms``, ``mean_ms`` over all
actions, and the same per game; ``actions`` and ``deals`` played; ``create_p50_ms`` for
a new deal (the table dealt, or the form to its redirect). The target is p99 ≤ 50 ms
on the project's 2-core machine.
"""

from __future__ import annotations

import http.client
import http.cookies
import json
import random
import statistics
import tempfile
import time
import urllib.parse
from collections.abc import Iterator
from typing import Any

from cardavia.games.registry import GAME_NAMES
from cardavia.testing.servers import (
    ServerProcess,
    deal_alone_body,
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


class Client:
    """One keep-alive HTTP/1.1 connection to the server, keeping its cookies as a
    browser would (a table's seat is a cookie)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookies: dict[str, str] = {}
        self.location = ""
        """Where the last redirect led."""

    def call(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any, float]:
        headers = {"Content-Type": "application/json", **self._cookie_header()}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        payload = None if body is None else json.dumps(body)
        status, data, elapsed = self._send(method, path, payload, headers)
        return status, json.loads(data) if data else None, elapsed

    def start_form(self, game: str, seed: int) -> tuple[str, float]:
        """Start a deal as the game page's *Start game* form does (a table of one person
        against ``basic`` AIs); the table's address and the time to its redirect."""
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            # What a browser sends with its own page's form (the cross-site check).
            "Origin": f"http://127.0.0.1:{self.port}",
            "Sec-Fetch-Site": "same-origin",
            **self._cookie_header(),
        }
        body = urllib.parse.urlencode({"ai": "basic", "seed": seed})
        status, data, elapsed = self._send("POST", f"/games/{game}/start", body, headers)
        if status != 303:
            raise RuntimeError(f"the start form answered {status}: {data[:200]!r}")
        return self.location, elapsed

    def _cookie_header(self) -> dict[str, str]:
        if not self.cookies:
            return {}
        return {"Cookie": "; ".join(f"{name}={value}" for name, value in self.cookies.items())}

    def _send(
        self, method: str, path: str, payload: str | None, headers: dict[str, str]
    ) -> tuple[int, bytes, float]:
        started = time.perf_counter()
        self.connection.request(method, path, body=payload, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        elapsed = time.perf_counter() - started
        for header in response.headers.get_all("Set-Cookie") or []:
            jar = http.cookies.SimpleCookie(header)
            self.cookies.update({name: morsel.value for name, morsel in jar.items()})
        if response.status in (301, 302, 303, 307):
            self.location = response.headers.get("Location", "")
        return response.status, data, elapsed


def _api_deal(client: Client, game: str, seed: int, rng: random.Random) -> Iterator[float]:
    """A deal as a bot plays it (the /docs page's protocol): ``POST /api/tables`` with
    ``start`` deals a table of AIs at once, then each action through the tables' API
    with the bearer token: the time of its start, then of each action."""
    body = deal_alone_body(game, "basic", seed)
    status, frame, elapsed = client.call("POST", "/api/tables", body)
    if status != 201:
        raise RuntimeError(f"POST /api/tables answered {status}: {frame}")
    yield elapsed
    token, table = frame["token"], frame["table"]["id"]
    yield from _act_to_the_end(client, table, frame, rng, token)


def _act_to_the_end(
    client: Client, table: str, frame: dict[str, Any], rng: random.Random, token: str | None
) -> Iterator[float]:
    """Play the table's deal on from ``frame`` with random options: each action's time."""
    while frame["deal"]["result"] is None:
        deal = frame["deal"]
        body = {"type": "act", "action": rng.choice(deal["options"]), "key": deal["key"]}
        path = f"/api/tables/{table}/actions"
        status, frame, elapsed = client.call("POST", path, body, token)
        if status != 200:
            raise RuntimeError(f"{path} answered {status}: {frame}")
        yield elapsed


def _table_deal(client: Client, game: str, seed: int, rng: random.Random) -> Iterator[float]:
    """A deal as the site's page plays it: the *Start game* form's table of one person,
    then each action through the tables' API with the seat's cookie: the time of its
    start (the form to its redirect), then of each action."""
    location, elapsed = client.start_form(game, seed)
    yield elapsed
    table = location.rsplit("/", 1)[-1]
    status, frame, _ = client.call("GET", f"/api/tables/{table}")
    if status != 200:
        raise RuntimeError(f"GET /api/tables/{table} answered {status}: {frame}")
    yield from _act_to_the_end(client, table, frame, rng, None)


VIA = {"api": _api_deal, "table": _table_deal}
"""How a deal is played: as a bot plays it (a table dealt at once through the API, its
bearer token), or as the site's page plays it (the start form, the seat's cookie). A
server older than the tables' ``start`` (``--server-src``) plays only ``table``."""


def run(
    seconds: float = 3.0,
    seed: int = 1,
    server: str | None = None,
    source: str | None = None,
    via: str = "api",
) -> dict[str, Any]:
    """Play deals for about ``seconds`` (at least one deal of each game); the figures.

    ``server`` is ``cardavia serve --server`` (its default when ``None``); ``source``
    runs the server from another checkout's ``src`` (an older version, side by side);
    ``via`` is :data:`VIA`'s ``api`` (the bots' API) or ``table`` (the page's way).
    """
    play = VIA[via]
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
            client = Client(process.port)
            # Warm up: imports and tables are built on first use, as after any restart.
            for game in GAMES:
                next(play(client, game, 0, random.Random(0)))
            assert process.process is not None
            # The AI workers build their tables in the background after start-up: start
            # the clock once the server's processes have gone quiet.
            cpu_before = settled_cpu_seconds(process.process.pid)
            # A fresh connection: the servers close one idle for 5 s.
            client = Client(process.port)
            requests = 0
            deadline = time.perf_counter() + seconds
            while time.perf_counter() < deadline or deals < len(GAMES):
                game = GAMES[deals % len(GAMES)]
                steps = play(client, game, rng.randrange(2**32), rng)
                creates.append(next(steps))
                requests += 1
                for elapsed in steps:
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
        "via": via,
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
