"""The AIs' decisions off the event loop: worker processes, the time cap, the bounds.

Timing is never measured here (``cardavia bench stall`` does that): a decision that
"takes long" is one the test holds until it lets go, so every interleaving is exact.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import threading
import time
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from table_api import new_deal_body

from cardavia.ai.registry import get_player
from cardavia.ai.seeding import decision_rng
from cardavia.games.registry import get_game
from cardavia.records import Deal
from cardavia.web.app import create_app
from cardavia.web.errors import ANSWERS
from cardavia.web.infra import thinking
from cardavia.web.infra.settings import Settings
from cardavia.web.infra.thinking import (
    CoachBusyError,
    Thinker,
    Turn,
    give_hint,
)


def positions(game: str, count: int) -> Iterator[tuple[Any, Any, int, int]]:
    """``(view, legal, seat, step)`` of AI decisions in basic deals of ``game``."""
    engine = get_game(game)
    basic = get_player(game, "basic")
    rng = random.Random(game)
    found = 0
    while True:
        deal = Deal(engine, *engine.shuffle(rng))
        while not deal.over:
            state = deal.state
            seat = state.to_act
            view, legal = state.view(seat), state.legal_actions()
            if seat != 0:
                yield view, legal, seat, state.step
                found += 1
                if found == count:
                    return
            deal.act(basic.choose(view, legal, decision_rng(5, seat, state.step)))


@pytest.mark.parametrize("game", ["sisepai", "chuopai"])
def test_a_workers_decision_is_the_one_the_player_makes_inline(game: str) -> None:
    """Reproducible: the worker builds the same player by name and draws from the same
    ``decision_rng``, so a deal's AI moves do not depend on where they were decided."""
    strong = get_player(game, "strong")
    thinker = Thinker(workers=1, seconds=60)
    try:
        assert thinker.offloaded("strong") and not thinker.offloaded("basic")
        for view, legal, seat, step in positions(game, 4):
            inline = strong.choose(view, legal, decision_rng(77, seat, step))
            turn = Turn(game, "strong", 77, seat, step, "deal-id")
            pooled = asyncio.run(thinker.choose(turn, view, legal))
            assert pooled == inline
        assert thinker.fallbacks == 0
    finally:
        thinker.close()


def test_a_late_decision_is_made_by_basic_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    release = threading.Event()
    pool = ThreadPoolExecutor(1)
    thinker = Thinker(seconds=0.05, pool=pool)
    original = thinking.decide
    thinking.decide = lambda *args: release.wait(30) and None  # type: ignore[assignment]
    try:
        basic = get_player("sisepai", "basic")
        view, legal, seat, step = next(positions("sisepai", 1))
        with caplog.at_level(logging.WARNING, logger="cardavia.web"):
            turn = Turn("sisepai", "strong", 3, seat, step, "DEALID")
            chosen = asyncio.run(thinker.choose(turn, view, legal))
        assert chosen == basic.choose(view, legal, decision_rng(3, seat, step))
        assert thinker.fallbacks == 1
        (record,) = caplog.records
        assert "DEALID" in record.getMessage() and "basic decided" in record.getMessage()
    finally:
        release.set()
        thinking.decide = original
        pool.shutdown()


def test_a_late_hint_says_the_coach_is_busy_and_gives_no_other_opinion(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A late hint had ``basic``'s choice stand in for the coach's: a second opinion of
    the position, which the review and the replay viewer could contradict (issue 27).
    Now it is refused (503 over the API) and counted, never answered by another player."""
    release = threading.Event()
    pool = ThreadPoolExecutor(1)
    thinker = Thinker(seconds=0.02, pool=pool)
    original = thinking.give_hint
    thinking.give_hint = lambda *args: release.wait(30) and None  # type: ignore[assignment]
    try:
        view, legal, _, _ = next(positions("chuopai", 1))
        with (
            caplog.at_level(logging.WARNING, logger="cardavia.web"),
            pytest.raises(CoachBusyError),
        ):
            asyncio.run(thinker.hint("chuopai", view, legal, "somebody"))
        assert thinker.late_hints == 1 and thinker.fallbacks == 0
        (record,) = caplog.records
        assert "hint in chuopai" in record.getMessage()
        answer = ANSWERS[CoachBusyError]
        assert answer.status == 503
        assert answer.headers(CoachBusyError()) == {"Retry-After": "2"}
    finally:
        release.set()
        thinking.give_hint = original
        pool.shutdown()


def test_a_job_that_starts_after_its_deadline_does_no_search() -> None:
    view, legal, seat, step = next(positions("chuopai", 1))
    turn = Turn("chuopai", "strong", 1, seat, step, "deal-id")
    assert thinking.decide(turn, view, legal, deadline=0.0) is None


# -- the event loop keeps serving while a decision is awaited ----------------------------------


class HeldDecisions:
    """Strong decisions that wait until the test lets them go (then decide as basic)."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()

    def decide(self, turn: Turn, view: Any, legal: Any, deadline: float) -> int:
        self.started.set()
        self.release.wait(30)
        return 0


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldDecisions]:
    decisions = HeldDecisions()
    monkeypatch.setattr(thinking, "decide", decisions.decide)
    # Threads instead of processes, so that the held function is the one that runs.
    monkeypatch.setattr(thinking, "make_pool", lambda workers: ThreadPoolExecutor(workers))
    yield decisions
    decisions.release.set()


