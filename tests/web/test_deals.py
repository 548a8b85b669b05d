"""The deal service: concurrent writers, several processes on one store, forced actions."""

from __future__ import annotations

import asyncio

import pytest

from cardavia.store import GameStore
from cardavia.web.deals import ConflictError, DealService, GameNotFoundError

from .conftest import random_players


def test_two_requests_on_the_same_step_apply_exactly_once(store: GameStore) -> None:
    service = DealService(store, players=random_players)
    live, token = asyncio.run(service.create("sisepai", "basic", seed=12))
    legal = [str(action) for action in live.deal.state.legal_actions()]
    before = list(live.deal.decisions)
    # Both requests read the deal before either wrote (a double click, two tabs).
    first = asyncio.run(service.act(live, legal[0], live.deal.state.step))
    with pytest.raises(ConflictError):
        asyncio.run(service.act(live, legal[-1], live.deal.state.step))
    stored = store.get(live.stored.id)
    assert stored is not None and stored.decisions == tuple(first.deal.decisions)
    assert service.open(live.stored.id, token).deal.state == first.deal.state
    assert live.deal.decisions == before, "the shared, cached deal was never changed"


def test_a_second_process_sees_the_deal_as_the_first_left_it(store: GameStore) -> None:
    one = DealService(store, players=random_players)
    two = DealService(store, players=random_players)
    live, token = asyncio.run(one.create("chuopai", "basic", seed=6))
    legal = [str(action) for action in live.deal.state.legal_actions()]
    moved = asyncio.run(two.act(two.open(live.stored.id, token), legal[0], live.deal.state.step))
    # The first process's cached copy is older than the row: it replays instead.
    again = one.open(live.stored.id, token)
    assert again.stored.version == moved.stored.version
    assert again.deal.state == moved.deal.state
    assert again.log == moved.log and again.since == moved.since


def test_without_a_cache_every_request_replays_to_the_same_deal(store: GameStore) -> None:
    cached = DealService(store, players=random_players)
    uncached = DealService(store, cache_deals=0, players=random_players)
    live, token = asyncio.run(cached.create("sisepai", "basic", seed=21))
    state = live
    for _ in range(4):
        if state.over:
            break
        action = str(state.deal.state.legal_actions()[0])
        state = asyncio.run(cached.act(state, action, state.deal.state.step))
        replayed = uncached.open(live.stored.id, token)
        assert (replayed.deal.state, replayed.log, replayed.since) == (
            state.deal.state,
            state.log,
            state.since,
        )


def test_a_wrong_token_or_id_is_not_found(store: GameStore) -> None:
    service = DealService(store, players=random_players)
    live, token = asyncio.run(service.create("sisepai", "basic"))
    for game_id, offered in (
        (live.stored.id, None),
        (live.stored.id, ""),
        (live.stored.id, token + "x"),
        ("x" * 16, token),
        ("../../etc", token),
    ):
        with pytest.raises(GameNotFoundError):
            service.open(game_id, offered)


def test_the_persons_lone_actions_are_played_and_marked_forced(store: GameStore) -> None:
    service = DealService(store, players=random_players)
    forced = 0
    for seed in range(6):
        live, _ = asyncio.run(service.create("sisepai", "basic", seed=seed))
        while not live.over:
            live = asyncio.run(
                service.act(live, str(live.deal.state.legal_actions()[0]), live.deal.state.step)
            )
            mine = [event for event in live.log if event.get("seat") == 0 and "forced" in event]
            assert mine[0]["forced"] in (True, False)
            forced += sum(1 for event in live.log[live.since + 1 :] if event.get("forced"))
            # The person's own decision opens the events, and is never marked forced.
            assert live.log[live.since]["seat"] == 0 and not live.log[live.since]["forced"]
    assert forced > 0
