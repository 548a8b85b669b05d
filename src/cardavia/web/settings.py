"""The server's settings: read from the environment once, into one typed object.

- ``DATABASE_URL``: where deals are stored; ``postgresql://…`` for PostgreSQL (default:
  SQLite, the file ``cardavia.sqlite3`` in the data folder).
- ``CARDAVIA_DATA``: the data folder (default ``./data``).
- ``CARDAVIA_CACHE_DEALS``: running deals kept in memory per process (default 512; 0: none).
- ``CARDAVIA_SECURE_COOKIES``: ``1`` marks cookies ``Secure`` and sends HSTS (behind HTTPS).
- ``CARDAVIA_NEW_GAMES_PER_MINUTE``: deals one client may start in any minute, per process
  (default 20; 0: no limit).
- ``CARDAVIA_MAX_BODY_BYTES``: the largest request body accepted (default 16384).
- ``CARDAVIA_TRUSTED_PROXIES``: addresses or networks (comma-separated) of the reverse
  proxies whose ``X-Forwarded-For`` is believed (default: none, the header is ignored).
- ``CARDAVIA_AI_WORKERS``: processes that run the strong AIs' decisions (default: one
  per core, at least 1).
- ``CARDAVIA_AI_SECONDS``: a strong decision's time cap, after which ``basic`` decides
  (default 1.0).
- ``CARDAVIA_AI_TURNS_PER_ADDRESS``: actions with strong AIs one client address may have
  in progress at once (default 4; 0: no limit).
- ``CARDAVIA_KEEP_IDLE_DAYS`` / ``CARDAVIA_KEEP_FINISHED_DAYS``: unfinished deals nobody
  acted in, and finished deals, are removed after this many days (default 30 each; 0:
  kept for ever); ``CARDAVIA_PRUNE_EVERY_MINUTES``: how often the server removes them
  (default 60; 0: only ``cardavia prune``).
- ``CARDAVIA_AWAY_SECONDS``: how long a person at a table of people may be disconnected
  before the absent players' AI plays for them (default 60).
- ``CARDAVIA_MAX_CONNECTIONS``: requests ``cardavia serve`` handles at once (default
  1024); ``CARDAVIA_HEADER_SECONDS``: how long a request's headers may take to arrive
  (default 5).
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
    trusted_proxies: tuple[str, ...] = ()
    """Proxies whose ``X-Forwarded-For`` names the client; none by default, so that no
    client (a local process included) can pick the address its limits count against."""
    ai_workers: int = field(default_factory=lambda: max(os.cpu_count() or 1, 1))
    """Worker processes for strong decisions: CPU-bound Python, one per core."""
    ai_seconds: float = 1.0
    """A strong decision takes 40-250 ms on its own; a second means the workers are
    queued up, and ``basic`` then decides instead of keeping the person waiting."""
    ai_turns_per_address: int = 4
    """Requests with strong AIs one address may have in progress at once: enough for a
    family behind one router, too few for one client to queue up the workers."""
    keep_idle_days: int = 30
    """An unfinished deal nobody acted in for this long is removed (its cookie lasts 30
    days from its start too); 0: never."""
    keep_finished_days: int = 30
    """A finished deal (its record downloadable) is removed this long after its end; 0:
    never."""
    prune_every_minutes: int = 60
    """How often the server itself removes old deals; 0: only ``cardavia prune`` does."""
    max_connections: int = 1024
    """Requests ``cardavia serve`` handles at once (and connections waiting beyond)."""
    header_seconds: float = 5.0
    """How long a request's headers may take to arrive (a browser's take milliseconds)."""
    away_seconds: float = 60.0
    """How long a person at a table may be disconnected (a reload, a tunnel, a phone
    asleep) before the AI plays for them; they take the seat back when they return."""

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
            trusted_proxies=tuple(
                part.strip()
                for part in env.get("CARDAVIA_TRUSTED_PROXIES", "").split(",")
                if part.strip()
            ),
            ai_workers=max(_whole(env, "CARDAVIA_AI_WORKERS", os.cpu_count() or 1), 1),
            ai_seconds=_seconds(env, "CARDAVIA_AI_SECONDS", 1.0),
            ai_turns_per_address=_whole(env, "CARDAVIA_AI_TURNS_PER_ADDRESS", 4),
            keep_idle_days=_whole(env, "CARDAVIA_KEEP_IDLE_DAYS", 30),
            keep_finished_days=_whole(env, "CARDAVIA_KEEP_FINISHED_DAYS", 30),
            prune_every_minutes=_whole(env, "CARDAVIA_PRUNE_EVERY_MINUTES", 60),
            max_connections=max(_whole(env, "CARDAVIA_MAX_CONNECTIONS", 1024), 1),
            header_seconds=_seconds(env, "CARDAVIA_HEADER_SECONDS", 5.0),
            away_seconds=_seconds(env, "CARDAVIA_AWAY_SECONDS", 60.0),
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
            f"max_body_bytes={self.max_body_bytes}, trusted_proxies={self.trusted_proxies}, "
            f"ai_workers={self.ai_workers}, ai_seconds={self.ai_seconds}, "
            f"ai_turns_per_address={self.ai_turns_per_address}, "
            f"keep_idle_days={self.keep_idle_days}, "
            f"keep_finished_days={self.keep_finished_days}, "
            f"prune_every_minutes={self.prune_every_minutes}, "
            f"max_connections={self.max_connections}, header_seconds={self.header_seconds}, "
            f"away_seconds={self.away_seconds})"
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


def _seconds(env: Mapping[str, str], name: str, default: float) -> float:
    """The positive number of seconds in ``env[name]``, or ``default`` when unset."""
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError as exc:
        raise ValueError(f"{name} must be a number of seconds, not {text!r}") from exc
    if not 0 < value < 3600:
        raise ValueError(f"{name} must be more than 0 and less than 3600 seconds, not {text!r}")
    return value
