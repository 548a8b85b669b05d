"""The server's settings: read from the environment once, into one typed object.

- ``DATABASE_URL``: where deals are stored; ``postgresql://…`` for PostgreSQL (default:
  SQLite, the file ``cardavia.sqlite3`` in the data folder).
- ``CARDAVIA_DATA``: the data folder (default ``./data``).
- ``CARDAVIA_CACHE_DEALS``: running deals kept in memory per process (default 512; 0: none).
- ``CARDAVIA_SECURE_COOKIES``: ``1`` marks cookies ``Secure`` and sends HSTS (behind HTTPS).
- ``CARDAVIA_NEW_GAMES_PER_MINUTE``: deals one client may start in any minute, per process
  (default 20; 0: no limit).
- ``CARDAVIA_MAX_BODY_BYTES``: the largest request body accepted (default 16384).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from cardavia.store import normalize_url, sqlite_url

SQLITE_FILE = "cardavia.sqlite3"
_TRUE = {"1", "true", "yes", "on"}


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the web app may be configured with."""

    database_url: str = field(repr=False)
    """SQLAlchemy URL of the store. May hold a password: never shown in ``repr``."""
    data_dir: Path = Path("data")
    cache_deals: int = 512
    secure_cookies: bool = False
    new_games_per_minute: int = 20
    """Deals one client (address) may start in any 60 s, per process; 0: no limit. A
    person starts a deal every few minutes: 20 leaves room for a family behind one
    address and stops a script filling the database."""
    max_body_bytes: int = 16384
    """The API's bodies are a few dozen bytes; anything near this is not a person."""

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Settings from ``environ`` (the process environment by default)."""
        env = os.environ if environ is None else environ
        data_dir = Path(env.get("CARDAVIA_DATA", "data"))
        url = env.get("DATABASE_URL") or sqlite_url(data_dir / SQLITE_FILE)
        return cls(
            database_url=url,
            data_dir=data_dir,
            cache_deals=_whole(env, "CARDAVIA_CACHE_DEALS", 512),
            secure_cookies=env.get("CARDAVIA_SECURE_COOKIES", "").lower() in _TRUE,
            new_games_per_minute=_whole(env, "CARDAVIA_NEW_GAMES_PER_MINUTE", 20),
            max_body_bytes=max(_whole(env, "CARDAVIA_MAX_BODY_BYTES", 16384), 1024),
        )

    @classmethod
    def for_sqlite(cls, path: Path, cache_deals: int = 512) -> Settings:
        """Settings for a store in the SQLite file ``path`` (tests, benchmarks)."""
        return cls(database_url=sqlite_url(path), data_dir=path.parent, cache_deals=cache_deals)

    @property
    def database_label(self) -> str:
        """The database URL with any password hidden: safe to print and log."""
        return normalize_url(self.database_url).render_as_string(hide_password=True)

    def __repr__(self) -> str:
        return (
            f"Settings(database={self.database_label!r}, data_dir={str(self.data_dir)!r}, "
            f"cache_deals={self.cache_deals}, secure_cookies={self.secure_cookies}, "
            f"new_games_per_minute={self.new_games_per_minute}, "
            f"max_body_bytes={self.max_body_bytes})"
        )


def _whole(env: Mapping[str, str], name: str, default: int) -> int:
    """The whole number in ``env[name]`` (at least 0), or ``default`` when unset."""
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        return max(int(text), 0)
    except ValueError as exc:
        raise ValueError(f"{name} must be a whole number, not {text!r}") from exc
