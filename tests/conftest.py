"""Fixtures every test folder may use, and the markers that say what each test needs.

PostgreSQL: the suite starts its own throwaway cluster (Debian's server) the first time a
test asks for one, unless ``$CARDAVIA_TEST_POSTGRES_URL`` or a PostgreSQL
``$DATABASE_URL`` names a server to use instead. Either way each test gets a database
of its own, created for it and dropped after it, so an existing database on a given
server is never touched (the URL's user needs ``CREATEDB``). A test that lets the site
migrate its database gets a copy of one migrated once per run (``CREATE DATABASE …
TEMPLATE``); a test of the migrations themselves asks for an empty one.

Markers (declared in ``pyproject.toml``, listed in ``docs/testing.md``) are put on each
test here from what it uses, so that ``./scripts/test --quick`` can leave out what needs
Chromium, PostgreSQL or real server processes without anyone remembering to mark it.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine

from cardavia.store import normalize_url, open_engine, sqlite_url, upgrade
from cardavia.testing import postgres

# Hypothesis fails an example that takes over 200 ms by default: a timing, not a
# behaviour, and on the shared 2-core machine under load a sound rule check took 271 ms.
# Speed lives in the benchmarks (docs/testing.md); a property test asserts only what holds.
hypothesis_settings.register_profile("cardavia", deadline=None)
hypothesis_settings.load_profile("cardavia")

DATABASES = ("sqlite", "postgresql")
"""The kinds of database the storage and API tests run on."""

NEEDS_BY_FIXTURE = {
    "browser": "browser",
    "postgres_server": "postgres",
    "postgres_url": "postgres",
    "empty_postgres_url": "postgres",
    "two_servers": "server",
    "racing_servers": "server",
    "sqlite_server_env": "server",
}
"""A fixture a test uses (directly or through another fixture) → the marker it earns."""

NEEDS_BY_PARAMETER = {
    "postgres": "postgres",
    "two-processes": "server",
}
"""A word in a test's parameter id → the marker it earns (``[postgresql]``,
``[postgres-two-processes]``: the fixture behind such a parameter is asked for inside
another fixture, so it is not among the test's declared fixtures)."""

NEEDS = {"browser", "postgres", "server", "slow"}
"""The markers, any of which keeps a test out of the quick lane."""

SERVER_FOLDERS = ("reliability",)
"""Folders whose every test starts real server processes, kills or cuts them off."""


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--quick``: leave out every test that needs a browser, PostgreSQL or a server
    process, or is slow (what ``./scripts/test --quick`` runs)."""
    parser.addoption(
        "--quick",
        action="store_true",
        help="run only the tests marked none of: " + ", ".join(sorted(NEEDS)),
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test with what it needs (see the module's docstring); with ``--quick``,
    deselect those that need any of it."""
    _mark(items)
    if config.getoption("quick"):
        kept = [item for item in items if not NEEDS & {mark.name for mark in item.iter_markers()}]
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept


def _mark(items: list[pytest.Item]) -> None:
    tests = Path(__file__).parent
    for item in items:
        needs: set[str] = set()
        for fixture in getattr(item, "fixturenames", ()):
            if fixture in NEEDS_BY_FIXTURE:
                needs.add(NEEDS_BY_FIXTURE[fixture])
        callspec = getattr(item, "callspec", None)
        if callspec is not None:
            for word, marker in NEEDS_BY_PARAMETER.items():
                if word in callspec.id:
                    needs.add(marker)
        folder = item.path.relative_to(tests).parts[0] if item.path.is_relative_to(tests) else ""
        if folder in SERVER_FOLDERS:
            needs.add("server")
        for marker in sorted(needs):
            item.add_marker(marker)


SLOW_SECONDS = 5.0
"""A test slower than this on a quiet 2-core machine belongs to the ``slow`` marker."""


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, exitstatus: int, config: pytest.Config
) -> None:
    """Name the tests that took longer than :data:`SLOW_SECONDS` without being marked
    ``slow`` (or ``browser``/``server``/``postgres``): they would slow the quick lane."""
    unmarked: dict[str, float] = {}
    for report in terminalreporter.stats.get("passed", []):
        # A sub-test's report (schemathesis sends one per operation) is no test's own time.
        if report.when != "call" or getattr(report, "context", None) is not None:
            continue
        if report.duration > SLOW_SECONDS and not NEEDS & set(report.keywords):
            unmarked[report.nodeid] = report.duration
    if unmarked:
        terminalreporter.section("slow tests not marked slow")
        for nodeid, duration in sorted(unmarked.items(), key=lambda item: -item[1]):
            terminalreporter.write_line(f"{duration:6.1f} s  {nodeid}")


def _given_postgres() -> str | None:
    given = os.environ.get("CARDAVIA_TEST_POSTGRES_URL")
    if given:
        return given
    url = os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql")) else None


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str | None]:
    """The URL of a PostgreSQL server to make test databases on, or ``None``."""
    given = _given_postgres()
    if given:
        yield given
        return
    if not postgres.installed():
        if os.environ.get("CI"):
            pytest.fail("CI must run the PostgreSQL tests: apt-get install -y postgresql")
        yield None
        return
    with postgres.throwaway_cluster() as cluster:
        yield cluster.url


def _admin(server: str) -> Engine:
    return create_engine(normalize_url(server), isolation_level="AUTOCOMMIT")


def _unique(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:12]}"


@pytest.fixture(scope="session")
def postgres_template(postgres_server: str | None) -> Iterator[str | None]:
    """The name of a database migrated once for the whole run (per xdist worker), that
    each test's migrated database is copied from; ``None`` without PostgreSQL."""
    if postgres_server is None:
        yield None
        return
    name = _unique("cardavia_template")
    admin = _admin(postgres_server)
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    engine = open_engine(normalize_url(postgres_server).set(database=name).render_as_string(False))
    upgrade(engine)
    # A template may have no open connection while it is copied.
    engine.dispose()
    try:
        yield name
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def _fresh_database(server: str | None, template: str | None) -> Iterator[str]:
    if server is None:
        pytest.skip("PostgreSQL is not installed here (apt-get install -y postgresql)")
    name = _unique("cardavia_test")
    admin = _admin(server)
    copy = f' TEMPLATE "{template}"' if template else ""
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"{copy}'))
    url = normalize_url(server).set(database=name)
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        # FORCE: a server process the test killed may not have said goodbye yet.
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture
def empty_postgres_url(postgres_server: str | None) -> Iterator[str]:
    """The URL of a new PostgreSQL database with no tables at all, dropped after the
    test: for the tests of the migrations themselves."""
    yield from _fresh_database(postgres_server, None)


@pytest.fixture
def postgres_url(postgres_server: str | None, postgres_template: str | None) -> Iterator[str]:
    """The URL of a new PostgreSQL database at the newest schema with no rows, dropped
    after the test (migrating it again, as the site does when it starts, is a no-op)."""
    yield from _fresh_database(postgres_server, postgres_template)


@pytest.fixture(params=DATABASES)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database of each kind: a SQLite file, then a PostgreSQL database (at the
    newest schema: the site and the store migrate it, which finds nothing to do)."""
    if request.param == "sqlite":
        return sqlite_url(tmp_path / "cardavia.sqlite3")
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture(params=DATABASES)
def empty_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database of each kind with no tables at all: for the tests of the migrations."""
    if request.param == "sqlite":
        return sqlite_url(tmp_path / "cardavia.sqlite3")
    url: str = request.getfixturevalue("empty_postgres_url")
    return url
