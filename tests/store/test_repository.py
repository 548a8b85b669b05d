"""The game store on SQLite and PostgreSQL: migrations, round trips, optimistic updates."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text
from sqlalchemy.engine import Engine

from cardavia.store import (
    FINISHED,
    ONGOING,
    GameStore,
    SchemaTooNewError,
    StoredGame,
    StoreUnavailableError,
    VersionConflictError,
    normalize_url,
    open_engine,
    upgrade,
)
from cardavia.store.migrate import current_revision, head_revision
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