@asynccontextmanager
async def served(tmp_path: Path, **changes: Any) -> AsyncIterator[httpx.AsyncClient]:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'store.sqlite3'}",
        data_dir=tmp_path,
        ai_workers=2,
        ai_seconds=60,
        prune_every_minutes=0,
        **changes,
    )
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            yield client


def an_ai_first_seed() -> int:
    """A Chuo Pai deal number whose first decision is an AI's."""
    engine = get_game("chuopai")
    for seed in range(100):
        deal = Deal(engine, *engine.shuffle(random.Random(seed)))
        if deal.state.to_act != 0:
            return seed
    raise AssertionError("no such deal")


async def wait_until(event: threading.Event) -> None:
    for _ in range(3000):
        if event.is_set():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the decision never started")


async def settled(
    client: httpx.AsyncClient, path: str, headers: dict[str, str], frame: dict[str, Any]
) -> dict[str, Any]:
    """The table's frame once the AIs have moved on to the person's decision (or the
    end): read again while its strong AIs think in the background."""
    for _ in range(600):
        deal = frame["deal"]
        if deal["options"] or deal["result"] is not None:
            return frame
        await asyncio.sleep(0.02)
        frame = (await client.get(path, headers=headers)).json()
    raise AssertionError("the AIs never moved on")


def test_reads_and_basic_deals_are_served_while_a_strong_decision_runs(
    tmp_path: Path, held: HeldDecisions
) -> None:
    async def scenario() -> None:
        async with served(tmp_path) as client:
            basic = (await client.post("/api/tables", json=new_deal_body("sisepai"))).json()
            # A table of strong AIs whose first decision is an AI's: dealt at once, its
            # AI thinking in a worker, off the request path.
            body = new_deal_body("chuopai", an_ai_first_seed(), "strong")
            strong = (await client.post("/api/tables", json=body)).json()
            assert strong["deal"]["options"] == [], "the strong AI is still thinking"
            await wait_until(held.started)
            auth = {"Authorization": f"Bearer {basic['token']}"}
            path = f"/api/tables/{basic['table']['id']}"
            read = await client.get(path, headers=auth)
            assert read.status_code == 200
            deal = basic["deal"]
            acted = await client.post(
                path + "/actions",
                json={"type": "act", "action": deal["options"][0], "key": deal["key"]},
                headers=auth,
            )
            assert acted.status_code == 200
            assert (await client.get("/")).status_code == 200
            held.release.set()
            # The strong table moves on by itself once its AI has decided.
            mine = {"Authorization": f"Bearer {strong['token']}"}
            path = f"/api/tables/{strong['table']['id']}"
            moved = await settled(client, path, mine, strong)
            assert moved["deal"]["key"] > strong["deal"]["key"], json.dumps(moved)

    asyncio.run(scenario())


def test_a_double_click_while_the_ais_think_is_refused_at_once(
    tmp_path: Path, held: HeldDecisions
) -> None:
    async def scenario() -> None:
        async with served(tmp_path) as client:
            held.release.set()  # the deal starts at once
            seed = an_ai_first_seed()
            frame: dict[str, Any] = {}
            for number in range(100):  # a deal whose person's action is answered by an AI
                body = new_deal_body("chuopai", seed + number, "strong")
                made = (await client.post("/api/tables", json=body)).json()
                mine = {"Authorization": f"Bearer {made['token']}"}
                path = f"/api/tables/{made['table']['id']}"
                frame = await settled(client, path, mine, made)
                if frame["deal"]["result"] is None and frame["deal"]["view"]["leader"] == 0:
                    break
            held.release.clear()
            held.started.clear()
            deal = frame["deal"]
            body = {"type": "act", "action": deal["options"][0], "key": deal["key"]}
            first = await client.post(path + "/actions", json=body, headers=mine)
            assert first.status_code == 200, "answered at once: the AI thinks after it"
            await wait_until(held.started)
            # A double click: refused at once, without any AI work.
            again = await client.post(path + "/actions", json=body, headers=mine)
            assert again.status_code == 409 and "moved on" in again.json()["error"]
            # Basic deals never wait on the workers.
            basic = await client.post("/api/tables", json=new_deal_body("sisepai"))
            assert basic.status_code == 201
            held.release.set()

    asyncio.run(scenario())


def test_a_hint_job_that_starts_after_its_deadline_is_not_searched() -> None:
    game = get_game("chuopai")
    state = game.deal(*game.shuffle(random.Random(3)))
    late = give_hint("chuopai", state.view(0), state.legal_actions(), time.monotonic() - 1)
    assert late is None, "its asker has moved on: the worker is free for the next job"
