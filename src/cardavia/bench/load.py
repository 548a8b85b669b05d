"""``cardavia bench load``: many people playing at once, over loopback.

``--concurrency C`` simulated players share ``--games N`` deals: each player starts a
deal (a table dealt at once, ``POST /api/tables`` with ``start``, ``basic`` AIs), plays
it to the end through the tables' API with its bearer token,
pausing like a person before every action (``--think S``: a pause drawn uniformly
between 0.2 S and 1.8 S, so S on average), fetches its record, and starts the next
deal while any of the N remain. Players arrive spread over the first ten pauses (10 s
by default). The players are coroutines of one asyncio loop in this process, each with
its own keep-alive connection to every server.

The servers are real ``cardavia serve`` processes on loopback ports: ``--servers K``
of them on one database, a fresh SQLite file by default, or PostgreSQL
(``--database postgresql`` starts a throwaway cluster with durable settings,
``--database-url`` uses an existing one). With several servers every request goes to
the next server in turn, as a load balancer without sticky sessions would send it.

Printed (one JSON object): requests and actions per second; p50/p95/p99/max latency in
milliseconds, of every request and per kind (create, act, record); errors; deals
finished and lost; whether every finished deal's record replays to the result the API
reported and whether a final read of every deal agrees; and the machine's load (load
average before and after, the share of all cores busy during the run, and the share of
one core used by the servers and by this client).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import resource
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardavia.games.registry import GAME_NAMES
from cardavia.records import parse_record, replay
from cardavia.store import sqlite_url
from cardavia.testing.servers import ServerProcess, deal_alone_body, tree_cpu_seconds

GAMES = GAME_NAMES
KINDS = ("create", "act", "record")
TIMEOUT = 30.0
RAMP_PAUSES = 10
"""Players arrive spread over this many mean pauses."""
"""Seconds before a request counts as an error (the server never takes that long)."""


class HttpError(Exception):
    """A request that failed at the HTTP level (closed connection, timeout, bad reply)."""


class Connection:
    """One keep-alive HTTP/1.1 connection, over asyncio streams.

    A few lines of HTTP instead of a client library: with hundreds of players in one
    process, the client's own CPU time must stay small next to the servers'.
    """

    def __init__(self, port: int, source: str | None = None) -> None:
        """A connection to ``port`` on loopback, from the loopback address ``source``
        (another of 127.0.0.0/8 is another client to the server's per-address limits)."""
        self.port = port
        self.source = source
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        *,
        headers: dict[str, str] | None = None,
        raw: bool = False,
    ) -> tuple[int, Any]:
        """Send one request; its status and JSON body (``raw``: the body's bytes; a
        ``bytes`` body is sent as it is, with the ``Content-Type`` of ``headers``).

        A connection the server closed while idle (uvicorn's keep-alive timeout) is
        reopened and the request sent again: the server never read it, so resending
        cannot apply anything twice.
        """
        payload = (
            body if isinstance(body, bytes) else b"" if body is None else json.dumps(body).encode()
        )
        extra = dict(headers or {})
        lines = [
            f"{method} {path} HTTP/1.1",
            f"Host: 127.0.0.1:{self.port}",
            f"Content-Type: {extra.pop('Content-Type', 'application/json')}",
            f"Content-Length: {len(payload)}",
            *(f"{name}: {value}" for name, value in extra.items()),
        ]
        if token:
            lines.append(f"Authorization: Bearer {token}")
        message = ("\r\n".join(lines) + "\r\n\r\n").encode() + payload
        reused = self.writer is not None
        try:
            return await self._exchange(message, raw)
        except (ConnectionError, asyncio.IncompleteReadError, HttpError):
            self.close()
            if not reused:
                raise
        return await self._exchange(message, raw)

    async def _exchange(self, message: bytes, raw: bool = False) -> tuple[int, Any]:
        if self.writer is None:
            local = (self.source, 0) if self.source else None
            self.reader, self.writer = await asyncio.open_connection(
                "127.0.0.1", self.port, local_addr=local
            )
        assert self.reader is not None
        self.writer.write(message)
        await self.writer.drain()
        status_line = await self.reader.readline()
        if not status_line:
            raise HttpError("the server closed the connection")
        status = int(status_line.split()[1])
        length, close = 0, False
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            name = name.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "connection" and value.strip().lower() == "close":
                close = True
            elif name == "transfer-encoding":
                raise HttpError("chunked answers are not expected from the API")
        data = await self.reader.readexactly(length) if length else b""
        if close:
            self.close()
        if raw:
            return status, data
        return status, json.loads(data) if data else None

    def close(self) -> None:
        """Close the connection (the next request opens a new one)."""
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


