"""Tables of people through their service, on SQLite and PostgreSQL: sealed answers held
until the engine asks, timers that fire once, people away and back, the host's powers,
and every refusal changing nothing."""

from __future__ import annotations

import asyncio
import dataclasses
import random
import unicodedata

import pytest

from cardavia.games.registry import get_game
from cardavia.records import parse_record, replay
from cardavia.web.services.deals import BadActionError
from cardavia.web.services.tables import tasks
from cardavia.web.services.tables.frames import decision_key, waiting_on
from cardavia.web.services.tables.model import (
    BadTableInputError,
    LookalikeNameError,
    TableError,
    TableRefusedError,
    TableSettings,
)
from cardavia.web.services.tables.service import (
    RemovedError,
    SeatTokenError,
    TableFullError,
    TableService,
)

from .conftest import Clock, Table, make_service, open_table, play_out, run


def a_window_with_two_people(table: Table, rng: random.Random) -> dict[int, tuple[str, ...]]:
    """Play on until a claim window waits for two people at once; who, with what."""
    for _ in range(500):
        waiting = table.waiting()
        moment = table.read()
        assert moment.live is not None and not moment.live.over, "no such window found"
        if len(waiting) >= 2:
            return waiting
        seat = min(waiting)
        table.act(seat, rng.choice(waiting[seat]))
    raise AssertionError("no window with two people")


def test_sisepai_D8_answers_are_resolved_by_priority_whoever_answers_first(
    database_url: str, clock: Clock
) -> None:
    # The same deal at two tables; in one window the two people answer in opposite
    # orders. The engine asks them in its order either way, so both tables end the
    # window in the same state, and neither person saw the other's answer meanwhile.
    outcomes = []
    for order in (sorted, lambda seats: sorted(seats, reverse=True)):
        service = make_service(database_url, clock, seed=11)
        table = open_table(service, "sisepai", ["person"] * 3)
        waiting = a_window_with_two_people(table, random.Random(3))
        choices = {seat: options[-1] for seat, options in waiting.items()}
        first, second = order(choices)[:2]
        table.act(first, choices[first])
        # The early answer is shown to its own seat only.
        assert table.frame(first)["deal"]["answer"] == choices[first]
        assert table.frame(second)["deal"]["answer"] is None
        assert choices[first] not in str(table.frame(second)["deal"]["events"][-3:]) or (
            choices[first] == "pass"
        )
        for seat in order(choices)[1:]:
            table.act(seat, choices[seat])
        moment = table.read()
        assert moment.live is not None
        outcomes.append((moment.live.deal.state, tuple(moment.live.stored.decisions)))
        service.tables.engine.dispose()
    assert outcomes[0] == outcomes[1]


def test_a_whole_deal_of_each_game_replays_to_its_result(service: TableService) -> None:
    for game, seats in (("sisepai", ["person", "basic", "person"]), ("chuopai", ["person"] * 2)):
        table = open_table(service, game, seats)
        assert play_out(table, random.Random(5)) > 0
        moment = table.read()
        assert moment.live is not None and moment.table.status == "over"
        record = service.deals.record(moment.live)
        again = replay(parse_record(record.dumps()))
        assert again.state.outcome is not None
        assert again.state.outcome.to_json() == moment.live.stored.result
        assert record.meta["players"][:2] == ["Ann", "Bo"]


def test_a_timer_that_runs_out_lets_the_absent_players_ai_decide_once(
    database_url: str, clock: Clock
) -> None:
    # Two server processes sweep the same database at the same moment: the timeout
    # move is applied once, and the log says the AI decided.
    one = make_service(database_url, clock)
    two = make_service(database_url, clock)
    table = open_table(one, "chuopai", ["person", "basic"])
    waiting = table.waiting()
    seat = next(iter(waiting))
    decisions = len(table.read().live.stored.decisions)  # type: ignore[union-attr]
    clock.advance(59)
    run(tasks.sweep(one))
    assert table.waiting() == waiting, "not before its time"
    clock.advance(2)

    async def both() -> None:
        await asyncio.gather(tasks.sweep(one), tasks.sweep(two))

    run(both())
    moment = table.read()
    assert moment.live is not None
    meta = moment.live.stored.meta or {}
    timeouts = [n for n in meta["notes"] if n["event"]["reason"] == "timeout"]
    assert [n["at"] for n in timeouts] == [decisions]
    assert moment.live.stored.decisions[decisions][0] == seat
    # Everyone's log says so (a Chuo Pai play is public).
    for viewer in (0, 1):
        stood_in = [e for e in table.frame(viewer)["deal"]["events"] if e["type"] == "stood_in"]
        assert stood_in == [
            {"type": "stood_in", "seat": seat, "reason": "timeout", "level": "basic"}
        ]
    one.tables.engine.dispose()
    two.tables.engine.dispose()


