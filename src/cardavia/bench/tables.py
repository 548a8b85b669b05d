"""``cardavia bench tables``: tables of two people and AIs, live, across server processes.

``--tables N`` tables, alternately Sì Sè Pái (two people, two basic AIs) and Chuo Pai
(two people, one basic AI). Each table is made through one server process and joined
through the other, and its two people keep a WebSocket each, to different processes
(with ``--servers 2``), so that every move one of them makes reaches the other through
the database's notifications. A person answers each decision after a pause drawn
uniformly between 0.2 and 1.8 times ``--think`` seconds; tables arrive over the first ten
pauses. The servers are real ``cardavia serve`` processes on loopback ports, on a fresh
SQLite file or PostgreSQL (``--database postgresql`` starts a throwaway cluster with
durable settings).

Printed (one JSON object):

- ``latency``: from the moment a person sends a move the other person sees (a discard,
  a lead, a beat) to the moment the other person's socket receives the frame showing
  it: n, p50, p95, p99, max in ms. Both clocks are this process's.
- ``lost`` and ``doubled``: after the run, each person's moves in the deal's record
  (the AI's notes apart) are compared with the moves the client sent and the server did
  not refuse: a move sent and not recorded is lost, one recorded twice is doubled.
- ``records_replay_to_result``: every finished deal's record replays to the result the
  people were shown.
- the machine's load (load average before and after, every core's busy share), the
  servers' CPU per second, and this client's.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import resource
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

from cardavia.bench.load import Connection, machine_ticks, percentiles, shared_database
from cardavia.records import parse_record, replay
from cardavia.testing.servers import ServerProcess, tree_cpu_seconds

SETUPS = (("sisepai", ["person", "basic", "basic"]), ("chuopai", ["person", "basic"]))
RAMP_PAUSES = 10
TIMEOUT = 120.0
"""Seconds a table may go without any frame before the run counts it stuck."""
OPEN_TRIES = 30
"""Times a person's socket is opened again after the server refused it for opening too
fast, before the run gives up."""


@dataclass
class Figures:
    """What the people measured."""

    latencies: list[float] = field(default_factory=list)
    sent: int = 0
    refused: int = 0
    lost: int = 0
    doubled: int = 0
    deals: int = 0
    replayed: int = 0
    stuck: int = 0
    errors: list[str] = field(default_factory=list)


@dataclass
class Person:
    """One simulated person at one table: a WebSocket to one server process."""

    seat: int
    token: str
    port: int
    rng: random.Random
    sent: list[str] = field(default_factory=list)
    refused: int = 0
    frame: dict[str, Any] | None = None


class Table:
    """One table of two people; what each sent, and when, to time the other's screen."""

    def __init__(self, number: int, ports: list[int], think: float, seed: int) -> None:
        self.number = number
        self.game, self.seats = SETUPS[number % len(SETUPS)]
        self.ports = ports
        self.think = think
        self.rng = random.Random(f"{seed}-{number}")
        self.people: list[Person] = []
        self.pending: dict[tuple[int, str], float] = {}
        """A move another person will see, by (seat, what the other's event says): when
        it was sent."""
        self.id = ""

    async def make(self) -> None:
        """Make the table through one process and join it through the other."""
        first = Connection(self.ports[self.number % len(self.ports)])
        second = Connection(self.ports[(self.number + 1) % len(self.ports)])
        body = {"game": self.game, "name": f"Host {self.number}", "seats": self.seats}
        status, made = await first.request("POST", "/api/tables", body)
        if status != 201:
            raise RuntimeError(f"making a table answered {status}: {made}")
        self.id = made["table"]["id"]
        join = {"invite": made["invite"], "name": f"Guest {self.number}"}
        status, joined = await second.request("POST", f"/api/tables/{self.id}/seats", join)
        if status != 201:
            raise RuntimeError(f"joining a table answered {status}: {joined}")
        first.close()
        second.close()
        for index, (answer, connection) in enumerate(((made, first), (joined, second))):
            seed = f"{self.number}-{index}"
            seat, token = answer["table"]["you"], answer["token"]
            self.people.append(Person(seat, token, connection.port, random.Random(seed)))

    async def play(self, figures: Figures) -> None:
        """Both people to the end of one deal, then the record checked."""
        await asyncio.sleep(self.rng.uniform(0, RAMP_PAUSES * self.think))
        await self.make()
        sockets, firsts = [], []
        for person in self.people:
            socket, first = await self.open(person)
            sockets.append(socket)
            firsts.append(first)
        try:
            await sockets[0].send(json.dumps({"type": "start"}))
            results = await asyncio.gather(
                *(
                    self.person(p, s, figures, f)
                    for p, s, f in zip(self.people, sockets, firsts, strict=True)
                )
            )
        finally:
            for socket in sockets:
                await socket.close()
        if results[0] is not None and all(results):
            await self.check(figures, results[0])

    async def open(self, person: Person) -> tuple[Any, str]:
        """``person``'s socket to the table and its first message, opened as a page
        opens it: every simulated person comes from one address, which may open only a
        few sockets at once and then one a second (``hub.OPENS_PER_SECOND``), so a
        socket refused for that is opened again a little later, as the page does."""
        address = f"ws://127.0.0.1:{person.port}/api/tables/{self.id}/live"
        headers = {"Authorization": f"Bearer {person.token}"}
        for _ in range(OPEN_TRIES):
            socket = await websockets.connect(address, additional_headers=headers)
            first = await asyncio.wait_for(socket.recv(), TIMEOUT)
            refused = json.loads(first)
            if refused.get("type") != "error" or refused.get("code") != 429:
                return socket, str(first)
            await socket.close()
            await asyncio.sleep(self.rng.uniform(1.0, 3.0))
        raise RuntimeError(f"table {self.id}: its socket was refused {OPEN_TRIES} times")

    async def person(
        self, me: Person, socket: Any, figures: Figures, first: str
    ) -> dict[str, Any] | None:
        """One person: watch the frames (``first``, then the socket's), answer each
        decision after a pause."""
        thinking: asyncio.Task[None] | None = None
        waiting: list[str] = [first]
        while True:
            try:
                raw = waiting.pop() if waiting else await asyncio.wait_for(socket.recv(), TIMEOUT)
            except TimeoutError:
                figures.stuck += 1
                return None
            arrived = time.perf_counter()
            message = json.loads(raw)
            if message["type"] == "error":
                me.refused += 1
                figures.errors.append(str(message.get("error"))[:80])
                continue
            if message["type"] != "table":
                continue
            me.frame = message
            deal: dict[str, Any] | None = message["deal"]
            if deal is None:
                continue
            for event in deal["events"]:
                seen = _seen_move(event)
                if seen is not None and seen[0] != me.seat:
                    sent = self.pending.pop(seen, None)
                    if sent is not None:
                        figures.latencies.append(arrived - sent)
            if deal["result"] is not None:
                if thinking is not None:
                    thinking.cancel()
                return me.frame
            idle = thinking is None or thinking.done()
            if deal["options"] and deal["answer"] is None and idle:
                thinking = asyncio.create_task(self.decide(me, socket, deal, figures))

    async def decide(self, me: Person, socket: Any, deal: dict[str, Any], figures: Figures) -> None:
        """Think, then send one of the options."""
        await asyncio.sleep(self.think * me.rng.uniform(0.2, 1.8))
        current = me.frame["deal"] if me.frame else None
        if not current or current["key"] != deal["key"] or not current["options"]:
            return  # the table moved on while thinking (a timer, another window)
        action = me.rng.choice(current["options"])
        shown = _shown_as(action, me.seat)
        if shown is not None:
            self.pending[shown] = time.perf_counter()
        me.sent.append(action)
        figures.sent += 1
        await socket.send(json.dumps({"type": "act", "action": action, "key": deal["key"]}))

    async def check(self, figures: Figures, last: dict[str, Any]) -> None:
        """Compare the record with what the people sent; replay it."""
        connection = Connection(self.ports[0])
        status, record = await connection.request(
            "GET", f"/api/tables/{self.id}/record", None, self.people[0].token
        )
        connection.close()
        if status != 200:
            figures.errors.append(f"record: {status}")
            return
        figures.deals += 1
        outcome = replay(parse_record(json.dumps(record))).state.outcome
        if outcome is not None and outcome.to_json() == last["deal"]["result"]:
            figures.replayed += 1
        noted = {note["at"] for note in record.get("meta", {}).get("notes", [])}
        for person in self.people:
            recorded = [
                text
                for index, (seat, text) in enumerate(record["actions"])
                if seat == person.seat and index not in noted
            ]
            accepted = len(person.sent) - person.refused
            figures.refused += person.refused
            figures.lost += max(0, accepted - len(recorded))
            figures.doubled += max(0, len(recorded) - accepted)
            if person.refused == 0 and recorded != person.sent:
                figures.errors.append(f"table {self.id} seat {person.seat}: moves differ")


