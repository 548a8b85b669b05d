"""Migrations when several server processes start at once on one PostgreSQL database."""

from __future__ import annotations

import threading

from sqlalchemy import text

from cardavia.store import open_engine, upgrade
from cardavia.store.migrate import head_revision


def test_processes_starting_together_migrate_a_fresh_database_once(
    empty_postgres_url: str,
) -> None:
    engines = [open_engine(empty_postgres_url) for _ in range(4)]
    barrier = threading.Barrier(len(engines))
    results: list[object] = [None] * len(engines)

    def start(index: int) -> None:
        barrier.wait()
        try:
            results[index] = upgrade(engines[index])
        except Exception as exc:  # the assertion below shows it
            results[index] = exc

    threads = [threading.Thread(target=start, args=(i,)) for i in range(len(engines))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert results == [head_revision()] * len(engines)
    with engines[0].connect() as connection:
        versions = connection.execute(text("SELECT version_num FROM alembic_version")).all()
    assert [row[0] for row in versions] == [head_revision()]
    for engine in engines:
        engine.dispose()