def test_a_claim_windows_timeout_note_is_for_its_own_seat_only(
    service: TableService, clock: Clock
) -> None:
    settings = TableSettings(claim_seconds=5)
    table = open_table(service, "sisepai", ["person"] * 3, settings=settings)
    rng = random.Random(8)
    while True:
        moment = table.read()
        assert moment.live is not None and not moment.live.over
        if moment.live.presenter.window(moment.live.deal.state.view(0)) and table.waiting():
            break
        waiting = table.waiting()
        seat = min(waiting)
        table.act(seat, rng.choice(waiting[seat]))
    late = sorted(table.waiting())
    assert table.frame(late[0])["deal"]["timer"]["kind"] == "claim"
    clock.advance(6)
    run(tasks.sweep(service))
    for viewer in range(4):
        notes = [e for e in table.frame(viewer)["deal"]["events"] if e["type"] == "stood_in"]
        assert [n["seat"] for n in notes] == ([viewer] if viewer in late else [])


def test_an_early_answer_is_kept_when_the_window_times_out(
    service: TableService, clock: Clock
) -> None:
    table = open_table(service, "sisepai", ["person"] * 3, settings=TableSettings(claim_seconds=5))
    waiting = a_window_with_two_people(table, random.Random(4))
    later = max(waiting)
    table.act(later, waiting[later][0])
    clock.advance(6)
    run(tasks.sweep(service))
    moment = table.read()
    assert moment.live is not None
    notes = (moment.live.stored.meta or {})["notes"]
    assert later not in [note["event"]["seat"] for note in notes]
    assert [later, waiting[later][0]] in [list(d) for d in moment.live.stored.decisions]


def test_a_person_away_is_played_by_the_ai_and_takes_the_seat_back(
    service: TableService, clock: Clock
) -> None:
    table = open_table(service, "chuopai", ["person", "basic"])
    for seat in table.tokens:
        run(service.arrive(table.id, seat))
    waiting = table.waiting()
    seat = next(iter(waiting))
    service.leave(table.id, seat)
    clock.advance(1)
    run(tasks.sweep(service))
    place = table.frame(0)["table"]["seats"][seat]
    assert place["state"] == "away" and place["takeover"] > 0
    assert table.waiting() == waiting, "the person still has their time"
    clock.advance(service.away_seconds)
    run(tasks.sweep(service))
    assert table.frame(0)["table"]["seats"][seat]["state"] == "played"
    # The AI plays every decision of that seat at once now.
    assert seat not in table.waiting()
    run(service.arrive(table.id, seat))
    assert table.frame(0)["table"]["seats"][seat]["state"] == "here"
    moment = table.read()
    assert moment.live is not None
    if not moment.live.over:
        rng = random.Random(1)
        while seat not in table.waiting():
            waiting = table.waiting()
            other = next(iter(waiting))
            table.act(other, rng.choice(waiting[other]))
        assert seat in table.waiting(), "back at the table, the person decides again"


def test_a_browser_that_never_connects_is_away_after_its_first_lease(
    service: TableService, clock: Clock
) -> None:
    table = open_table(service, "chuopai", ["person", "basic"])
    clock.advance(31)
    run(tasks.sweep(service))
    assert [s["state"] for s in table.frame(0)["table"]["seats"]] == ["away", "away", "ai"]


def test_the_host_removes_a_person_and_an_ai_plays_the_seat(service: TableService) -> None:
    table = open_table(service, "sisepai", ["person", "basic", "person"])
    with pytest.raises(TableRefusedError, match="only the host"):
        run(service.remove(table.id, 1, 3))
    run(service.remove(table.id, 0, 3))
    seats = table.frame(0)["table"]["seats"]
    assert seats[3]["kind"] == "ai" and seats[3]["state"] == "ai"
    with pytest.raises(RemovedError, match="gave your seat"):
        service.seat_of(table.id, table.tokens[3])
    assert 3 not in table.waiting()
    assert play_out(table, random.Random(2)) >= 0


def test_the_host_fills_a_free_seat_with_the_ai_before_dealing(service: TableService) -> None:
    # Bo takes seat 1; nobody has come for seat 3 yet.
    table = open_table(
        service, "sisepai", ["person", "basic", "person"], ("Ann", "Bo"), start=False
    )
    assert [seat["state"] for seat in table.frame(0)["table"]["seats"]][3] == "free"
    run(service.remove(table.id, 0, 3))
    seats = table.frame(0)["table"]["seats"]
    assert [seat["state"] for seat in seats] == ["here", "here", "ai", "ai"]
    assert seats[3]["level"] == "basic"
    with pytest.raises(TableError, match="an AI already plays"):
        run(service.remove(table.id, 0, 2))
    with pytest.raises(TableFullError):
        service.join(table.id, table.invite, "Ed")
    run(service.start(table.id, 0))
    assert set(table.waiting()) <= {0, 1}


