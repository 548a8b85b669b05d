"""What the table tests share: a table service on a fresh store with a clock the test
moves by hand, and a way to drive every person at a table."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from cardavia.store import GameStore, TableStore, open_engine, upgrade
from cardavia.web.infra.thinking import Thinker
from cardavia.web.services.deals import DealService
from cardavia.web.services.tables.frames import Moment, decision_key, frame, stops, waiting_on
from cardavia.web.services.tables.model import HOLD_SECONDS, TableSettings
from cardavia.web.services.tables.service import TableService

from ...conftest import basic_players

START = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


class Clock:
    """A clock that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def make_service(
    url: str,
    clock: Clock,
    seed: int = 7,
    players: Callable[[str, str], Any] = basic_players,
    cache_deals: int = 512,
) -> TableService:
    """A table service (one server process's) on the database at ``url``, keeping
    ``cache_deals`` deals (``CARDAVIA_CACHE_DEALS``)."""
    engine = open_engine(url)
    upgrade(engine)
    games = GameStore(engine)
    deals = DealService(games, cache_deals=cache_deals, thinker=Thinker(players))
    seeds = iter(range(seed, seed + 1000))
    return TableService(TableStore(games), deals, clock=clock, seeds=lambda: next(seeds))


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(database_url: str, clock: Clock) -> Iterator[TableService]:
    made = make_service(database_url, clock)
    yield made
    made.tables.engine.dispose()


def run(coroutine: Any) -> Any:
    """Run one of the service's coroutines to its end."""
    return asyncio.run(coroutine)


@dataclass
class Table:
    """A table whose people the test plays: every seat's token, by seat."""

    service: TableService
    id: str
    invite: str
    tokens: dict[int, str] = field(default_factory=dict)

    def read(self) -> Moment:
        return self.service.read(self.id)

    def frame(self, seat: int, since: int = 0) -> dict[str, Any]:
        return frame(self.read(), seat, since, self.service.away_seconds)

    def waiting(self) -> dict[int, tuple[str, ...]]:
        """The people the table waits for, once every decision on show before theirs
        has had its minimum time (the test's clock moved on, the table's timer fired)."""
        for _ in range(1000):
            moment = self.read()
            waiting = waiting_on(moment)
            if waiting or not stops(moment.table):
                return waiting
            self.pass_time(HOLD_SECONDS)
        raise AssertionError("the table never asks anyone")

    def pass_time(self, seconds: float) -> None:
        """Move the table's clock on by ``seconds`` and let its timers fire."""
        clock = self.service.clock
        assert isinstance(clock, Clock)
        clock.advance(seconds)
        run(self.service.tick(self.id))

    def key(self) -> int:
        live = self.read().live
        assert live is not None
        return decision_key(live)

    def act(self, seat: int, action: str) -> Moment:
        moment: Moment = run(self.service.act(self.id, seat, action, self.key()))
        return moment


def open_table(
    service: TableService,
    game: str,
    seats: Sequence[str],
    names: Sequence[str] = ("Ann", "Bo", "Cy", "Di"),
    settings: TableSettings | None = None,
    start: bool = True,
) -> Table:
    """A table with the host and every invited person seated (and dealt)."""
    moment, token, invite = service.create(game, names[0], seats, settings or TableSettings())
    table = Table(service, moment.table.id, invite, {0: token})
    for name in names[1 : 1 + list(seats).count("person")]:
        _, seat, seat_token = service.join(table.id, invite, name)
        table.tokens[seat] = seat_token
    if start:
        run(service.start(table.id, 0))
    return table


def play_out(table: Table, rng: random.Random, limit: int = 2000) -> int:
    """Let every waited-for person choose at random until the deal ends; how many
    actions the people played."""
    played = 0
    while played < limit:
        waiting = table.waiting()
        if not waiting:
            live = table.read().live
            assert live is not None and live.over, "the table waits for nobody"
            return played
        seat = rng.choice(sorted(waiting))
        table.act(seat, rng.choice(waiting[seat]))
        played += 1
    raise AssertionError("the deal did not end")
