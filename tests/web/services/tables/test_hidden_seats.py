"""The strong proof, per seat of a table of people: what a seat receives does not depend
on the cards it cannot see, nor on whether another person had a choice.

A deal is played at a table where every seat is a person the test plays (each answers
as soon as it may: early, sealed answers held until the engine asks). For one seat, a
world that seat cannot tell apart is built (``tests/support/worlds.py``: its unseen
cards permuted, the public history replayed, other seats' lapsed answers replaced) and
played at another table the same way. Another seat that had a choice in one world may
have none in the other (the engine then answers for it at once): the table still shows
every decision for its minimum time, so the worlds are compared on the **whole sequence
of frames** the seat receives — every frame the hub would push, in order, which is also
what its long polls answer — and every frame of either world must show no engine step,
no ``to_act`` inside a window and no other seat's answer (issue 28, hole 5).

The table's time is the test's ``Clock``: when the table waits for nobody (a decision
held open for its minimum time), the test moves the clock on and lets the table's timer
fire, as the sweep of :mod:`cardavia.web.services.tables.tasks` would.
"""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path
from typing import Any

import pytest
from worlds import indistinguishable, random_decisions

from cardavia.games.registry import get_game
from cardavia.store import sqlite_url
from cardavia.web.services.tables.frames import waiting_on
from cardavia.web.services.tables.hub import Hub, Watcher
from cardavia.web.services.tables.service import TableService

from .conftest import START, Clock, make_service, open_table, run

DEALS = 5
"""Per game: each deal gives one world for one of its seats."""
PATIENCE = 2.0
"""Seconds the test lets pass when the table waits for nobody (more than any hold)."""


