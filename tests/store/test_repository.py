"""The game store on SQLite and PostgreSQL: migrations, round trips, optimistic updates."""

from __future__ import annotations

import contextlib
import dataclasses
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

from cardavia.store import (
    FINISHED,
    NEVER,
    ONGOING,
    GameStore,
    SchemaTooNewError,
    StoredGame,
    StoreUnavailableError,
    VersionConflictError,
    normalize_url,
    open_engine,
    repository,
    upgrade,
)
from cardavia.store.migrate import current_revision, head_revision
from cardavia.store.repository import now
from cardavia.store.tables import metadata

STAMP = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)


def a_game(game_id: str = "abcdefghijklmnop") -> StoredGame:
    return StoredGame(
        id=game_id,
        token_hash="0" * 64,
        game="sisepai",
        ai="basic",
        seed=2**53 - 1,
        seed_chosen=False,
        first=2,
        deck=("rG", "F3", "yS"),
        decisions=((2, "take rG"), (2, "discard wS")),
        step=17,
        status=ONGOING,
        result=None,
        version=1,
        created_at=STAMP,
        updated_at=STAMP,
    )


def test_migrations_create_exactly_the_tables_the_code_uses(engine: Engine) -> None:
    assert current_revision(engine) is None
    assert upgrade(engine) == head_revision()
    assert upgrade(engine) == head_revision(), "upgrading twice is harmless"
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), metadata)
    assert differences == []


def test_a_stored_game_reads_back_as_it_was_written(engine: Engine) -> None:
    upgrade(engine)
    store = GameStore(engine)
    game = a_game()
    store.insert(game)
    read = store.get(game.id)
    assert read is not None
    assert dataclasses.replace(read, created_at=STAMP, updated_at=STAMP) == game
    assert store.get("nobody-has-this-") is None
    assert "deck" not in repr(read) and str(game.seed) not in repr(read)


def test_updates_are_optimistic(engine: Engine) -> None:
    upgrade(engine)
    store = GameStore(engine)
    game = a_game()
    store.insert(game)
    result = {"result": "win", "winner": 1, "score": 7, "groups": [["rG"]]}
    moved = store.update(
        game, decisions=[*game.decisions, (3, "pass")], step=19, status=FINISHED, result=result
    )
    assert moved.version == 2 and moved.decisions[-1] == (3, "pass")
    read = store.get(game.id)
    assert read is not None and read.version == 2 and read.result == result
    assert read.status == FINISHED and read.step == 19
    # A second writer that read version 1 changes nothing.
    with pytest.raises(VersionConflictError):
        store.update(game, decisions=[], step=0, status=ONGOING, result=None)
    again = store.get(game.id)
    assert again is not None and again.decisions == moved.decisions


def test_a_database_newer_than_this_code_is_refused(engine: Engine) -> None:
    upgrade(engine)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    with pytest.raises(SchemaTooNewError, match="9999"):
        upgrade(engine)


def test_an_unreachable_database_is_one_clear_error(tmp_path: object) -> None:
    store = GameStore(open_engine("postgresql://nobody@127.0.0.1:1/none?connect_timeout=1"))
    with pytest.raises(StoreUnavailableError):
        store.get("abcdefghijklmnop")


def test_postgres_urls_always_use_psycopg_3() -> None:
    for url in ("postgres://u:p@h/db", "postgresql://u:p@h/db", "postgresql+psycopg://u:p@h/db"):
        assert normalize_url(url).drivername == "postgresql+psycopg"
    assert normalize_url("sqlite:///x.db").drivername == "sqlite"


def test_prune_removes_idle_and_old_finished_deals_and_keeps_the_rest(engine: Engine) -> None:
    upgrade(engine)
    store = GameStore(engine)
    day = timedelta(days=1)
    rows = {
        "idle-old--------": (ONGOING, STAMP - 40 * day),
        "idle-fresh------": (ONGOING, STAMP - 2 * day),
        "done-old--------": (FINISHED, STAMP - 40 * day),
        "done-fresh------": (FINISHED, STAMP - 2 * day),
    }
    for game_id, (status, stamp) in rows.items():
        store.insert(dataclasses.replace(a_game(game_id), status=status, updated_at=stamp))
    pruned = store.prune(idle_before=STAMP - 30 * day, finished_before=STAMP - 30 * day)
    assert (pruned.idle, pruned.finished) == (1, 1)
    kept = {game_id for game_id in rows if store.get(game_id) is not None}
    assert kept == {"idle-fresh------", "done-fresh------"}
    # NEVER keeps that kind; a cut-off in the future removes every deal of the other.
    pruned = store.prune(idle_before=NEVER, finished_before=STAMP + day)
    assert (pruned.idle, pruned.finished) == (0, 1)
    assert store.get("idle-fresh------") is not None


