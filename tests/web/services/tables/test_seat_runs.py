"""How would the AI have done in your seat, at a table of people: each person's own run,
from their own seat, once the deal is over; and each person's own count of hints
(issue 24)."""

from __future__ import annotations

import asyncio
import random

from cardavia.store import FINISHED, StoredGame
from cardavia.web.infra.thinking import Thinker
from cardavia.web.services.ai_seat import DONE, LEVEL, AISeatRunner, Run, run_levels, run_record
from cardavia.web.services.tables.model import TableSettings
from cardavia.web.services.tables.service import TableService

from ..test_ai_seat import arena_run
from .conftest import Table, play_out, run


def dealt_table(service: TableService, settings: TableSettings) -> Table:
    """Chuo Pai: Ann (seat 0) and Bo (seat 1), each from a browser of their own, and an
    easy AI at seat 2; dealt."""
    moment, token, invite = service.create(
        "chuopai", "Ann", ["person", "easy"], settings, browser_hash="a" * 64
    )
    table = Table(service, moment.table.id, invite, {0: token})
    _, seat, bo = service.join(table.id, invite, "Bo", browser_hash="b" * 64)
    table.tokens[seat] = bo
    run(service.start(table.id, 0))
    return table


def run_to_the_end(runner: AISeatRunner, stored: StoredGame, seat: int) -> Run:
    async def go() -> None:
        runner.start(stored, seat=seat)
        task = runner.task(stored.id, seat)
        if task is not None:
            await task

    asyncio.run(go())
    found = runner.status(stored, seat)
    assert found is not None
    return found


def test_each_persons_run_plays_their_own_seat_as_the_arena_would(
    service: TableService,
) -> None:
    table = dealt_table(service, TableSettings(absent="basic"))
    store = service.tables.games
    live = table.read().live
    assert live is not None
    runner = AISeatRunner(store, Thinker())  # the registry's players: strong is strong
    running = store.get(live.stored.id)
    assert running is not None
    assert runner.status(running, 1) is None, "a running deal has no run"
    play_out(table, random.Random(3))
    stored = store.get(live.stored.id)
    assert stored is not None and stored.status == FINISHED
    assert runner.status(stored, 1) is None, "none before it is asked for"
    # Bo's run: strong in his seat, the table's easy AI as it was, and Ann's seat played
    # by the table's AI for absent players.
    assert run_levels(stored, 1) == ["basic", LEVEL, "easy"]
    bos = run_to_the_end(runner, stored, 1)
    assert bos.status == DONE
    result, decisions = arena_run(stored, ["basic", LEVEL, "easy"])
    assert bos.result == result
    assert [list(entry) for entry in bos.decisions] == decisions
    # It is Bo's alone: Ann's seat has none until she asks, and hers plays her seat.
    assert runner.status(stored, 0) is None and store.ai_run(stored.id) is None
    anns = run_to_the_end(runner, stored, 0)
    result, decisions = arena_run(stored, [LEVEL, "basic", "easy"])
    assert (anns.result, [list(entry) for entry in anns.decisions]) == (result, decisions)
    record = run_record(stored, bos, 1)
    assert record.meta["levels"] == ["basic", LEVEL, "easy"] and record.meta["seat"] == 1
    assert stored.meta is not None and record.meta["players"] == stored.meta["players"]


def test_each_person_counts_their_own_hints_once_per_decision(service: TableService) -> None:
    table = dealt_table(service, TableSettings())
    store = service.tables.games
    asked: dict[int, int] = {0: 0, 1: 0}
    rng = random.Random(5)
    while (waiting := table.waiting()) and not all(asked.values()):
        seat = sorted(waiting)[0]
        key = table.key()
        _, _, counted = run(service.hint(table.id, seat, key))
        again = run(service.hint(table.id, seat, key))[2]
        asked[seat] += 1
        assert counted == again == asked[seat], "each decision once"
        table.act(seat, rng.choice(waiting[seat]))
    live = table.read().live
    assert live is not None
    hinted = {seat: store.seat_hints(live.stored.id, seat) for seat in (0, 1)}
    assert {seat: len(keys) for seat, keys in hinted.items()} == asked
