"""The settings: read from the environment, checked, hidden where secret, documented once."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from cardavia.store import sqlite_url
from cardavia.web.infra.settings import Settings, SettingsError, env_name, settings_table

DOCS = Path(__file__).parents[3] / "docs"


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """No setting of the shell running the tests leaks into them."""
    for name in list(os.environ):
        if name.startswith("CARDAVIA_") or name == "DATABASE_URL":
            monkeypatch.delenv(name)


def test_defaults_put_the_sqlite_file_in_the_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDAVIA_DATA", "/srv/cardavia")
    settings = Settings.from_env()
    assert settings.data_dir == Path("/srv/cardavia")
    assert settings.database_url == sqlite_url(Path("/srv/cardavia/cardavia.sqlite3"))
    assert settings.ai_workers == max(os.cpu_count() or 1, 1)
    assert (settings.cache_deals, settings.secure_cookies, settings.trusted_proxies) == (
        512,
        False,
        (),
    )


def test_every_variable_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    given = {
        "DATABASE_URL": "postgresql://cardavia@db/cardavia",
        "CARDAVIA_CACHE_DEALS": " 7 ",
        "CARDAVIA_SECURE_COOKIES": "Yes",
        "CARDAVIA_TRUSTED_PROXIES": "127.0.0.1, 10.0.0.0/8,",
        "CARDAVIA_AI_SECONDS": "2.5",
        "CARDAVIA_KEEP_IDLE_DAYS": "-3",  # a negative age is 0: kept for ever
        "CARDAVIA_MAX_BODY_BYTES": "10",  # raised to the smallest the site works with
        "CARDAVIA_AI_WORKERS": "0",
        "CARDAVIA_HEADER_SECONDS": "",  # blank: unset
    }
    for name, value in given.items():
        monkeypatch.setenv(name, value)
    settings = Settings.from_env()
    assert settings.database_url == "postgresql://cardavia@db/cardavia"
    assert settings.cache_deals == 7
    assert settings.secure_cookies is True
    assert settings.trusted_proxies == ("127.0.0.1", "10.0.0.0/8")
    assert settings.ai_seconds == 2.5
    assert settings.keep_idle_days == 0
    assert settings.max_body_bytes == 1024
    assert settings.ai_workers == 1
    assert settings.header_seconds == 5.0


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("CARDAVIA_CACHE_DEALS", "many", "CARDAVIA_CACHE_DEALS must be a whole number, not 'many'"),
        ("CARDAVIA_AI_WORKERS", "2.5", "CARDAVIA_AI_WORKERS must be a whole number, not '2.5'"),
        (
            "CARDAVIA_AWAY_SECONDS",
            "soon",
            "CARDAVIA_AWAY_SECONDS must be a number of seconds, not 'soon'",
        ),
        (
            "CARDAVIA_AI_SECONDS",
            "7200",
            "CARDAVIA_AI_SECONDS must be more than 0 and less than 3600 seconds, not '7200'",
        ),
        (
            "CARDAVIA_HEADER_SECONDS",
            "nan",
            "CARDAVIA_HEADER_SECONDS must be more than 0 and less than 3600 seconds, not 'nan'",
        ),
    ],
)
def test_a_bad_value_is_named_in_words(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str, said: str
) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError) as refused:
        Settings.from_env()
    assert str(refused.value) == said


def test_every_bad_value_is_named_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDAVIA_CACHE_DEALS", "x")
    monkeypatch.setenv("CARDAVIA_AI_SECONDS", "0")
    with pytest.raises(SettingsError) as refused:
        Settings.from_env()
    assert str(refused.value).splitlines() == [
        "CARDAVIA_CACHE_DEALS must be a whole number, not 'x'",
        "CARDAVIA_AI_SECONDS must be more than 0 and less than 3600 seconds, not '0'",
    ]


def test_repr_hides_the_database_password() -> None:
    settings = Settings(database_url="postgresql://cardavia:secret@db/cardavia")
    assert "secret" not in repr(settings) and "secret" not in str(settings)
    assert "postgresql+psycopg://cardavia:***@db/cardavia" in repr(settings)
    assert settings.database_label == "postgresql+psycopg://cardavia:***@db/cardavia"


def test_settings_are_values() -> None:
    settings = Settings.for_sqlite(Path("/tmp/x/cardavia.sqlite3"))
    with pytest.raises(ValueError, match="frozen"):
        settings.cache_deals = 3  # type: ignore[misc]
    assert settings == Settings.for_sqlite(Path("/tmp/x/cardavia.sqlite3"))


def test_the_operations_table_is_the_fields() -> None:
    """docs/operations.md's table is what ``python -m cardavia.web.infra.settings`` prints."""
    text = (DOCS / "operations.md").read_text(encoding="utf-8")
    found = re.search(r"\| variable \| default \| meaning \|\n(?:\|.*\|\n)+", text)
    assert found is not None
    assert found.group(0).strip() == settings_table(), (
        "paste `python -m cardavia.web.infra.settings`"
    )


def test_every_variable_the_docs_name_exists() -> None:
    known = {env_name(name) for name in Settings.model_fields}
    for page in ("web.md", "operations.md", "testing.md"):
        text = (DOCS / page).read_text(encoding="utf-8")
        named = set(re.findall(r"\bCARDAVIA_[A-Z_]*[A-Z]\b", text))  # not CARDAVIA_KEEP_*
        # The tests' own, not the server's: a PostgreSQL, a Chromium, the HTML checker.
        named -= {"CARDAVIA_TEST_POSTGRES_URL", "CARDAVIA_CHROMIUM", "CARDAVIA_VNU_JAR"}
        assert named <= known, f"{page} names {sorted(named - known)}"