def test_refusals_say_why_and_change_nothing(service: TableService) -> None:
    table = open_table(service, "chuopai", ["person", "person"], start=False)
    before = table.read().table
    with pytest.raises(TableFullError, match="every seat"):
        service.join(table.id, table.invite, "Ed")
    with pytest.raises(SeatTokenError, match="no seat at this table"):
        service.seat_of(table.id, "not-a-token")
    with pytest.raises(SeatTokenError):
        service.seat_of(table.id, None)
    for name, problem in (("<b>Ed</b>", "< or >"), ("", "give a name"), ("x" * 25, "24"),
                          ("Ed\u202e", r"U\+202E")):  # fmt: skip
        with pytest.raises(BadTableInputError, match=problem):
            service.create("chuopai", name, ["person", "basic"], TableSettings())
    with pytest.raises(TableRefusedError):
        run(service.start(table.id, 1))
    assert table.read().table == before
    run(service.start(table.id, 0))
    waiting = table.waiting()
    seat = next(iter(waiting))
    other = next(s for s in range(3) if s not in waiting)
    started = table.read()
    with pytest.raises(TableError, match="not your turn"):
        table.act(other, "pass")
    with pytest.raises(BadActionError, match="not one of your choices"):
        table.act(seat, "play 66 66 66")
    with pytest.raises(BadActionError):
        table.act(seat, "utter nonsense")
    with pytest.raises(TableError, match="moved on"):
        run(service.act(table.id, seat, waiting[seat][0], table.key() + 1))
    assert table.read().table == started.table
    assert table.read().live.stored == started.live.stored  # type: ignore[union-attr]


INVISIBLE = [
    "\u200b", "\u00ad", "\u3164", "\uffa0", "\u2800", "\u115f", "\u061c", "\u2060",
    "\ufeff", "\U000e0041\U000e0042", "\u0301\u0308", "\u0301 \u0308",
    "\u200b\u0301",
]  # fmt: skip
"""Names that show nothing at all (issue 28 found each of them accepted)."""


def escaped(name: str) -> str:
    return name.encode("unicode_escape").decode()


@pytest.mark.parametrize("name", INVISIBLE, ids=escaped)
def test_a_name_with_nothing_visible_is_refused(service: TableService, name: str) -> None:
    with pytest.raises(BadTableInputError, match=r"invisible character|not only combining marks"):
        service.create("chuopai", name, ["person", "basic"], TableSettings())


HIDING = [
    "Ann\u200b", "A\u00adnn", "Ann\u3164", "\u2800Ann", "Ann\u2060", "\ufeffAnn",
    "Ann\U000e0041", "Ann\u061c", "Ann\u200d", "A\u200dnn", "Ann\ufe0f", "\u202eAnn",
]  # fmt: skip


@pytest.mark.parametrize("name", HIDING, ids=escaped)
def test_a_name_hiding_an_invisible_character_is_refused(service: TableService, name: str) -> None:
    with pytest.raises(BadTableInputError, match=r"invisible character U\+"):
        service.create("chuopai", name, ["person", "basic"], TableSettings())


EMOJI = [
    "Ann \u2764\ufe0f",  # a heart as a phone types it
    "\U0001f469\U0001f3fd\u200d\U0001f4bb",  # woman technologist, medium skin tone
    "\U0001f3f3\ufe0f\u200d\U0001f308 Bo",  # rainbow flag
    "\U0001f468\u200d\U0001f469\u200d\U0001f467",  # family
    "Zoe\u0308\u0301",
]


def test_emoji_keep_their_selectors_and_joiners(service: TableService) -> None:
    for name in EMOJI:
        moment, _, _ = service.create("chuopai", name, ["person", "basic"], TableSettings())
        assert moment.table.seats[0].name == unicodedata.normalize("NFC", name)


def test_a_name_like_another_at_the_table_is_refused(service: TableService) -> None:
    moment, _, invite = service.create("sisepai", "Host", ["person"] * 3, TableSettings())
    table_id = moment.table.id
    for lookalike in ("Ноst", "Host", "Ho\u0455t"):  # Cyrillic Н and о; Cyrillic ѕ
        with pytest.raises(LookalikeNameError, match="looks like the name of someone"):
            service.join(table_id, invite, lookalike)
    service.join(table_id, invite, "host")  # a case apart is not a lookalike (UTS #39)
    with pytest.raises(LookalikeNameError):
        service.join(table_id, invite, "ho\u0455t")
    assert [seat.name for seat in service.read(table_id).table.seats] == [
        "Host",
        "host",
        None,
        None,
    ]


