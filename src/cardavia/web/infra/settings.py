"""The server's settings: read from the environment once, into one typed object.

Each setting is one field of :class:`Settings`: its type, its environment variable
(``CARDAVIA_`` and the field's name in capitals, unless an alias says otherwise), its
default and its description, which is what ``docs/operations.md``'s table says
(``tests/web/infra/test_settings.py`` holds the two equal; :func:`settings_table` writes it).
Why each default is what it is stays in a comment beside its field.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUseDefault
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from cardavia.store import normalize_url, sqlite_url

SQLITE_FILE = "cardavia.sqlite3"
PREFIX = "CARDAVIA_"
_TRUE = {"1", "true", "yes", "on"}


class SettingsError(ValueError):
    """A setting in the environment cannot be read; the message names each one."""


def _text(value: object) -> str | None:
    """``value`` stripped when it is text (as every environment value is); a blank one
    means "not set" and takes the field's default."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not text:
        raise PydanticUseDefault()
    return text


def _whole(least: int) -> BeforeValidator:
    """A whole number, raised to ``least`` when below it."""

    def read(value: object) -> int:
        text = _text(value)
        if text is not None:
            try:
                value = int(text)
            except ValueError:
                raise ValueError(f"must be a whole number, not {text!r}") from None
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"must be a whole number, not {value!r}")
        return max(value, least)

    return BeforeValidator(read)


def _read_seconds(value: object) -> float:
    text = _text(value)
    shown = text if text is not None else value
    try:
        seconds = float(str(shown))
    except ValueError:
        raise ValueError(f"must be a number of seconds, not {shown!r}") from None
    if not 0 < seconds < 3600:
        raise ValueError(f"must be more than 0 and less than 3600 seconds, not {shown!r}")
    return seconds


def _read_switch(value: object) -> bool:
    text = _text(value)
    return text.lower() in _TRUE if text is not None else bool(value)


def _read_list(value: object) -> object:
    if isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    return value  # given in code: pydantic checks it is a tuple of strings


Whole = Annotated[int, _whole(0)]
"""A count or an age: a negative one is 0 (none, or never)."""
Seconds = Annotated[float, BeforeValidator(_read_seconds)]
"""A duration, more than 0 and less than an hour."""
Switch = Annotated[bool, BeforeValidator(_read_switch)]
"""On when it says 1, true, yes or on; anything else is off."""
Addresses = Annotated[tuple[str, ...], NoDecode, BeforeValidator(_read_list)]
"""A comma-separated list (``NoDecode``: not JSON, as pydantic-settings reads lists)."""


def _cores() -> int:
    return max(os.cpu_count() or 1, 1)


def _sqlite_in(data: dict[str, Any]) -> str:
    return sqlite_url(Path(data["data_dir"]) / SQLITE_FILE)


def _shown(text: str) -> dict[str, Any]:
    """How the docs' table shows a default computed when the server starts."""
    return {"shown_default": text}