def _shown_as(action: str, seat: int) -> tuple[int, str] | None:
    """A move the other person's log shows the moment the engine applies it (a
    discard, a lead, a beat), as (seat, move); ``None`` for a sealed answer."""
    return (seat, action) if action.startswith(("discard ", "play ")) else None


def _seen_move(event: dict[str, Any]) -> tuple[int, str] | None:
    """The (seat, move) an event of the log shows, for the moves that time latency."""
    if event["type"] == "discarded" and not event["drawn"]:
        return event["seat"], f"discard {event['card']}"
    if event["type"] in ("lead", "beat"):
        return event["seat"], str(event["action"])
    return None


async def drive(ports: list[int], tables: int, think: float, seed: int) -> tuple[Figures, float]:
    """Play every table; the figures and the seconds it took."""
    figures = Figures()
    made = [Table(number, ports, think, seed) for number in range(tables)]
    started = time.perf_counter()
    outcomes = await asyncio.gather(
        *(table.play(figures) for table in made), return_exceptions=True
    )
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            figures.errors.append(f"{type(outcome).__name__}: {outcome}"[:120])
    return figures, time.perf_counter() - started


def run(
    tables: int = 100,
    think: float = 1.0,
    servers: int = 2,
    database: str = "postgresql",
    database_url: str | None = None,
    seed: int = 1,
    hold: float | None = None,
) -> dict[str, Any]:
    """Start the servers, play the tables, check every record; the figures. ``hold``:
    the servers' ``CARDAVIA_HOLD_SECONDS`` (``None``: their default)."""
    if tables < 1 or servers < 1 or think < 0:
        raise ValueError("tables and servers must be at least 1, think at least 0")
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="cardavia-tables-")))
        url = stack.enter_context(shared_database(database, database_url, folder))
        env = {"DATABASE_URL": url, "CARDAVIA_DATA": str(folder)}
        if hold is not None:
            env["CARDAVIA_HOLD_SECONDS"] = str(hold)
        processes = [ServerProcess(env) for _ in range(servers)]
        for process in processes:
            stack.callback(process.close)
            process.start()
        ports = [process.port for process in processes]
        pids = [process.process.pid for process in processes if process.process is not None]
        load_before = os.getloadavg()
        ticks = machine_ticks()
        server_cpu = sum(tree_cpu_seconds(pid) for pid in pids)
        client = resource.getrusage(resource.RUSAGE_SELF)
        figures, seconds = asyncio.run(drive(ports, tables, think, seed))
        used = resource.getrusage(resource.RUSAGE_SELF)
        server_cpu = sum(tree_cpu_seconds(pid) for pid in pids) - server_cpu
        load_after = os.getloadavg()
        busy, total = (now - then for now, then in zip(machine_ticks(), ticks, strict=True))
    client_cpu = used.ru_utime + used.ru_stime - client.ru_utime - client.ru_stime
    return {
        "database": "postgresql" if url.startswith("postgres") else "sqlite",
        "servers": servers,
        "tables": tables,
        "think_s": think,
        "hold_s": hold,
        "seconds": round(seconds, 1),
        "moves_sent": figures.sent,
        "moves_per_s": round(figures.sent / seconds, 1),
        "latency": {"n": len(figures.latencies), **percentiles(figures.latencies)},
        "deals_finished": figures.deals,
        "records_replay_to_result": figures.replayed == figures.deals == tables,
        "lost": figures.lost,
        "doubled": figures.doubled,
        "refused": figures.refused,
        "stuck": figures.stuck,
        "errors": len(figures.errors),
        "error_kinds": sorted(set(figures.errors))[:5],
        "machine": {
            "cores": os.cpu_count(),
            "load_avg_1m_before": round(load_before[0], 2),
            "load_avg_1m_after": round(load_after[0], 2),
            "machine_cpu_busy": round(busy / max(total, 1), 2),
            "server_cpu_share": round(server_cpu / seconds, 2),
            "client_cpu_share": round(client_cpu / seconds, 2),
        },
    }