@dataclass
class Figures:
    """What the players measured."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    errors: Counter[str] = field(default_factory=Counter)
    finished: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = field(default_factory=list)
    """``(id, token, the API's final state, the record)`` of every finished deal."""
    lost: int = 0
    """Deals started but not played to their end (an error stopped them)."""


class Player:
    """One simulated person: start a deal, think, act, ... , fetch the record, again."""

    def __init__(
        self, number: int, ports: list[int], think: float, seed: int, figures: Figures
    ) -> None:
        self.connections = [Connection(port) for port in ports]
        self.turn = number  # players start on different servers
        self.think = think
        self.rng = random.Random(f"{seed}-{number}")
        self.figures = figures

    async def call(
        self, kind: str, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        """One timed request, to the next server in turn."""
        connection = self.connections[self.turn % len(self.connections)]
        self.turn += 1
        started = time.perf_counter()
        try:
            answer = await asyncio.wait_for(connection.request(method, path, body, token), TIMEOUT)
        except (TimeoutError, OSError, asyncio.IncompleteReadError, HttpError) as exc:
            connection.close()
            self.figures.errors[f"{kind}: {type(exc).__name__}"] += 1
            raise
        self.figures.latencies[kind].append(time.perf_counter() - started)
        return answer

    async def pause(self) -> None:
        """A person's pause: uniform between 0.2 and 1.8 times ``think``."""
        if self.think > 0:
            await asyncio.sleep(self.think * self.rng.uniform(0.2, 1.8))

    async def play(self, deals: Iterator[int]) -> None:
        """Play deals while any are left to start."""
        # People do not all arrive in the same second: they come in over the first ten
        # pauses (10 s by default), so the run measures a site in use rather than a
        # stampede of new deals at its first instant.
        await asyncio.sleep(self.rng.uniform(0, RAMP_PAUSES * self.think))
        for number in deals:
            try:
                await self.play_one(GAMES[number % len(GAMES)])
            except (TimeoutError, OSError, asyncio.IncompleteReadError, HttpError):
                self.figures.lost += 1
            await self.pause()
        for connection in self.connections:
            connection.close()

    async def play_one(self, game: str) -> None:
        """One deal from its start to its record."""
        status, frame = await self.call("create", "POST", "/api/tables", deal_alone_body(game))
        if status != 201:
            self.figures.errors[f"create: {status}"] += 1
            self.figures.lost += 1
            return
        token, table = frame.pop("token"), frame["table"]["id"]
        frame.pop("invite")  # (a deal can end before the person's first decision)
        while frame["deal"]["result"] is None:
            await self.pause()
            deal = frame["deal"]
            body = {"type": "act", "action": self.rng.choice(deal["options"]), "key": deal["key"]}
            path = f"/api/tables/{table}/actions"
            status, answer = await self.call("act", "POST", path, body, token)
            if status != 200:
                self.figures.errors[f"act: {status} {answer}"] += 1
                self.figures.lost += 1
                return
            frame = answer
        path = f"/api/tables/{table}/record"
        status, record = await self.call("record", "GET", path, None, token)
        if status != 200:
            self.figures.errors[f"record: {status}"] += 1
            self.figures.lost += 1
            return
        self.figures.finished.append((table, token, frame, record))


def percentiles(values: list[float]) -> dict[str, float]:
    """p50, p95, p99 and max of ``values`` (seconds), in milliseconds."""
    if not values:
        return {}
    ordered = sorted(values)

    def at(share: float) -> float:
        index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
        return round(ordered[index] * 1000, 1)

    return {"p50_ms": at(0.50), "p95_ms": at(0.95), "p99_ms": at(0.99), "max_ms": at(1.0)}


async def drive(ports: list[int], games: int, concurrency: int, think: float, seed: int) -> Any:
    """Run the players; the figures and the seconds the run took."""
    figures = Figures()
    numbers = iter(range(games))  # shared: each deal is started by exactly one player
    players = [Player(number, ports, think, seed, figures) for number in range(concurrency)]
    started = time.perf_counter()
    await asyncio.gather(*(player.play(numbers) for player in players))
    return figures, time.perf_counter() - started


async def verify(ports: list[int], figures: Figures) -> dict[str, Any]:
    """After the run: every finished deal's record replays to the result the API reported,
    and a fresh read of every deal (on every server) still shows it finished so."""
    replayed = agreed = 0
    connections = [Connection(port) for port in ports]
    for table, token, frame, record in figures.finished:
        if replay(parse_record(json.dumps(record))).to_json() == frame["deal"]["result"]:
            replayed += 1
        reads = [await c.request("GET", f"/api/tables/{table}", None, token) for c in connections]
        if all(status == 200 and read == frame for status, read in reads):
            agreed += 1
    for connection in connections:
        connection.close()
    total = len(figures.finished)
    return {
        "records_replay_to_reported_result": replayed == total,
        "records_replayed": replayed,
        "final_reads_agree": agreed == total,
    }


async def warm_up(ports: list[int]) -> None:
    """A deal of each game on each server before the clock starts: the first requests of
    a fresh process import modules and build tables, as after any restart."""
    for port in ports:
        connection = Connection(port)
        for game in GAMES:
            status, frame = await connection.request("POST", "/api/tables", deal_alone_body(game))
            if status != 201:
                raise RuntimeError(f"the server on port {port} answered {status}: {frame}")
            deal, path = frame["deal"], f"/api/tables/{frame['table']['id']}/actions"
            body = {"type": "act", "action": deal["options"][0], "key": deal["key"]}
            await connection.request("POST", path, body, frame["token"])
        connection.close()


def machine_ticks() -> tuple[int, int]:
    """(busy, total) CPU ticks of the whole machine so far, every core (Linux /proc)."""
    values = [int(value) for value in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = values[3] + values[4]  # idle and iowait
    return sum(values) - idle, sum(values)


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds used so far by the server ``pid`` and every process
    below it (Linux /proc): under Granian the app runs in a worker process, and the
    parent alone used 0.0 of a run (issue 28)."""
    return tree_cpu_seconds(pid)


@contextmanager
def shared_database(database: str, database_url: str | None, folder: Path) -> Iterator[str]:
    """The URL the servers share: given, a throwaway PostgreSQL cluster, or SQLite."""
    if database_url:
        yield database_url
    elif database == "postgresql":
        from cardavia.testing.postgres import throwaway_cluster

        with throwaway_cluster(durable=True) as cluster:
            yield cluster.url
    elif database == "sqlite":
        yield sqlite_url(folder / "load.sqlite3")
    else:
        raise ValueError(f"unknown database {database!r}: sqlite or postgresql")


def run(
    games: int = 200,
    concurrency: int = 50,
    think: float = 1.0,
    servers: int = 1,
    database: str = "sqlite",
    database_url: str | None = None,
    seed: int = 1,
) -> dict[str, Any]:
    """Start the servers, run the players, verify every deal; the figures."""
    if games < 1 or concurrency < 1 or servers < 1 or think < 0:
        raise ValueError("games, concurrency and servers must be at least 1, think at least 0")
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="cardavia-load-")))
        url = stack.enter_context(shared_database(database, database_url, folder))
        env = {
            "DATABASE_URL": url,
            "CARDAVIA_DATA": str(folder),
            # Every simulated player shares this machine's address.
            "CARDAVIA_NEW_GAMES_PER_MINUTE": "0",
        }
        processes = [ServerProcess(env) for _ in range(servers)]
        for process in processes:
            stack.callback(process.close)
            process.start()
        ports = [process.port for process in processes]
        asyncio.run(warm_up(ports))
        pids = [process.process.pid for process in processes if process.process is not None]
        load_before = os.getloadavg()
        ticks = machine_ticks()
        server_cpu = sum(cpu_seconds(pid) for pid in pids)
        client_cpu = resource.getrusage(resource.RUSAGE_SELF)
        figures, seconds = asyncio.run(drive(ports, games, concurrency, think, seed))
        used = resource.getrusage(resource.RUSAGE_SELF)
        server_cpu = sum(cpu_seconds(pid) for pid in pids) - server_cpu
        load_after = os.getloadavg()
        busy, total = (now - then for now, then in zip(machine_ticks(), ticks, strict=True))
        checks = asyncio.run(verify(ports, figures))
    everything = [value for values in figures.latencies.values() for value in values]
    return {
        "database": "postgresql" if url.startswith("postgres") else "sqlite",
        "servers": servers,
        "concurrency": concurrency,
        "games": games,
        "think_s": think,
        "seconds": round(seconds, 1),
        "requests": len(everything),
        "requests_per_s": round(len(everything) / seconds, 1),
        "actions_per_s": round(len(figures.latencies["act"]) / seconds, 1),
        **percentiles(everything),
        "per_kind": {
            kind: {"n": len(values), **percentiles(values)}
            for kind, values in figures.latencies.items()
        },
        "errors": sum(figures.errors.values()),
        "error_kinds": dict(figures.errors.most_common(5)),
        "deals_finished": len(figures.finished),
        "deals_lost": figures.lost,
        **checks,
        "machine": {
            "cores": os.cpu_count(),
            "load_avg_1m_before": round(load_before[0], 2),
            "load_avg_1m_after": round(load_after[0], 2),
            # Every core's busy share during the run: the servers, the database, this
            # client, and whatever else the machine was doing.
            "machine_cpu_busy": round(busy / max(total, 1), 2),
            "server_cpu_share": round(server_cpu / seconds, 2),
            "client_cpu_share": round(
                (used.ru_utime + used.ru_stime - client_cpu.ru_utime - client_cpu.ru_stime)
                / seconds,
                2,
            ),
        },
    }