def test_names_in_any_script_are_kept_as_written(service: TableService) -> None:
    for name in ("李白", "Ζωή", "Đặng Thị", "  محمد  علي ", 'A & B "quoted"'):
        moment, _, _ = service.create("chuopai", name, ["person", "basic"], TableSettings())
        expected = " ".join(name.split())
        assert moment.table.seats[0].name == expected


def test_play_this_deal_again_deals_the_same_cards_to_the_same_seats(
    service: TableService,
) -> None:
    table = open_table(service, "chuopai", ["person", "basic"])
    play_out(table, random.Random(9))
    first = table.read().live
    assert first is not None
    run(service.again(table.id, 0, same=True))
    again = table.read()
    assert again.live is not None and again.table.deals == (first.stored.id,)
    assert again.live.stored.deck == first.stored.deck
    assert again.live.stored.first == first.stored.first
    assert again.table.status == "playing"
    engine = get_game("chuopai")
    assert len(again.live.stored.deck) == len(engine.full_deck())
    assert dataclasses.replace(again.live.stored, id=first.stored.id) != first.stored


def test_the_decision_key_is_public(service: TableService) -> None:
    # Inside a claim window the key stays put while sealed answers come in.
    table = open_table(service, "sisepai", ["person"] * 3)
    waiting = a_window_with_two_people(table, random.Random(6))
    key = table.key()
    first = min(waiting)
    table.act(first, waiting[first][0])
    if len(waiting) > 1 and table.waiting():
        assert table.key() == key
    moment = table.read()
    assert moment.live is not None
    assert decision_key(moment.live) == len(moment.live.deal.state.history)
    assert waiting_on(moment) == table.waiting()


def test_a_process_whose_copy_of_the_table_is_behind_judges_the_action_on_the_stored_table(
    database_url: str, clock: Clock
) -> None:
    """An action is first tried on the table as its process last had it (a solo action
    need not read back what it wrote). When another process moved the table on since,
    the action is judged on the table as stored: a right one is played, not refused as
    out of date, and a stale one is still refused and changes nothing."""
    first, second = make_service(database_url, clock), make_service(database_url, clock)
    try:
        mine = open_table(first, "chuopai", ["basic", "basic"])
        theirs = Table(second, mine.id, mine.invite, mine.tokens)
        rng = random.Random(3)

        def play(table: Table) -> None:
            options = table.waiting()[0]
            key = decision_key(table.read().live)  # type: ignore[arg-type]
            run(
                table.service.act(
                    mine.id, 0, rng.choice(options), key, table.service.recent(mine.id)
                )
            )

        play(mine)  # the first process now holds the table as it wrote it
        remembered = first.recent(mine.id).table.version
        play(theirs)  # ... and the second moves it on
        stored = second.read(mine.id)
        assert stored.table.version > remembered == first.recent(mine.id).table.version
        assert stored.live is not None and not stored.live.over
        stale_key = decision_key(first.recent(mine.id).live)  # type: ignore[arg-type]
        action = waiting_on(stored)[0][0]
        key = decision_key(stored.live)
        played = run(first.act(mine.id, 0, action, key, first.recent(mine.id)))
        after = second.read(mine.id)
        assert played.table.version == after.table.version == stored.table.version + 1
        assert after.live is not None
        assert (0, action) in after.live.stored.decisions[len(stored.live.stored.decisions) :]
        with pytest.raises(TableError):
            run(first.act(mine.id, 0, action, stale_key, first.recent(mine.id)))
        assert second.read(mine.id).table.version == after.table.version, "nothing changed"
    finally:
        first.tables.engine.dispose()
        second.tables.engine.dispose()


def test_a_process_told_to_keep_no_deals_keeps_no_tables_either(
    database_url: str, clock: Clock
) -> None:
    """``CARDAVIA_CACHE_DEALS=0`` (replay on every request) also means no copy of a
    table: every action is tried on the table as stored."""
    forgetful, other = (
        make_service(database_url, clock, cache_deals=0),
        make_service(database_url, clock),
    )
    try:
        table = open_table(forgetful, "chuopai", ["basic", "basic"])
        version = forgetful.recent(table.id).table.version
        moved = Table(other, table.id, table.invite, table.tokens)
        moved.act(0, moved.waiting()[0][0])
        assert (
            forgetful.recent(table.id).table.version == other.read(table.id).table.version > version
        )
    finally:
        forgetful.tables.engine.dispose()
        other.tables.engine.dispose()