def test_prune_progress_forgets_only_browsers_that_did_nothing_since_the_cut_off(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lessons and practice answers go with the browser: once it has done nothing for the
    whole span (no lesson, no answer, no deal), all of them; while it is still about, none,
    however old."""
    upgrade(engine)
    store = GameStore(engine)
    day = timedelta(days=1)
    old, fresh = STAMP - 40 * day, STAMP - 2 * day
    monkeypatch.setattr("cardavia.store.repository.now", lambda: old)
    for browser in ("gone", "learner", "player"):
        store.lesson_done(browser, "sisepai/cards")
        store.practice_answered(browser, "sisepai/7/12", True)
    monkeypatch.setattr("cardavia.store.repository.now", lambda: fresh)
    store.practice_answered("learner", "chuopai/3/4", False)
    game = dataclasses.replace(a_game(), browser_hash="player", updated_at=fresh)
    store.insert(game)
    assert store.prune_progress(STAMP - 30 * day) == 2
    assert store.lessons_done("gone") == set()
    assert store.practice_answers("gone") == {}
    assert store.lessons_done("learner") == {"sisepai/cards"}
    assert store.practice_answers("learner") == {"sisepai/7/12": True, "chuopai/3/4": False}
    assert store.lessons_done("player") == {"sisepai/cards"}
    assert store.practice_answers("player") == {"sisepai/7/12": True}


def test_prune_keeps_a_deal_that_moved_on_since_it_was_found(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A request that commits between prune's look-up and its removal keeps its deal: the
    removal is by version, as every write is."""
    upgrade(engine)
    store = GameStore(engine)
    old = dataclasses.replace(a_game(), updated_at=STAMP - timedelta(days=40))
    store.insert(old)
    real_execute = Connection.execute
    acted = []

    def execute(self: Connection, statement: Any, *args: Any, **kwargs: Any) -> Any:
        if statement is repository._DELETE and not acted:
            acted.append(store.update(old, decisions=(), step=18, status=ONGOING, result=None))
        return real_execute(self, statement, *args, **kwargs)

    if engine.dialect.name == "sqlite":
        # The update above takes the store's write lock, which prune holds: let it pass.
        monkeypatch.setattr(store, "write_lock", contextlib.nullcontext())
    monkeypatch.setattr(Connection, "execute", execute)
    pruned = store.prune(idle_before=STAMP, finished_before=STAMP)
    assert acted and pruned.idle == 0
    found = store.get(old.id)
    assert found is not None and found.version == 2
    # With nobody acting, the same deal is removed.
    monkeypatch.setattr(Connection, "execute", real_execute)
    assert store.prune(idle_before=now() + timedelta(days=1), finished_before=NEVER).idle == 1


def test_a_browsers_deals_are_listed_shared_and_deleted_by_that_browser_only(
    engine: Engine,
) -> None:
    upgrade(engine)
    store = GameStore(engine)
    mine = [
        dataclasses.replace(
            a_game(f"mine-{n}".ljust(16, "-")),
            browser_hash="a" * 64,
            created_at=STAMP + timedelta(minutes=n),
        )
        for n in range(3)
    ]
    theirs = dataclasses.replace(a_game("theirs".ljust(16, "-")), browser_hash="b" * 64)
    nobodys = a_game("nobody".ljust(16, "-"))
    for game in (*mine, theirs, nobodys):
        store.insert(game)
    listed = store.owned("a" * 64)
    assert [deal.id for deal in listed] == [game.id for game in reversed(mine)], "newest first"
    assert "deck" not in repr(listed[0])
    assert store.owned("c" * 64) == []
    # Only a finished deal of the browser gets a public name, and it is found by it.
    assert not store.share(mine[0].id, "a" * 64, "x" * 24), "running: no replay to share"
    store.update(mine[0], decisions=(), step=30, status=FINISHED, result={"result": "draw"})
    assert not store.share(mine[0].id, "b" * 64, "x" * 24), "not that browser's deal"
    assert store.share(mine[0].id, "a" * 64, "x" * 24)
    shared = store.shared("x" * 24)
    assert shared is not None and shared.id == mine[0].id and shared.share_id == "x" * 24
    assert store.share(mine[0].id, "a" * 64, None) and store.shared("x" * 24) is None
    assert not store.delete_owned(theirs.id, "a" * 64)
    assert store.delete_owned(mine[1].id, "a" * 64)
    assert store.get(mine[1].id) is None and store.get(theirs.id) is not None


def test_an_ai_run_is_written_over_the_one_its_writer_read(engine: Engine) -> None:
    upgrade(engine)
    store = GameStore(engine)
    game = dataclasses.replace(a_game(), status=FINISHED)
    store.insert(game)
    first, second = STAMP + timedelta(seconds=1), STAMP + timedelta(seconds=2)
    assert store.ai_run(game.id) is None
    assert store.write_ai_run(game.id, {"status": "queued"}, first, None)
    assert not store.write_ai_run(game.id, {"status": "x"}, second, None), "one was there"
    found = store.ai_run(game.id)
    assert found is not None and found.run == {"status": "queued"}
    assert store.write_ai_run(game.id, {"status": "running"}, second, found.at)
    assert not store.write_ai_run(game.id, {"status": "late"}, STAMP, found.at), "lost lease"
    again = store.get(game.id)
    assert again is not None and again.version == game.version, "the deal itself is untouched"
    assert again.updated_at.replace(tzinfo=UTC) == STAMP
    # A running deal never has a run.
    running = a_game("running-deal----")
    store.insert(running)
    assert not store.write_ai_run(running.id, {"status": "queued"}, first, None)


def test_each_person_of_a_tables_deal_keeps_their_own_run_and_hints(engine: Engine) -> None:
    upgrade(engine)
    store = GameStore(engine)
    game = dataclasses.replace(a_game("table-deal------"), meta={"table": "t", "players": []})
    with engine.begin() as connection:
        repository.insert_game(connection, game)
        repository.insert_people(connection, game.id, [(0, "a" * 64), (2, "b" * 64)])
    first, second = STAMP + timedelta(seconds=1), STAMP + timedelta(seconds=2)
    # The hints: each decision once, per seat; a seat nobody was dealt into keeps none.
    assert store.add_seat_hint(game.id, 0, 5) == 1
    assert store.add_seat_hint(game.id, 0, 5) == 1, "the same decision again"
    assert store.add_seat_hint(game.id, 0, 9) == 2
    assert store.add_seat_hint(game.id, 2, 7) == 1
    assert store.add_seat_hint(game.id, 1, 7) is None
    assert store.seat_hints(game.id, 0) == (5, 9) and store.seat_hints(game.id, 2) == (7,)
    assert store.seat_hints(game.id, 1) == ()
    # A running deal has no run, in any seat.
    assert not store.write_ai_run(game.id, {"status": "queued"}, first, None, seat=0)
    assert store.ai_run(game.id, 0) is None
    store.update(game, decisions=(), step=40, status=FINISHED, result={"result": "draw"})
    assert store.write_ai_run(game.id, {"status": "queued"}, first, None, seat=0)
    assert not store.write_ai_run(game.id, {"status": "x"}, second, None, seat=0), "one was there"
    found = store.ai_run(game.id, 0)
    assert found is not None and found.run == {"status": "queued"}
    assert store.write_ai_run(game.id, {"status": "running"}, second, found.at, seat=0)
    assert not store.write_ai_run(game.id, {"status": "late"}, STAMP, found.at, seat=0)
    # Each seat's own: the other person's seat and the deal's own column are untouched.
    assert store.ai_run(game.id, 2) is None and store.ai_run(game.id) is None
    assert not store.write_ai_run(game.id, {"status": "queued"}, first, None, seat=1), "nobody"
    assert store.write_ai_run(game.id, {"status": "queued"}, first, None, seat=2)
    mine, theirs = store.ai_run(game.id, 0), store.ai_run(game.id, 2)
    assert mine is not None and mine.run == {"status": "running"}
    assert theirs is not None and theirs.run == {"status": "queued"}
    again = store.get(game.id)
    assert again is not None and again.version == game.version + 1, "the deal itself is untouched"


def test_a_lesson_done_is_kept_once_per_browser(engine: Engine) -> None:
    upgrade(engine)
    store = GameStore(engine)
    assert store.lessons_done("a" * 64) == set()
    store.lesson_done("a" * 64, "sisepai/cards")
    store.lesson_done("a" * 64, "sisepai/cards")  # done again: no second row, no error
    store.lesson_done("a" * 64, "chuopai/rounds")
    assert store.lessons_done("a" * 64) == {"sisepai/cards", "chuopai/rounds"}
    assert store.lessons_done("b" * 64) == set(), "another browser has its own progress"
