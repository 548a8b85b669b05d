"""Tables of people in the store, on SQLite and PostgreSQL: round trips, one transaction
for a table and its deal, presence leases, due timers, and NOTIFY on commit only."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta

import psycopg
import pytest
from sqlalchemy import select
from sqlalchemy.engine import Engine

from cardavia.store import (
    ONGOING,
    TABLES_CHANNEL,
    GameStore,
    Lease,
    StoredGame,
    StoredTable,
    TableSeat,
    TableStore,
    VersionConflictError,
    normalize_url,
    upgrade,
)
from cardavia.store.tables import deal_people

STAMP = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)


def a_table(table_id: str = "table-0123456789") -> StoredTable:
    return StoredTable(
        id=table_id,
        game="sisepai",
        invite_hash="1" * 64,
        host_seat=0,
        settings={"claim_seconds": 20, "turn_seconds": 60, "absent": "basic"},
        seats=(
            TableSeat("person", name="Ann", token_hash="2" * 64),
            TableSeat("person"),
            TableSeat("ai", level="basic"),
            TableSeat("person", name="李白", token_hash="3" * 64, away=STAMP, played=True),
        ),
        status="gathering",
        game_id=None,
        deals=(),
        held=None,
        decision=None,
        deadline=None,
        due_at=None,
        version=1,
        created_at=STAMP,
        updated_at=STAMP,
    )


def a_deal(game_id: str = "deal-0123456789a") -> StoredGame:
    return StoredGame(
        id=game_id,
        token_hash="0" * 64,
        game="sisepai",
        ai="table",
        seed=7,
        seed_chosen=False,
        first=1,
        deck=("rG", "F3"),
        decisions=(),
        step=3,
        status=ONGOING,
        result=None,
        version=1,
        created_at=STAMP,
        updated_at=STAMP,
        meta={"players": ["Ann", "basic"]},
    )


@pytest.fixture
def stores(engine: Engine) -> tuple[TableStore, GameStore]:
    upgrade(engine)
    games = GameStore(engine)
    return TableStore(games), games


def test_a_table_reads_back_as_it_was_written(stores: tuple[TableStore, GameStore]) -> None:
    tables, _ = stores
    table = a_table()
    tables.insert(table)
    assert tables.get(table.id) == table
    assert tables.get("no-such-table---") is None
    assert "1111" not in repr(table) and "2222" not in repr(table)


def test_a_table_and_its_new_deal_are_written_together(
    stores: tuple[TableStore, GameStore],
) -> None:
    tables, games = stores
    table = a_table()
    tables.insert(table)
    deal = a_deal()
    started = dataclasses.replace(table, status="playing", game_id=deal.id, version=2)
    tables.commit(table, started, game_new=deal)
    assert tables.get(table.id) == started
    found = games.get(deal.id)
    assert found is not None
    # SQLite hands the deal's times back without their zone (GameStore's own matter).
    assert dataclasses.replace(found, created_at=STAMP, updated_at=STAMP) == deal
    # A second writer that read the old table version writes nothing at all, not even
    # the deal it brings.
    other = dataclasses.replace(a_deal("deal-other------"))
    with pytest.raises(VersionConflictError):
        tables.commit(table, dataclasses.replace(started, version=3), game_new=other)
    assert games.get(other.id) is None
    assert tables.get(table.id) == started


def test_a_stale_deal_leaves_the_table_unwritten(stores: tuple[TableStore, GameStore]) -> None:
    tables, games = stores
    table = dataclasses.replace(a_table(), status="playing", game_id="deal-0123456789a")
    deal = a_deal()
    tables.insert(table)
    games.insert(deal)
    moved = dataclasses.replace(deal, decisions=((1, "pass"),), step=4, version=2)
    games.update(deal, decisions=moved.decisions, step=4, status=ONGOING, result=None)
    later = dataclasses.replace(table, version=2, decision=9)
    with pytest.raises(VersionConflictError):
        tables.commit(table, later, game_old=deal, game_new=moved)
    assert tables.get(table.id) == table


def test_leases_run_out_and_are_released_once(stores: tuple[TableStore, GameStore]) -> None:
    tables, _ = stores
    table = a_table()
    tables.insert(table)
    tables.touch([(table.id, 0), (table.id, 3)], STAMP + timedelta(seconds=30))
    assert tables.lapsed(STAMP + timedelta(seconds=29)) == []
    tables.touch([(table.id, 0)], STAMP + timedelta(seconds=60))  # renewed
    tables.leave(table.id, 3, STAMP + timedelta(seconds=5))  # the browser went away
    lapsed = tables.lapsed(STAMP + timedelta(seconds=31))
    assert lapsed == [Lease(table.id, 3, STAMP + timedelta(seconds=5))]
    away = dataclasses.replace(table, version=2)
    tables.commit(table, away, released=lapsed[0])
    assert tables.lapsed(STAMP + timedelta(seconds=31)) == []
    # Another process that found the same lease finds it gone: nothing is written.
    with pytest.raises(VersionConflictError):
        tables.commit(away, dataclasses.replace(away, version=3), released=lapsed[0])
    assert tables.get(table.id) == away


def test_due_tables_are_found_most_overdue_first(stores: tuple[TableStore, GameStore]) -> None:
    tables, _ = stores
    for index, due in enumerate((STAMP + timedelta(seconds=5), STAMP, None)):
        tables.insert(dataclasses.replace(a_table(f"table-{index:011d}"), due_at=due))
    assert tables.due(STAMP - timedelta(seconds=1)) == []
    assert tables.due(STAMP + timedelta(seconds=9)) == ["table-00000000001", "table-00000000000"]


def test_idle_tables_are_pruned(stores: tuple[TableStore, GameStore]) -> None:
    tables, _ = stores
    old = dataclasses.replace(a_table("table-old-------"), updated_at=STAMP - timedelta(days=40))
    tables.insert(old)
    tables.insert(a_table())
    tables.touch([(old.id, 0)], STAMP)
    assert tables.prune(STAMP - timedelta(days=30)) == 1
    assert tables.get(old.id) is None and tables.get(a_table().id) is not None
    assert tables.lapsed(STAMP + timedelta(days=1)) == []


def test_a_commit_is_announced_to_listeners_and_a_conflict_is_not(postgres_url: str) -> None:
    from cardavia.store import open_engine

    engine = open_engine(postgres_url)
    try:
        upgrade(engine)
        tables = TableStore(GameStore(engine))
        table = a_table()
        tables.insert(table)
        dsn = normalize_url(postgres_url).set(drivername="postgresql")
        with psycopg.connect(dsn.render_as_string(hide_password=False), autocommit=True) as conn:
            conn.execute(f"LISTEN {TABLES_CHANNEL}")
            with pytest.raises(VersionConflictError):
                tables.commit(dataclasses.replace(table, version=5), table)
            tables.commit(table, dataclasses.replace(table, version=2))
            heard = [note.payload for note in conn.notifies(timeout=2, stop_after=1)]
            assert heard == [f"{table.id} 2"]
            assert list(conn.notifies(timeout=0.5)) == []
    finally:
        engine.dispose()


def test_a_new_deals_people_are_tied_to_their_browsers_until_it_is_pruned(
    stores: tuple[TableStore, GameStore],
) -> None:
    tables, games = stores
    table = a_table()
    tables.insert(table)
    deal = dataclasses.replace(a_deal(), updated_at=STAMP - timedelta(days=40))
    started = dataclasses.replace(table, status="playing", game_id=deal.id, version=2)
    people = [(0, "a" * 64), (3, "b" * 64)]
    tables.commit(table, started, game_new=deal, people=people)
    assert games.seat_of(deal.id, "a" * 64) == 0 and games.seat_of(deal.id, "b" * 64) == 3
    assert games.seat_of(deal.id, "c" * 64) is None
    assert [(found.id, found.seat) for found in games.owned("b" * 64)] == [(deal.id, 3)]
    # Each person's review is kept once, for their seat only.
    assert games.keep_seat_review(deal.id, 3, {"decisions": 2, "findings": []})
    assert not games.keep_seat_review(deal.id, 3, {"decisions": 9, "findings": []})
    assert games.seat_review(deal.id, 3) == {"decisions": 2, "findings": []}
    assert games.seat_review(deal.id, 0) is None
    assert games.forget_person(deal.id, "a" * 64) and games.owned("a" * 64) == []
    games.prune(STAMP - timedelta(days=30), STAMP - timedelta(days=30))
    assert games.get(deal.id) is None and games.seat_of(deal.id, "b" * 64) is None
    with games.engine.connect() as connection:
        assert connection.execute(select(deal_people)).all() == [], "no person outlives a deal"
