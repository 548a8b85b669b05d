"""The deals of the tables: concurrent writers, several processes on one store, the
cache, forced actions. (Every deal is a table: the table service commits, the deal
service deals, replays and caches.)"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cardavia.store import GameStore, TableStore
from cardavia.web.services.deals import DealService
from cardavia.web.services.tables.frames import Moment, decision_key, waiting_on
from cardavia.web.services.tables.model import TableError
from cardavia.web.services.tables.service import SeatTokenError, TableNotFoundError, TableService

from ..conftest import random_players


def tables_on(store: GameStore, cache_deals: int = 512) -> TableService:
    """One server process's table service on ``store``."""
    deals = DealService(store, cache_deals=cache_deals, players=random_players)
    return TableService(TableStore(store), deals)


def dealt(service: TableService, game: str, seed: int | None = None) -> tuple[Moment, str]:
    moment, token = asyncio.run(service.deal_alone(game, "basic", seed))
    return moment, token


def options(moment: Moment) -> list[str]:
    return list(waiting_on(moment).get(0, ()))


def act(service: TableService, moment: Moment, action: str, key: int | None = None) -> Moment:
    assert moment.live is not None
    known = decision_key(moment.live) if key is None else key
    moved: Moment = asyncio.run(service.act(moment.table.id, 0, action, known))
    return moved


def test_two_requests_on_the_same_decision_apply_exactly_once(store: GameStore) -> None:
    service = tables_on(store)
    moment, _ = dealt(service, "sisepai", 12)
    assert moment.live is not None
    key, before = decision_key(moment.live), list(moment.live.deal.decisions)
    # Both requests read the deal before either wrote (a double click, two tabs).
    first = act(service, moment, options(moment)[0], key)
    with pytest.raises(TableError):
        act(service, moment, options(moment)[-1], key)
    assert first.live is not None
    stored = store.get(first.live.stored.id)
    assert stored is not None and stored.decisions == tuple(first.live.deal.decisions)
    read = service.read(moment.table.id).live
    assert read is not None and read.deal.state == first.live.deal.state
    assert moment.live.deal.decisions == before, "the shared, cached deal was never changed"


def test_a_second_process_sees_the_deal_as_the_first_left_it(store: GameStore) -> None:
    one, two = tables_on(store), tables_on(store)
    moment, _ = dealt(one, "chuopai", 6)
    moved = act(two, two.read(moment.table.id), options(moment)[0])
    # The first process's cached copy is older than the row: it replays instead.
    again = one.read(moment.table.id).live
    assert again is not None and moved.live is not None
    assert again.stored.version == moved.live.stored.version
    assert again.deal.state == moved.live.deal.state
    assert again.logs == moved.live.logs


def test_without_a_cache_every_read_replays_to_the_same_deal(store: GameStore) -> None:
    cached, uncached = tables_on(store), tables_on(store, cache_deals=0)
    moment, _ = dealt(cached, "sisepai", 21)
    for _ in range(4):
        assert moment.live is not None
        if moment.live.over:
            break
        moment = act(cached, moment, options(moment)[0])
        replayed = uncached.read(moment.table.id).live
        assert replayed is not None and moment.live is not None
        assert (replayed.deal.state, replayed.logs) == (moment.live.deal.state, moment.live.logs)


def test_a_wrong_token_or_id_is_not_found(store: GameStore) -> None:
    service = tables_on(store)
    moment, token = dealt(service, "sisepai")
    for offered in (None, "", token + "x"):
        with pytest.raises(SeatTokenError):
            service.seat_of(moment.table.id, offered)
    for table_id in ("x" * 16, "../../etc", "y" * 200):
        with pytest.raises(TableNotFoundError):
            service.seat_of(table_id, token)


def test_the_persons_lone_actions_are_played_and_marked_forced(store: GameStore) -> None:
    service = tables_on(store)
    forced = 0
    for seed in range(6):
        moment, _ = dealt(service, "sisepai", seed)
        assert moment.live is not None
        while not moment.live.over:
            seen = len(moment.live.log_of(0))
            moment = act(service, moment, options(moment)[0])
            assert moment.live is not None
            log: Any = moment.live.log_of(0)
            mine = [event for event in log if event.get("seat") == 0 and "forced" in event]
            assert mine[0]["forced"] in (True, False)
            # The person's own decision opens the new events, and is never marked forced.
            assert log[seen]["seat"] == 0 and not log[seen]["forced"]
            forced += sum(1 for event in log[seen + 1 :] if event.get("forced"))
    assert forced > 0