def decisions_of(game: str, seed: int) -> tuple[tuple[Any, ...], int, list[tuple[int, str]]]:
    """A deal's deck, first seat and random decisions (engine order): all of a Sì Sè
    Pái deal's; a Chuo Pai deal's first rounds (every play is public, so a world that
    agrees with a whole deal is rare; the first rounds hide most of the cards)."""
    deck, first, decisions = random_decisions(game, seed)
    if game == "chuopai":
        decisions = decisions[: len(decisions) // 4]
    return deck, first, decisions


def frames_at_a_table(
    service: TableService,
    clock: Clock,
    game: str,
    deck: tuple[Any, ...],
    first: int,
    decisions: list[tuple[int, str]],
    observer: int,
) -> list[dict[str, Any]]:
    """Play ``decisions`` at a new table dealt ``deck``; every new frame ``observer``
    would be pushed, ids blanked (they differ between tables by nature)."""
    # The same deal number too: the last frame shows it; the same hour (timers show it).
    clock.now = START
    service.shuffle, service.seeds = (lambda _game, _seed: (deck, first)), (lambda: 7)
    players = get_game(game).players
    table = open_table(service, game, ["person"] * (players - 1))
    hub = Hub(service)
    token_hash = table.read().table.seats[observer].token_hash or ""
    watcher = Watcher(table.id, observer, token_hash)
    hub.watch(watcher, table.read())
    queues: dict[int, deque[str]] = {seat: deque() for seat in range(players)}
    for seat, text in decisions:
        queues[seat].append(text)
    frames = []
    for _ in range(20000):
        data = hub.frame_for(watcher)
        if data is not None:
            frames.append(_blank(data))
        if frames[-1]["deal"]["result"] is not None:
            break  # the end, as the seat sees it
        moment = table.read()
        assert moment.live is not None
        waiting = waiting_on(moment)  # one decision on show at a time: each frame seen
        if not waiting:
            # A decision held open for its minimum time: let it pass.
            clock.advance(PATIENCE)
            run(service.tick(table.id))
            continue
        # The observer answers the moment it may; everyone else when the engine asks.
        seat = observer if observer in waiting else moment.live.deal.state.to_act
        assert seat in waiting
        if not queues[seat]:
            break  # the end of a deal's beginning
        table.act(seat, queues[seat].popleft())
    else:
        raise AssertionError("the table never got to the end")
    return frames


def _blank(data: dict[str, Any]) -> dict[str, Any]:
    table = {**data["table"], "id": "-"}
    deal = data["deal"] and {**data["deal"], "id": "-"}
    return {**data, "table": table, "deal": deal, "mark": "-"}


def events(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [event for data in frames if data["deal"] for event in data["deal"]["events"]]


def still(data: dict[str, Any]) -> dict[str, Any]:
    """A frame without the events it brings (how many come in one frame is a matter of
    when the seat's browser was told, which waiting decides: they are compared as one
    stream)."""
    return {**data, "deal": data["deal"] and {**data["deal"], "events": None}}


def asked(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [still(data) for data in frames if data["deal"] and data["deal"]["options"]]


def check_nothing_telling(frames: list[dict[str, Any]], observer: int) -> None:
    for data in frames:
        deal = data["deal"]
        if deal is None:
            continue
        assert "step" not in deal["view"] and "history" not in deal["view"]
        if deal["window"]:
            assert deal["view"]["to_act"] is None
        for event in deal["events"]:
            if event["type"] == "answered":
                assert event["seat"] == observer, "another seat's sealed answer"
            if "forced" in event:
                assert event["seat"] == observer


# Slow (whole frame sequences of ten deals): the full run's, not the quick lane's.
@pytest.mark.slow
@pytest.mark.parametrize("game", ["sisepai", "chuopai"])
def test_a_world_a_seat_cannot_tell_apart_sends_it_the_same_frames(
    tmp_path: Path, game: str
) -> None:
    clock = Clock()
    service = make_service(sqlite_url(tmp_path / "tables.sqlite3"), clock)
    rng = random.Random(f"seats {game}")
    players = get_game(game).players
    compared = 0
    for number in range(DEALS):
        deck, first, decisions = decisions_of(game, 100 + number)
        observer = number % players
        real = frames_at_a_table(service, clock, game, deck, first, decisions, observer)
        check_nothing_telling(real, observer)
        world = indistinguishable(game, deck, first, decisions, rng, observer)
        if world is None:
            continue
        other_deck, other_decisions, _ = world
        other = frames_at_a_table(
            service, clock, game, other_deck, first, other_decisions, observer
        )
        check_nothing_telling(other, observer)
        assert events(other) == events(real)
        assert asked(other) == asked(real)
        assert still(other[-1]) == still(real[-1])
        assert len(other) == len(real), f"seat {observer}: {len(other)} frames, not {len(real)}"
        for index, (mine, theirs) in enumerate(zip(other, real, strict=True)):
            assert mine == theirs, f"seat {observer}'s frame {index} differs"
        compared += 1
    assert compared >= DEALS - 1, compared


@pytest.mark.slow
def test_the_proof_sees_a_leak_when_there_is_one(tmp_path: Path) -> None:
    """Show the engine's ``to_act`` inside claim windows again, and the comparison
    fails: the proof can tell."""
    clock = Clock()
    service = make_service(sqlite_url(tmp_path / "tables.sqlite3"), clock)
    rng = random.Random("leak")
    import cardavia.web.services.tables.frames as frames_module

    real_frame = frames_module.frame

    def leaky(moment: Any, seat: int, since: int, away: float) -> dict[str, Any]:
        data = real_frame(moment, seat, since, away)
        if data["deal"] is not None and moment.live is not None:
            data["deal"]["asking"] = moment.live.deal.state.to_act
        return data

    import cardavia.web.services.tables.hub as hub_module

    hub_module.frame = leaky  # type: ignore[attr-defined]
    try:
        differed = 0
        for number in range(DEALS):
            deck, first, decisions = decisions_of("sisepai", 300 + number)
            real = frames_at_a_table(service, clock, "sisepai", deck, first, decisions, 0)
            world = indistinguishable("sisepai", deck, first, decisions, rng, 0)
            if world is None:
                continue
            other = frames_at_a_table(service, clock, "sisepai", world[0], first, world[1], 0)
            # The sequence comparison sees it (as the decision frames and the last did).
            differed += other != real
        assert differed
    finally:
        hub_module.frame = real_frame  # type: ignore[attr-defined]
