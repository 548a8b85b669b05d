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

``--flood`` chooses what the four flooding clients (one address, as one person's
scripts would be) send back to back instead of strong deals (issue 28): the replay
viewer's coach suggestion at their finished deals' decisions (``replay-hint``), record
files opened on ``/replay`` (``upload``), shared links (``shared``), hints at a running
deal (``hint``), reviews of many finished deals (``review``), tables of three strong AIs
made and started back to back and never joined (``tables``: the AIs play in the
background, their person's time runs out and a strong AI stands in), or WebSockets
opened on one seat of a table being played, again and again past the caps (``sockets``).
The replay kinds' deals are played to the end with ``basic`` before the clock starts,
each flooder with its own browser.

Before the flood, the probe plays alone for ``baseline`` seconds on the same server: the
quiet figures beside which the flooded ones are read (``baseline`` in the output).
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import random
import re
import resource
import secrets
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import websockets

from cardavia.bench.load import Connection, percentiles
from cardavia.games.registry import GAME_NAMES, get_game
from cardavia.records import Deal, parse_record
from cardavia.store import sqlite_url
from cardavia.testing.servers import (
    ServerProcess,
    deal_alone_body,
    source_env,
    tree_cpu_seconds,
)

STRONG_CLIENTS = 4
GAMES = GAME_NAMES
FLOODS = ("strong", "replay-hint", "upload", "shared", "hint", "review", "tables", "sockets")
"""What the flooding clients send (see the module's docstring)."""
PREPARED_DEALS = 3
"""Finished deals each flooder plays before the clock starts (the replay kinds)."""
BOUNDARY = "cardavia-bench-boundary"
PACE = 0.2
"""Seconds the ``sockets`` flood's host waits before each decision."""
FLOOD_ADDRESS = "127.0.0.1"
PROBE_ADDRESS = "127.0.0.2"
"""The probe is everyone else: its own loopback address, which the server takes for a
proxy, and each of its deals from another person behind it (``X-Forwarded-For``), so
that the probe's many deals meet no allowance while the flooders' address meets all."""
TARGETS = {"probe_read_p99_ms": 50.0, "probe_action_p99_ms": 100.0}


class Client:
    """One client: a connection, its timings, its errors."""

    def __init__(self, port: int, seed: str, source: str = FLOOD_ADDRESS) -> None:
        self.connection = Connection(port, source)
        self.seed = seed
        self.rng = random.Random(seed)
        self.times: dict[str, list[float]] = {"read": [], "act": [], "create": []}
        self.errors: Counter[str] = Counter()
        self.people = 0
        """Deals started, each by another person behind the probe's proxy."""

    def adopt(self, measured: Measured) -> None:
        """Take the timings and errors a probe measured in another process."""
        self.times, self.errors = measured

    async def call(self, kind: str, method: str, path: str, body: Any = None,
                   token: str | None = None, **options: Any) -> tuple[int, Any]:  # fmt: skip
        started = time.perf_counter()
        status, answer = await self.connection.request(method, path, body, token, **options)
        self.times.setdefault(kind, [])
        self.times[kind].append(time.perf_counter() - started)
        if status >= 400:
            self.errors[f"{kind}: {status}"] += 1
        return status, answer

    async def play(self, game: str, ai: str, deadline: float, read: bool) -> None:
        """Deals of ``game`` against ``ai``, back to back, until ``deadline`` (and at
        least one action, however loaded the machine: a probe always measures)."""

        def going() -> bool:
            return not self.times["act"] or time.perf_counter() < deadline

        while going():
            self.people += 1
            person = {"X-Forwarded-For": f"10.{self.people >> 16 & 255}.{self.people >> 8 & 255}."
                      f"{self.people & 255}"} if read else {}  # fmt: skip
            status, frame = await self.call(
                "create", "POST", "/api/tables", deal_alone_body(game, ai), headers=person
            )
            if status != 201:
                await asyncio.sleep(0.05)
                continue
            token, path = frame["token"], f"/api/tables/{frame['table']['id']}"
            while frame["deal"]["result"] is None and going():
                if read:
                    await self.call("read", "GET", path, None, token, headers=person)
                deal = frame["deal"]
                if not deal["options"]:
                    # Strong AIs think off the request path: wait for the table to move.
                    waited = f"{path}?mark={frame['mark']}&wait=25"
                    status, answer = await self.call("wait", "GET", waited, None, token,
                                                     headers=person)  # fmt: skip
                else:
                    body = {"type": "act", "action": self.rng.choice(deal["options"]),
                            "key": deal["key"]}  # fmt: skip
                    status, answer = await self.call(
                        "act", "POST", path + "/actions", body, token, headers=person
                    )
                if status != 200:
                    break
                frame = answer
            if read:  # the probe alternates the games
                game = GAMES[(GAMES.index(game) + 1) % len(GAMES)]


class Flooder(Client):
    """A flooding client with a browser of its own (the replay pages are a browser's)."""

    def __init__(self, port: int, seed: str) -> None:
        super().__init__(port, seed)
        # The site's own browser ids are token_urlsafe(32); it ignores any other.
        self.browser = {"Cookie": f"cardavia_browser={secrets.token_urlsafe(32)}"}
        self.finished: list[dict[str, Any]] = []
        """Its finished deals: id, token, record (bytes), the person's decision steps."""
        self.links: list[str] = []
        self.refused = 0
        """Sockets the server refused (the ``sockets`` flood: past its caps)."""
        self.times["flood"] = []

    async def prepare(self, flood: str, game: str) -> None:
        """Before the clock: play deals to the end (and share them) for ``flood``."""
        count = {"replay-hint": PREPARED_DEALS, "upload": PREPARED_DEALS,
                 "shared": PREPARED_DEALS, "review": 8}.get(flood, 0)  # fmt: skip
        played = 0
        while len(self.finished) < count:
            if played == count * 20:
                raise RuntimeError(f"not {count} deals with a decision of the person")
            deal = await self.finish_deal(game)
            played += 1
            # A deal an AI won before the person ever had a choice (about one in 150)
            # has no decision for the replay's coach: asked anyway, it answers 404.
            if deal["steps"] or flood != "replay-hint":
                self.finished.append(deal)
        if flood == "shared":
            for deal in self.finished:
                await self.call("setup", "POST", f"/deals/{deal['id']}/share",
                                b"", headers=self.browser | {"Content-Type": "text/plain"},
                                raw=True)  # fmt: skip
            _, page = await self.call("setup", "GET", "/deals", headers=self.browser, raw=True)
            self.links = sorted(set(re.findall(r"/shared/[A-Za-z0-9_-]{24}", page.decode())))

    async def finish_deal(self, game: str) -> dict[str, Any]:
        """A basic deal of this browser, played to its end with random legal actions."""
        status, frame = await self.call(
            "setup", "POST", "/api/tables", deal_alone_body(game), headers=self.browser
        )
        if status != 201:
            raise RuntimeError(f"the server answered {status}: {frame}")
        token, table = frame["token"], frame["table"]["id"]
        while frame["deal"]["result"] is None:
            deal = frame["deal"]
            body = {"type": "act", "action": self.rng.choice(deal["options"]), "key": deal["key"]}
            _, frame = await self.call("setup", "POST", f"/api/tables/{table}/actions", body, token)
        _, record = await self.call(
            "setup", "GET", f"/api/tables/{table}/record", None, token, raw=True
        )
        return {"id": frame["deal"]["id"], "table": table, "token": token, "record": record,
                "steps": choice_steps(record)}  # fmt: skip

    async def flood(self, kind: str, game: str, deadline: float) -> None:
        """Send ``kind`` back to back until ``deadline``."""
        if kind == "strong":
            await self.play(game, "strong", deadline, read=False)
            return
        if kind == "hint":
            await self.hint(game, deadline)
            return
        if kind == "tables":
            await self.tables(game, deadline)
            return
        if kind == "sockets":
            await self.sockets(game, deadline)
            return
        if kind == "review":
            for deal in self.finished:  # each review starts, then is followed
                await self.call("flood", "GET", f"/api/tables/{deal['table']}/review", None,
                                deal["token"])  # fmt: skip
        turn = 0
        while time.perf_counter() < deadline:
            deal = self.finished[turn % len(self.finished)] if self.finished else {}
            if kind == "replay-hint":
                steps = deal["steps"]
                step = steps[(turn // len(self.finished)) % len(steps)]
                await self.call("flood", "GET", f"/replay/{deal['id']}/hint/{step}",
                                headers=self.browser, raw=True)  # fmt: skip
            elif kind == "upload":
                body = (
                    (
                        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="record"; '
                        f'filename="deal.json"\r\nContent-Type: application/json\r\n\r\n'
                    ).encode()
                    + deal["record"]
                    + f"\r\n--{BOUNDARY}--\r\n".encode()
                )
                content = {"Content-Type": f"multipart/form-data; boundary={BOUNDARY}"}
                await self.call("flood", "POST", "/replay", body, headers=content, raw=True)
            elif kind == "shared":
                await self.call("flood", "GET", self.links[turn % len(self.links)], raw=True)
            elif kind == "review":
                await self.call("flood", "GET", f"/api/tables/{deal['table']}/review", None,
                                deal["token"])  # fmt: skip
            turn += 1

    async def hint(self, game: str, deadline: float) -> None:
        """Hints at a running deal's decision, again and again (a few per decision)."""
        while time.perf_counter() < deadline:
            status, frame = await self.call("setup", "POST", "/api/tables", deal_alone_body(game))
            if status != 201:
                await asyncio.sleep(0.05)
                continue
            token, path = frame["token"], f"/api/tables/{frame['table']['id']}"
            while frame["deal"]["result"] is None and time.perf_counter() < deadline:
                deal = frame["deal"]
                for _ in range(3):
                    await self.call("flood", "POST", path + "/hint", {"step": deal["key"]}, token)
                body = {"type": "act", "action": self.rng.choice(deal["options"]),
                        "key": deal["key"]}  # fmt: skip
                status, frame = await self.call("setup", "POST", path + "/actions", body, token)
                if status != 200:
                    break

    async def new_table(self, game: str, seats: str, absent: str) -> tuple[str, str] | None:
        """A table of this flooder with AIs of level ``seats`` in every other seat,
        started; its id and the host's token (``None``: refused)."""
        others = get_game(game).players - 1
        body = {"game": game, "name": "Flood", "seats": [seats] * others, "absent": absent,
                "claim_seconds": 5, "turn_seconds": 10}  # fmt: skip
        status, made = await self.call("flood", "POST", "/api/tables", body)
        if status != 201:
            await asyncio.sleep(0.05)
            return None
        table, token = made["table"]["id"], made["token"]
        await self.call("flood", "POST", f"/api/tables/{table}/actions", {"type": "start"}, token)
        return table, token

    async def tables(self, game: str, deadline: float) -> None:
        """Tables of strong AIs, made and started back to back, never joined: the AIs
        play in the background, and a strong AI stands in for the absent host."""
        while time.perf_counter() < deadline:
            await self.new_table(game, "strong", "strong")

    async def sockets(self, game: str, deadline: float) -> None:
        """One table of basic AIs played by its host through one socket at a brisk
        person's pace (:data:`PACE`: the sockets' cost is the flood, not a table played
        as fast as a script can), while more sockets are opened on the host's seat until
        the deadline (past the caps: the refused ones are counted as refused)."""
        made = await self.new_table(game, "basic", "basic")
        if made is None:
            return
        table, token = made
        address = f"ws://127.0.0.1:{self.connection.port}/api/tables/{table}/live"
        headers = {"Authorization": f"Bearer {token}"}
        player = await websockets.connect(address, additional_headers=headers, close_timeout=1)
        opened: list[Any] = []

        async def play() -> None:
            async for raw in player:
                deal = json.loads(raw).get("deal")
                if deal is None or time.perf_counter() >= deadline:
                    continue
                if deal["result"] is not None:
                    await player.send(json.dumps({"type": "again", "same": False}))
                elif deal["options"] and deal["answer"] is None:
                    await asyncio.sleep(PACE)
                    action = self.rng.choice(deal["options"])
                    await player.send(json.dumps({"type": "act", "action": action,
                                                  "key": deal["key"]}))  # fmt: skip

        playing = asyncio.create_task(play())
        try:
            while time.perf_counter() < deadline:
                started = time.perf_counter()
                try:
                    socket = await websockets.connect(
                        address, additional_headers=headers, close_timeout=1
                    )
                    opened.append(socket)
                    first = json.loads(await asyncio.wait_for(socket.recv(), 5.0))
                    if first.get("type") == "error":
                        self.refused += 1
                        await socket.close()
                except (websockets.WebSocketException, OSError, TimeoutError):
                    self.refused += 1
                self.times["flood"].append(time.perf_counter() - started)
        finally:
            playing.cancel()
            for socket in (*opened, player):
                await socket.close()


async def drive(
    port: int, seconds: float, seed: int, flood: str, baseline: float
) -> tuple[list[Flooder], Client, Client]:
    """The probe alone for ``baseline`` seconds, then beside the four flooders.

    The probe runs in a process of its own: the flooders' client-side work (a socket
    handshake costs milliseconds of Python) must not delay the probe's own event loop,
    or the figures would measure this program rather than the server."""
    flooders = [Flooder(port, f"{seed} {flood} {n}") for n in range(STRONG_CLIENTS)]
    loop = asyncio.get_running_loop()
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        await loop.run_in_executor(pool, int)  # the probe's process is up before any clock
        quiet = Client(port, f"{seed} quiet probe", PROBE_ADDRESS)
        if baseline > 0:
            deadline = time.perf_counter() + baseline
            quiet.adopt(await loop.run_in_executor(pool, probe_until, port, quiet.seed, deadline))
        for flooder in flooders:
            await flooder.prepare(flood, "sisepai")
        probe = Client(port, f"{seed} probe", PROBE_ADDRESS)
        deadline = time.perf_counter() + seconds
        probing = loop.run_in_executor(pool, probe_until, port, probe.seed, deadline)
        await asyncio.gather(*(flooder.flood(flood, "sisepai", deadline) for flooder in flooders))
        probe.adopt(await probing)
    for flooder in flooders:
        flooder.connection.close()
    return flooders, probe, quiet


Measured = tuple[dict[str, list[float]], Counter[str]]
"""A probe's timings by kind, and its errors."""


def choice_steps(record: bytes) -> list[int]:
    """The engine's steps at which the person (seat 0) of the deal ``record`` chose
    among more than one action: where the replay viewer's coach has something to say."""
    read = parse_record(record)
    game = get_game(read.game)
    deal = Deal(game, tuple(game.parse_card(code) for code in read.deck), read.first)
    steps = []
    for seat, action in read.actions:
        if seat == 0 and len(deal.state.legal_actions()) > 1:
            steps.append(deal.state.step)
        deal.act(action)
    return steps


def probe_until(port: int, seed: str, deadline: float) -> Measured:
    """The probe's deals until ``deadline`` (``time.perf_counter``, the machine's
    monotonic clock, the same in every process): its timings and errors."""
    probe = Client(port, seed, PROBE_ADDRESS)

    async def play() -> None:
        await probe.play("sisepai", "basic", deadline, read=True)
        probe.connection.close()

    asyncio.run(play())
    return probe.times, probe.errors


async def warm_up(port: int) -> None:
    """A strong deal's first action: the AI workers are started and their tables built."""
    connection = Connection(port)
    for game in GAMES:
        for ai in ("basic", "strong"):
            body = deal_alone_body(game, ai)
            status, frame = await connection.request("POST", "/api/tables", body)
            if status != 201:
                raise RuntimeError(f"the server answered {status}: {frame}")
    connection.close()


def run(
    seconds: float = 40.0,
    seed: int = 1,
    server: str | None = None,
    source: str | None = None,
    flood: str = "strong",
    baseline: float = 0.0,
) -> dict[str, Any]:
    """Start the server, run the probe alone for ``baseline`` seconds, then the five
    clients for ``seconds`` (four of them sending ``flood``); the figures."""
    if flood not in FLOODS:
        raise ValueError(f"unknown flood {flood!r}: one of {', '.join(FLOODS)}")
    with tempfile.TemporaryDirectory(prefix="cardavia-stall-") as folder:
        env = {
            "DATABASE_URL": sqlite_url(Path(folder) / "stall.sqlite3"),
            "CARDAVIA_DATA": folder,
            "CARDAVIA_TRUSTED_PROXIES": PROBE_ADDRESS,
            **source_env(source),
        }
        if flood != "tables":
            # The flooders prepare their deals unhindered; a flood of tables meets the
            # allowance as shipped (issue 28, hole 2: tables count as new deals).
            env["CARDAVIA_NEW_GAMES_PER_MINUTE"] = "0"
        process = ServerProcess(env, args=("--server", server) if server else ())
        try:
            process.start()
            asyncio.run(warm_up(process.port))
            assert process.process is not None
            load_before = os.getloadavg()[0]
            cpu_before = tree_cpu_seconds(process.process.pid)
            client_before = _own_cpu_seconds()
            started = time.perf_counter()
            strong, probe, quiet = asyncio.run(drive(process.port, seconds, seed, flood, baseline))
            elapsed = time.perf_counter() - started
            cpu = tree_cpu_seconds(process.process.pid) - cpu_before
            client_cpu = _own_cpu_seconds() - client_before
            load_after = os.getloadavg()[0]
            fallbacks = Counter(
                line.rsplit(": ", 1)[-1].split(";")[0]
                for line in process.output().splitlines()
                if line.endswith("decided instead")
            )
        finally:
            process.close()
    strong_acts = [value for client in strong for value in client.times["act"]]
    flooded = [value for client in strong for value in client.times.get("flood", [])]
    errors = sum((client.errors for client in (*strong, probe)), Counter())
    reads, actions = percentiles(probe.times["read"]), percentiles(probe.times["act"])
    probe_figures = _probe_figures(probe)
    return {
        "seconds": round(elapsed, 1),
        "server": server or "default",
        "source": source or "this checkout",
        "baseline": _probe_figures(quiet) if baseline > 0 else None,
        "probe": probe_figures,
        "strong": {
            "clients": STRONG_CLIENTS,
            "actions": len(strong_acts),
            "deals": sum(len(client.times["create"]) for client in strong),
            "action": percentiles(strong_acts),
        },
        "flood": {
            "kind": flood,
            "requests": len(flooded),
            "answer": percentiles(flooded),
            "sockets_refused": sum(client.refused for client in strong),
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
            # Over the whole run: the baseline, the flooders' preparation and the flood.
            "server_cpu_share": round(cpu / elapsed, 2),
            # The clients run on the same cores as the server: what they took of them.
            "clients_cpu_share": round(client_cpu / elapsed, 2),
        },
    }


def _probe_figures(probe: Client) -> dict[str, Any]:
    """How many reads and actions a probe made, their percentiles, its errors."""
    return {
        "reads": len(probe.times["read"]),
        "read": percentiles(probe.times["read"]),
        "actions": len(probe.times["act"]),
        "action": percentiles(probe.times["act"]),
        "errors": dict(probe.errors),
    }


def _own_cpu_seconds() -> float:
    """CPU seconds this process and its finished children (the probe's) have used."""
    own, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime
