"""A table of people across two server processes sharing PostgreSQL.

Each person's browser is connected to a different process. Every action one of them
sends reaches the other through PostgreSQL's NOTIFY, the deal plays to its end and its
record replays to the result; the same action sent to both processes at the same
moment is applied exactly once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from typing import Any

import websockets
from live_server import Http

from cardavia.records import parse_record, replay
from cardavia.testing.servers import ServerProcess

PACE = 0.12
"""Seconds between the test's moves: a person's pace, well inside the sockets' bucket."""


def make_table(servers: list[ServerProcess], game: str, seats: list[str]) -> tuple[str, list[str]]:
    """A table made on the first process and joined on the second; its id and tokens."""
    first, second = Http(servers[0].port), Http(servers[1].port)
    status, made = first.call("POST", "/api/tables", {"game": game, "name": "Ann", "seats": seats})
    assert status == 201, made
    tokens = [made["token"]]
    for name in ("Bo", "Cy")[: seats.count("person")]:
        body = {"invite": made["invite"], "name": name}
        status, joined = second.call("POST", f"/api/tables/{made['table']['id']}/seats", body)
        assert status == 201, joined
        tokens.append(joined["token"])
    first.close()
    second.close()
    return made["table"]["id"], tokens


class Browser:
    """One person's WebSocket to one process, and the frames it was pushed."""

    def __init__(self, server: ServerProcess, table_id: str, token: str) -> None:
        self.address = f"ws://127.0.0.1:{server.port}/api/tables/{table_id}/live"
        self.token = token
        self.frames: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.socket: Any = None

    async def open(self) -> None:
        headers = {"Authorization": f"Bearer {self.token}"}
        self.socket = await websockets.connect(self.address, additional_headers=headers)
        await self.until(lambda frame: True)

    async def until(self, condition: Any, seconds: float = 20) -> dict[str, Any]:
        """The first frame (already received or coming) that meets ``condition``."""
        for frame in self.frames:
            if condition(frame):
                return frame
        async with asyncio.timeout(seconds):
            while True:
                message = json.loads(await self.socket.recv())
                if message["type"] == "error":
                    self.errors.append(message)
                    continue
                if message["type"] != "table":
                    continue
                self.frames.append(message)
                if condition(message):
                    return message

    async def sync(self) -> dict[str, Any]:
        """The newest frame: the server sends every pending frame before a pong."""
        await self.send({"type": "ping"})
        async with asyncio.timeout(20):
            while True:
                message = json.loads(await self.socket.recv())
                if message["type"] == "pong":
                    return self.last
                (self.frames if message["type"] == "table" else self.errors).append(message)

    @property
    def last(self) -> dict[str, Any]:
        return self.frames[-1]

    async def send(self, message: dict[str, Any]) -> None:
        await self.socket.send(json.dumps(message))

    async def close(self) -> None:
        await self.socket.close()


def seen(frame: dict[str, Any]) -> int:
    return int(frame["deal"]["seen"]) if frame["deal"] else -1


async def agree(browsers: list[Browser]) -> None:
    """Wait until every browser, on either process, shows the same public moment (the
    number of public events, its frames' ``key``): what one process committed reached
    the other's browsers."""
    for _ in range(40):
        keys = {json.dumps((await browser.sync())["deal"] and browser.last["deal"]["key"])
                for browser in browsers}  # fmt: skip
        if len(keys) == 1:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"the processes disagree: {keys}")


async def waited_for(browsers: list[Browser]) -> Browser | None:
    """The browser whose person the table waits for, once the decisions on show have had
    their hold (a frame may show a decision that is over for a moment: nobody is asked
    then); ``None`` when the deal is over."""
    for _ in range(60):
        if browsers[0].last["deal"]["result"]:
            return None
        mover = next((b for b in browsers if b.last["deal"]["options"]), None)
        if mover is not None:
            return mover
        # A few pings a second: well inside each socket's bucket of messages.
        await asyncio.sleep(0.25)
        for browser in browsers:
            await browser.sync()
    raise AssertionError("the table waits for nobody")


async def play_across(servers: list[ServerProcess], game: str, seats: list[str]) -> None:
    table_id, tokens = make_table(servers, game, seats)
    browsers = [Browser(servers[i % 2], table_id, token) for i, token in enumerate(tokens)]
    for browser in browsers:
        await browser.open()
    await browsers[0].send({"type": "start"})
    for browser in browsers:
        await browser.until(lambda frame: frame["deal"] is not None)
    rng = random.Random(game)
    for _ in range(600):
        await agree(browsers)
        mover = await waited_for(browsers)
        if mover is None:
            break
        deal = mover.last["deal"]
        action, at = rng.choice(deal["options"]), seen(mover.last)
        await mover.send({"type": "act", "action": action, "key": deal["key"]})
        # The move is in: the mover's log grew, or (an early sealed answer) it is held.
        await mover.until(lambda frame, at=at, action=action: seen(frame) > at
                          or (frame["deal"] or {}).get("answer") == action)  # fmt: skip
        for browser in browsers:
            browser.frames = browser.frames[-1:]
        await asyncio.sleep(PACE)
    results = {json.dumps(b.last["deal"]["result"], sort_keys=True) for b in browsers}
    assert len(results) == 1 and browsers[0].last["deal"]["result"]
    assert all(not b.errors for b in browsers), [b.errors for b in browsers]
    http = Http(servers[1].port)
    status, record = http.call("GET", f"/api/tables/{table_id}/record", token=tokens[0])
    assert status == 200, record
    again = replay(parse_record(json.dumps(record)))
    assert again.state.outcome is not None
    assert again.state.outcome.to_json() == browsers[0].last["deal"]["result"]
    for browser in browsers:
        await browser.close()


def test_people_on_two_processes_play_a_whole_deal_of_each_game(
    two_servers: list[ServerProcess],
) -> None:
    asyncio.run(play_across(two_servers, "chuopai", ["person", "basic"]))
    asyncio.run(play_across(two_servers, "sisepai", ["person", "basic", "person"]))


async def race_both(servers: list[ServerProcess]) -> None:
    table_id, tokens = make_table(servers, "chuopai", ["person", "basic"])
    host = [Browser(server, table_id, tokens[0]) for server in servers]
    other = [Browser(server, table_id, tokens[1]) for server in servers]
    for browser in (*host, *other):
        await browser.open()
    await host[0].send({"type": "start"})
    raced = 0
    for _ in range(12):
        await agree([*host, *other])
        mover = await waited_for([host[0], other[0]])
        if mover is None:
            break
        pair = host if mover is host[0] else other
        deal = (await pair[1].sync())["deal"]
        assert deal["options"], "both processes ask the same person"
        move = {"type": "act", "action": deal["options"][0], "key": deal["key"]}
        at = [seen(browser.last) for browser in pair]
        # The same move through both processes at the same moment.
        await asyncio.gather(pair[0].send(move), pair[1].send(move))
        for browser, before in zip(pair, at, strict=True):
            await browser.until(lambda frame, before=before: seen(frame) > before)
            with contextlib.suppress(TimeoutError):
                await browser.until(lambda frame: False, seconds=0.5)  # an error, if any
        refused = [error for browser in pair for error in browser.errors]
        assert len(refused) == 1, refused
        assert refused[0]["code"] == 409 and "moved on" in refused[0]["error"]
        raced += 1
        for browser in (*host, *other):
            browser.frames = browser.frames[-1:]
            browser.errors.clear()
        await asyncio.sleep(PACE)
    assert raced >= 3
    for browser in (*host, *other):
        await browser.close()


def test_the_same_move_sent_to_both_processes_is_applied_once(
    two_servers: list[ServerProcess],
) -> None:
    asyncio.run(race_both(two_servers))
