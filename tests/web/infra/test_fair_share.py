"""The workers' fair share: one client never holds every worker, waiting clients take
turns, a job too late is never started, and a job its caller gave up on keeps its slot
until it ends (issue 28, holes 1 and 4)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from cardavia.web.infra.fair_share import FairShare
from cardavia.web.infra.thinking import share_per_client


class Jobs:
    """Jobs that start when given a slot, say so, and end when told to."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.release = asyncio.Event()

    def job(self, name: str) -> Callable[[], Awaitable[str]]:
        async def run() -> str:
            self.started.append(name)
            await self.release.wait()
            return name

        return run


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_one_clients_flood_leaves_a_worker_for_the_next_client() -> None:
    async def scenario() -> None:
        share = FairShare(slots=2, per_client=1)
        jobs = Jobs()
        flood = [asyncio.create_task(share.run("A", jobs.job(f"A{i}"))) for i in range(8)]
        await settle()
        other = asyncio.create_task(share.run("B", jobs.job("B0")))
        await settle()
        assert jobs.started == ["A0", "B0"], "B starts at once, beside one job of A's"
        assert share.holding("A") == 1 and share.waiting("A") == 7
        jobs.release.set()
        assert await other == "B0"
        assert sorted(await asyncio.gather(*flood)) == sorted(f"A{i}" for i in range(8))
        assert share.holding("A") == share.holding("B") == 0

    asyncio.run(scenario())


def test_waiting_clients_take_turns_whatever_the_number_of_jobs_each_sent() -> None:
    async def scenario() -> None:
        share = FairShare(slots=1, per_client=1)
        jobs = Jobs()
        blocker = asyncio.create_task(share.run("Z", jobs.job("Z")))
        await settle()
        tasks = [asyncio.create_task(share.run("A", jobs.job(f"A{i}"))) for i in range(4)]
        await settle()
        tasks += [asyncio.create_task(share.run("B", jobs.job(f"B{i}"))) for i in range(2)]
        await settle()
        jobs.release.set()
        await asyncio.gather(blocker, *tasks)
        assert jobs.started == ["Z", "A0", "B0", "A1", "B1", "A2", "A3"]

    asyncio.run(scenario())


def test_a_job_without_a_slot_by_its_deadline_never_starts() -> None:
    async def scenario() -> None:
        share = FairShare(slots=1, per_client=1)
        jobs = Jobs()
        blocker = asyncio.create_task(share.run("A", jobs.job("A0")))
        await settle()
        with pytest.raises(TimeoutError):
            await share.run("B", jobs.job("late"), timeout=0.05)
        assert share.waiting("B") == 0
        jobs.release.set()
        await blocker
        assert await share.run("B", jobs.job("B1")) == "B1"
        assert "late" not in jobs.started

    asyncio.run(scenario())


def test_a_job_whose_caller_gave_up_holds_its_worker_until_it_ends() -> None:
    async def scenario() -> None:
        share = FairShare(slots=1, per_client=1)
        jobs = Jobs()
        with pytest.raises(TimeoutError):
            await share.run("A", jobs.job("A0"), timeout=0.05)
        assert share.holding("A") == 1, "the worker is still busy with it"
        following = asyncio.create_task(share.run("B", jobs.job("B0")))
        await settle()
        assert jobs.started == ["A0"]
        jobs.release.set()
        assert await following == "B0"
        assert share.holding("A") == 0

    asyncio.run(scenario())


@pytest.mark.parametrize(("workers", "share"), [(1, 1), (2, 1), (3, 1), (4, 2), (8, 4)])
def test_a_client_may_hold_half_the_workers_at_most(workers: int, share: int) -> None:
    assert share_per_client(workers) == share
    assert share_per_client(workers) < workers or workers == 1