class Settings(BaseSettings):
    """Everything the web app may be configured with.

    ``Settings()`` reads the environment (values given by name win over it), as does
    :meth:`from_env`, which also turns a bad value into one :class:`SettingsError`
    naming the variable.
    """

    model_config = SettingsConfigDict(
        env_prefix=PREFIX,
        frozen=True,
        validate_by_name=True,
        validate_by_alias=True,
        env_ignore_empty=True,
        extra="ignore",
    )

    data_dir: Path = Field(
        default=Path("data"),
        validation_alias="CARDAVIA_DATA",
        description="the data folder (the SQLite file lives there)",
        json_schema_extra=_shown("`./data`"),
    )
    # May hold a password: never shown in ``repr`` (:attr:`database_label` hides it).
    database_url: str = Field(
        default_factory=_sqlite_in,
        validation_alias="DATABASE_URL",
        repr=False,
        description="`postgresql://…` (or `postgres://`) for PostgreSQL, through psycopg 3",
        json_schema_extra=_shown("SQLite file in `CARDAVIA_DATA`"),
    )
    cache_deals: Whole = Field(
        default=512, description="rebuilt deals kept per process (`0`: replay on every request)"
    )
    secure_cookies: Switch = Field(
        default=False,
        description="`1` behind HTTPS: cookies `Secure`, and `Strict-Transport-Security`",
    )
    # A person starts a deal every few minutes: 20 leaves room for a family behind one
    # address and stops a script filling the database.
    new_games_per_minute: Whole = Field(
        default=20,
        description="deals one client address may start in any 60 s, per process; `0`: no limit",
    )
    # The API's bodies are a few dozen bytes; anything near this is not a person.
    max_body_bytes: Annotated[int, _whole(1024)] = Field(
        default=16384, description="the largest request body accepted (at least 1024)"
    )
    # None by default, so that no client (a local process included) can pick the
    # address its limits count against.
    trusted_proxies: Addresses = Field(
        default=(),
        description="proxies (addresses or networks, comma-separated) whose "
        "`X-Forwarded-For` is believed",
    )
    max_connections: Annotated[int, _whole(1)] = Field(
        default=1024,
        description="requests `cardavia serve` handles at once (and the listen backlog)",
    )
    # A browser sends its headers in milliseconds.
    header_seconds: Seconds = Field(
        default=5.0, description="how long a request's headers may take to arrive"
    )
    # Strong decisions are CPU-bound Python: one process per core.
    ai_workers: Annotated[int, _whole(1)] = Field(
        default_factory=_cores,
        description="worker processes for strong AI decisions",
        json_schema_extra=_shown("cores"),
    )
    # A strong decision takes 40-250 ms on its own; a second means the workers are
    # queued up, and ``basic`` then decides instead of keeping the person waiting.
    ai_seconds: Seconds = Field(
        default=1.0, description="a strong decision's time cap; `basic` decides after it"
    )
    # A deal's cookie lasts 30 days from its start too.
    keep_idle_days: Whole = Field(
        default=30,
        description="unfinished deals nobody acted in for this long are removed; `0`: never",
    )
    keep_finished_days: Whole = Field(
        default=30, description="finished deals older than this are removed; `0`: never"
    )
    # A reload, a tunnel, a phone asleep: the person takes the seat back on return.
    away_seconds: Seconds = Field(
        default=60.0,
        description="how long a person at a table of people may be disconnected before "
        "the AI plays for them",
    )
    # Every decision at a table of several people stays on show at least this long,
    # whoever could answer it, so that how long it shows tells nobody about the cards
    # (docs/web.md, issue 28); the tests shorten it.
    hold_seconds: Seconds = Field(
        default=1.5,
        description="how long each decision at a table of several people is shown at least, "
        "whether or not anyone can answer it",
    )
    prune_every_minutes: Whole = Field(
        default=60,
        description="how often the server removes old deals itself; `0`: only `cardavia prune`",
    )

    @classmethod
    def from_env(cls) -> Settings:
        """Settings from the process environment; a value that cannot be read raises
        :class:`SettingsError`, one line per bad variable ("CARDAVIA_AI_SECONDS must
        be a number of seconds, not 'soon'")."""
        try:
            return cls()
        except ValidationError as exc:
            raise SettingsError("\n".join(_said(error) for error in exc.errors())) from None

    @classmethod
    def for_sqlite(cls, path: Path, cache_deals: int = 512) -> Settings:
        """Settings for a store in the SQLite file ``path`` (tests, benchmarks)."""
        return cls(database_url=sqlite_url(path), data_dir=path.parent, cache_deals=cache_deals)

    @property
    def database_label(self) -> str:
        """The database URL with any password hidden: safe to print and log."""
        return normalize_url(self.database_url).render_as_string(hide_password=True)

    def __repr_args__(self) -> Iterator[tuple[str | None, Any]]:
        yield "database", self.database_label
        for name, value in super().__repr_args__():
            yield name, str(value) if isinstance(value, Path) else value


def env_name(name: str) -> str:
    """The environment variable of the field ``name`` (``CARDAVIA_DATA``, ``DATABASE_URL``)."""
    alias = Settings.model_fields[name].validation_alias
    return alias if isinstance(alias, str) else PREFIX + name.upper()


def _said(error: Any) -> str:
    where = str(error["loc"][0]) if error.get("loc") else ""
    # A value from the environment is located by its alias or its field's name.
    name = env_name(where) if where in Settings.model_fields else where
    cause = error.get("ctx", {}).get("error")
    return f"{name} {cause if cause is not None else error['msg']}"


def shown_default(field: FieldInfo) -> str:
    """A field's default as the docs' table shows it."""
    extra = field.json_schema_extra
    if isinstance(extra, dict) and "shown_default" in extra:
        return str(extra["shown_default"])
    value = field.default
    if isinstance(value, bool):
        return "on" if value else "off"
    if value == ():
        return "none"
    return f"`{value:g}`" if isinstance(value, float) else f"`{value}`"


def settings_table() -> str:
    """The Markdown table of every setting (variable, default, meaning) from the fields:
    what ``docs/operations.md`` shows under *Settings*."""
    rows = [
        f"| `{env_name(name)}` | {shown_default(field)} | {field.description} |"
        for name, field in Settings.model_fields.items()
    ]
    return "\n".join(["| variable | default | meaning |", "|---|---|---|", *rows])


if __name__ == "__main__":  # python -m cardavia.web.infra.settings: the table for the docs
    print(settings_table())
