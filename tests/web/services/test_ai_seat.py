"""The AI in the person's seat: `strong` on the same deck against the same opponents,
played as the arena plays it; only for a finished deal; taken over when it stalls."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from table_api import new_deal_body

from cardavia.ai.registry import get_player
from cardavia.arena.loop import play_deal
from cardavia.arena.seats import AISeat
from cardavia.games.registry import get_game
from cardavia.records import parse_record, replay
from cardavia.store import GameStore, StoredGame
from cardavia.store.repository import now
from cardavia.web.dependencies import services_of
from cardavia.web.infra.thinking import Thinker
from cardavia.web.services.ai_seat import DONE, LEVEL, AISeatRunner, Run
from cardavia.web.services.deals import DealService

from ..conftest import bearer, play_alone


def finished_deal(service: DealService, game: str, seed: int) -> StoredGame:
    """A deal of the registry's players to its end at a table of one, the person always
    taking the last legal action."""
    return play_alone(service, game, seed)


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
    from cardavia.web.services.ai_seat import run_record

    return run_record(stored, run).dumps()


def test_a_run_whose_process_went_quiet_is_taken_over_and_ends_alike(store: GameStore) -> None:
    thinker = Thinker()
    service = DealService(store, thinker=thinker)
    # Read as a deal against the AIs from before tables: its run is kept with the deal
    # (a table's is kept with each person's seat), so that a copy of it can be made.
    stored = dataclasses.replace(finished_deal(service, "chuopai", 21), meta=None)
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
    made = client.post("/api/tables", json=new_deal_body("chuopai", 3)).json()
    token, table, deal_id = made["token"], made["table"]["id"], made["deal"]["id"]
    url = f"/api/deals/{deal_id}/ai-seat"
    # Running: the same 404 as no deal, before and after asking (nothing to learn).
    for method in ("POST", "GET"):
        response = client.request(method, url)
        assert response.status_code == 404
    deal = made["deal"]
    while deal["result"] is None:
        body = {"type": "act", "action": deal["options"][0], "key": deal["key"]}
        deal = client.post(f"/api/tables/{table}/actions", json=body, headers=bearer(token))
        deal = deal.json()["deal"]
    assert client.get(url).json()["status"] == "none"
    started = client.post(url)
    assert started.status_code == 202 and started.json()["status"] in ("queued", "running", "done")
    deadline = time.monotonic() + 60
    while (answer := client.get(url).json())["status"] != "done":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    stored = services_of(client.app).deals.store.get(deal_id)  # type: ignore[arg-type]
    assert stored is not None
    assert answer["yours"] == {
        "winners": deal["result"]["winners"],
        "scores": deal["result"]["scores"],
        "step": stored.step,
    }
    assert answer["outcome"]["winners"] == answer["result"]["winners"]
    assert answer["replay"] == f"/replay/{deal_id}/ai"
    # Another browser (not the one that played it): the same 404 as for any deal.
    client.cookies.clear()
    assert client.get(url).status_code == 404
