"""The AI in the person's seat: `strong` on the same deck against the same opponents,
played as the arena plays it; only for a finished deal; taken over when it stalls."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient

from cardavia.ai.registry import get_player
from cardavia.arena.loop import play_deal
from cardavia.arena.seats import AISeat
from cardavia.games.registry import get_game
from cardavia.records import parse_record, replay
from cardavia.store import GameStore, StoredGame
from cardavia.store.repository import now
from cardavia.web.ai_seat import DONE, LEVEL, AISeatRunner, Run
from cardavia.web.deals import DealService
from cardavia.web.thinking import Thinker

from .conftest import bearer


def finished_deal(service: DealService, game: str, seed: int) -> StoredGame:
    """A deal of the registry's players to its end, the person always taking the last
    legal action."""

    async def play() -> StoredGame:
        live, _ = await service.create(game, "basic", seed=seed)
        while not live.over:
            legal = live.deal.state.legal_actions()
            live = await service.act(live, str(legal[-1]), live.deal.state.step)
        return live.stored

    return asyncio.run(play())


def arena_run(stored: StoredGame, names: list[str]) -> tuple[dict[str, object], list[list[object]]]:
    """The arena's game loop on the deal's deck and seed with ``names`` in the seats."""
    game = get_game(stored.game)
    deck = tuple(game.parse_card(code) for code in stored.deck)
    seats = [AISeat(get_player(stored.game, name)) for name in names]
    played = play_deal(game, seats, deck, stored.first, stored.seed, keep_record=True)
    assert played.record is not None
    record = parse_record(played.record)
    return replay(record).to_json(), [list(entry) for entry in record.actions]


def run_to_the_end(runner: AISeatRunner, stored: StoredGame) -> Run:
    async def go() -> None:
        runner.start(stored)
        task = runner.task(stored.id)
        if task is not None:
            await task

    asyncio.run(go())
    run = runner.status(stored)
    assert run is not None
    return run


@pytest.mark.parametrize(("game", "seed"), [("sisepai", 8), ("chuopai", 13)])
def test_strong_in_your_seat_ends_as_an_arena_run_of_the_same_deck_and_seats(
    store: GameStore, game: str, seed: int
) -> None:
    thinker = Thinker()  # the registry's players, deciding inline
    service = DealService(store, thinker=thinker)
    stored = finished_deal(service, game, seed)
    run = run_to_the_end(AISeatRunner(store, thinker), stored)
    assert run.status == DONE
    names = [LEVEL] + [stored.ai] * (get_game(game).players - 1)
    result, decisions = arena_run(stored, names)
    assert run.result == result
    assert [list(entry) for entry in run.decisions] == decisions
    steps = replay(parse_record(run_record_text(stored, run))).state.step
    assert run.step == steps


def run_record_text(stored: StoredGame, run: Run) -> str:
    from cardavia.web.ai_seat import run_record

    return run_record(stored, run).dumps()


def test_a_run_whose_process_went_quiet_is_taken_over_and_ends_alike(store: GameStore) -> None:
    thinker = Thinker()
    service = DealService(store, thinker=thinker)
    stored = finished_deal(service, "chuopai", 21)
    whole = run_to_the_end(AISeatRunner(store, thinker), stored)
    # Another deal on the same cards, whose run stopped half-way a minute ago.
    half = dataclasses.replace(stored, id="half-way-stopped")
    store.insert(half)
    stopped = Run("running", whole.decisions[: len(whole.decisions) // 2], tries=1)
    assert store.write_ai_run(half.id, stopped.to_json(), now() - timedelta(minutes=1), None)
    runner = AISeatRunner(store, thinker)
    taken = run_to_the_end(runner, half)
    assert (taken.status, taken.result, taken.decisions) == (DONE, whole.result, whole.decisions)
    assert taken.tries == 2
    # A run being written right now is left to its process.
    fresh = dataclasses.replace(stored, id="running-elsewhere")
    store.insert(fresh)
    store.write_ai_run(fresh.id, stopped.to_json(), now(), None)
    assert AISeatRunner(store, thinker).start(fresh).status == "running"
    assert runner.task(fresh.id) is None


def test_the_api_offers_the_run_only_once_the_deal_is_over(client: TestClient) -> None:
    created = client.post("/api/games", json={"game": "chuopai", "seed": 3}).json()
    auth = bearer(created["token"])
    url = f"/api/games/{created['id']}/ai-seat"
    # Running: refused, and the same way before and after asking (nothing to learn).
    for method in ("POST", "GET"):
        response = client.request(method, url, headers=auth)
        assert response.status_code == 409
        assert "once the deal is over" in response.json()["error"]
    state = created
    while state["status"] != "finished":
        body = {"action": state["legal"][0], "step": state["step"]}
        state = client.post(f"/api/games/{created['id']}/actions", json=body, headers=auth).json()
    assert client.get(url, headers=auth).json()["status"] == "none"
    started = client.post(url, headers=auth)
    assert started.status_code == 202 and started.json()["status"] in ("queued", "running", "done")
    deadline = time.monotonic() + 60
    while (answer := client.get(url, headers=auth).json())["status"] != "done":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert answer["yours"] == {
        "winners": state["result"]["winners"],
        "scores": state["result"]["scores"],
        "step": state["step"],
    }
    assert answer["outcome"]["winners"] == answer["result"]["winners"]
    assert answer["replay"] == f"/replay/{created['id']}/ai"
    # Without the deal's token: the same 404 as for any deal.
    assert client.get(url).status_code == 404
