"""One name per player, the same for every viewer, and prompts that say truthfully whom
the table waits for (issue 24).

Each person sees the table from their own seat, so names taken from places (*East*)
meant a different player on each screen. Every frame now names every seat by its
player, identically for every seat at the table; the page writes its log, prompts and
end panel from those names and the events' seat numbers, which are absolute."""

from __future__ import annotations

import dataclasses
import doctest
import random
from typing import Any

from cardavia.store import TableSeat
from cardavia.web import games
from cardavia.web.services.tables.frames import Moment, choosing
from cardavia.web.services.tables.model import AI, seat_names, with_seat
from cardavia.web.services.tables.service import TableService
from cardavia.web.words import players
from cardavia.web.words.players import SEAT_NAMES, SPARE_NAMES, solo_names
from cardavia.web.words.text import identity as english

from .conftest import Table, open_table, play_out


def names_in(data: dict[str, Any]) -> list[str | None]:
    """The name a frame gives each seat."""
    return [place.get("name") for place in data["table"]["seats"]]


def public_log(data: dict[str, Any]) -> list[tuple[str, Any]]:
    """The events of a frame's log that every seat sees, as (type, seat) pairs: the
    seat numbers the page turns into names."""
    return [(event["type"], event.get("seat")) for event in data["deal"]["events"]]


def test_every_viewer_names_every_player_the_same(service: TableService) -> None:
    # Three friends and an AI: the AI is Zhu (seat 2) on every screen, not East, North
    # and West as seen from three seats.
    table = open_table(service, "sisepai", ["person", "basic", "person"])
    # Only people are shown a table (an AI's seat has no screen, and no log is kept).
    frames = [table.frame(seat) for seat in (0, 1, 3)]
    assert all(names_in(data) == ["Ann", "Bo", "Zhu", "Cy"] for data in frames)
    assert [data["table"]["you"] for data in frames] == [0, 1, 3]
    assert play_out(table, random.Random(4)) > 0
    ended = [table.frame(seat) for seat in (0, 1, 3)]
    assert all(names_in(data) == ["Ann", "Bo", "Zhu", "Cy"] for data in ended)
    # The result names the same seat for everyone, and the public log tells the same
    # story in the same seats (a sealed answer is its own seat's alone).
    assert len({str(data["deal"]["result"]) for data in ended}) == 1
    logs = [[entry for entry in public_log(data) if entry[0] != "answered"] for data in ended]
    assert logs[0] == logs[1] == logs[2]
    # The record names the players as the table did.
    moment = table.read()
    assert moment.live is not None
    record = service.deals.record(moment.live)
    assert record.meta["players"] == ["Ann", "Bo", "Zhu", "Cy"]
    assert record.meta["levels"][2] == "basic"


def test_an_ai_never_takes_a_name_that_looks_like_a_persons(service: TableService) -> None:
    # Seat 2's own name is Zhu; a person called "zhu" (or "Ζhu", a Greek Zeta) would
    # make "Zhu won" ambiguous, so the AI takes the first spare name.
    for lookalike in ("zhu", "\u0396hu"):
        table = open_table(service, "sisepai", ["person", "basic", "basic"], ("Ann", lookalike))
        assert names_in(table.frame(0)) == ["Ann", lookalike, SPARE_NAMES[0], "Ju"]
    table = open_table(
        service, "sisepai", ["basic", "basic", "person"], ("Lan", "Tao"), start=False
    )
    assert seat_names(table.read().table) == ["Lan", "Yun", "Zhu", "Tao"]


def test_a_deal_against_the_ais_names_them_as_a_table_does() -> None:
    # Solo and friends read alike: the AIs in the same seats have the same names.
    assert games.WEB_GAMES["sisepai"].seat_names(english) == ["You", *SEAT_NAMES[1:]]
    assert games.WEB_GAMES["chuopai"].seat_names(english) == ["You", "Lan", "Zhu"]
    assert solo_names("Jij", 3) == ["Jij", "Lan", "Zhu"]
    # Places stay places, for the form that seats friends.
    assert games.WEB_GAMES["sisepai"].positions(english) == ["You", "East", "North", "West"]
    assert doctest.testmod(players).failed == 0


def choosing_for_all(table: Table, seats: tuple[int, ...]) -> set[str]:
    """What every person's frame says the table waits for (one answer, or a failure)."""
    return {str(table.frame(seat)["deal"]["choosing"]) for seat in seats}


def test_the_prompt_names_the_people_the_table_waits_for(service: TableService) -> None:
    # Chuo Pai: every play is one seat's turn, so the person whose turn it is is named
    # on every screen, hers included; the AI's turns are played at once.
    table = open_table(service, "chuopai", ["person", "basic"])
    rng = random.Random(9)
    for _ in range(12):
        moment = table.read()
        assert moment.live is not None
        if moment.live.over:
            break
        (seat,) = table.waiting()
        assert moment.live.deal.state.to_act == seat
        assert choosing_for_all(table, (0, 1)) == {str([seat])}
        table.act(seat, rng.choice(table.waiting()[seat]))


def test_a_claim_window_names_nobody(service: TableService) -> None:
    # Who may claim a card is their concealed cards' business: in a window every
    # screen says "the others", and says it alike.
    table = open_table(service, "sisepai", ["person"] * 3)
    rng = random.Random(6)
    windows = 0
    for _ in range(300):
        waiting = table.waiting()  # the decisions on show before it have passed
        moment = table.read()
        assert moment.live is not None
        if moment.live.over:
            break
        frames = [table.frame(seat) for seat in range(4)]
        if frames[0]["deal"]["window"]:
            windows += 1
            assert all(data["deal"]["choosing"] == [] for data in frames)
        else:
            actor = moment.live.deal.state.to_act
            assert all(data["deal"]["choosing"] == [actor] for data in frames)
        seat = min(waiting)
        table.act(seat, rng.choice(waiting[seat]))
    assert windows > 0


def test_nobody_is_named_while_the_ais_alone_are_to_act(service: TableService) -> None:
    # The seat to act played by the AI (its own seat, or its person's while away): the
    # page says "The AIs are playing…", so the frame names nobody.
    table = open_table(service, "chuopai", ["person", "basic"])
    moment = table.read()
    (seat,) = table.waiting()
    assert choosing(moment) == [seat]
    place = moment.table.seats[seat]
    for stand_in in (TableSeat(AI, level="basic"), dataclasses.replace(place, played=True)):
        given = Moment(with_seat(moment.table, seat, stand_in), moment.live)
        assert choosing(given) == []
