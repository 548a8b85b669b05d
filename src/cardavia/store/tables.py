"""The database tables, as SQLAlchemy Core metadata.

One row per deal. A deal is stored the way a record stores it (records.md): the dealt
deck, the first seat and the decisions so far; every state is rebuilt from those by the
engine, so the database never holds a position the rules did not produce. A few
derived columns (``step``, ``status``, ``result``) let the server answer cheap questions
without replaying, and ``version`` makes concurrent writers safe (optimistic locking).

A table of people (issue 17) is one row of ``tables`` (who sits where, the invitation,
the timers, sealed answers given before the engine asks for them) whose deals are rows
of ``games`` like any other; ``table_presence`` holds one short lease per person whose
browser is connected, renewed by the server process it is connected to.
``deal_people`` ties each person's seat of a table's deal to that person's browser:
the deal is in their *Your deals*, and their review of it, their hints and the AI's run
in their seat are kept there (issue 24).

``learn_progress`` keeps which lessons of *Learn to play* a browser has finished
(issue 25), under the same hash of its id as its deals; ``practice_answers`` its first
answer to each practice position (``game/seed/<digest of its moves>``, which stays the
same position when the shipped file is rebuilt; keys of positions no longer shipped stay
until retention and count for nothing), right or not.

The migrations in ``migrations/versions`` create exactly these tables; a test checks
that the two agree.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Index,
    Integer,
    MetaData,
    SmallInteger,
    String,
    Table,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB

metadata = MetaData()

# JSONB on PostgreSQL (compact, indexable later); JSON text on SQLite.
JSON_TYPE = JSON().with_variant(JSONB(), "postgresql")

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    # Only a hash of the bearer token is kept: a leaked database cannot play anyone's deal.
    Column("token_hash", String(64), nullable=False),
    Column("game", String(16), nullable=False),
    Column("ai", String(16), nullable=False),
    Column("seed", BigInteger, nullable=False),
    # True when the person chose the deal number (it is then theirs to see and share).
    Column("seed_chosen", Boolean, nullable=False),
    Column("first_seat", SmallInteger, nullable=False),
    Column("deck", JSON_TYPE, nullable=False),
    Column("decisions", JSON_TYPE, nullable=False),
    Column("step", Integer, nullable=False),
    Column("status", String(16), nullable=False),
    Column("result", JSON_TYPE, nullable=True),
    Column("version", Integer, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    # A SHA-256 of the browser id that started the deal (web/infra/browsers.py): which deals
    # "Your deals" lists, and who may replay, share or delete one. None: no browser.
    Column("browser_hash", String(64), nullable=True),
    # The unguessable name of the deal's public replay while its owner shares it.
    Column("share_id", String(32), nullable=True),
    # The AI's run in the person's seat on the same deck (web/services/ai_seat.py), and when it was
    # last written: a run whose process went quiet is taken over by another.
    Column("ai_run", JSON_TYPE, nullable=True),
    Column("ai_run_at", DateTime(timezone=True), nullable=True),
    # The coach (issue 15): the steps at which the person asked for a hint, and the
    # review of a finished deal once computed (its findings as plain facts, no text).
    Column("hints", JSON_TYPE, nullable=False, server_default=text("'[]'")),
    Column("review", JSON_TYPE, nullable=True),
    # The record's meta beyond what the other columns give (a table's names and levels,
    # the decisions an AI made for an absent person); NULL for a deal against the AIs.
    Column("meta", JSON_TYPE, nullable=True),
    # Retention (GameStore.prune) looks deals up by status and age.
    Index("games_status_updated", "status", "updated_at"),
    Index("games_browser", "browser_hash", "created_at"),
    Index("games_share", "share_id", unique=True),
)

people_tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(16), nullable=False),
    # Only hashes of the invitation and of each person's seat token are kept.
    Column("invite_hash", String(64), nullable=False),
    Column("host_seat", SmallInteger, nullable=False),
    Column("settings", JSON_TYPE, nullable=False),
    Column("seats", JSON_TYPE, nullable=False),
    Column("status", String(16), nullable=False),
    Column("game_id", String(32), nullable=True),
    Column("deals", JSON_TYPE, nullable=False),
    Column("held", JSON_TYPE, nullable=True),
    Column("decision", Integer, nullable=True),
    Column("deadline", DateTime(timezone=True), nullable=True),
    Column("due_at", DateTime(timezone=True), nullable=True),
    Column("version", Integer, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    # Every process looks for tables whose timer ran out; retention for idle ones.
    Index("tables_due", "due_at"),
    Index("tables_updated", "updated_at"),
)

table_presence = Table(
    "table_presence",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", SmallInteger, primary_key=True),
    Column("seen_until", DateTime(timezone=True), nullable=False),
    Index("table_presence_seen", "seen_until"),
)

deal_people = Table(
    "deal_people",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", SmallInteger, primary_key=True),
    # A hash of the browser's id, like games.browser_hash: whose *Your deals* lists it.
    Column("browser_hash", String(64), nullable=False),
    # That person's review of their own decisions, once computed (games.review's shape).
    Column("review", JSON_TYPE, nullable=True),
    # The decisions at which that person asked for a hint (the table's decision keys, so
    # that a claim window counts once), and the AI's run in their seat with its lease:
    # games.hints, games.ai_run and games.ai_run_at, per seat (migration r0007).
    Column("hints", JSON_TYPE, nullable=False, server_default=text("'[]'")),
    Column("ai_run", JSON_TYPE, nullable=True),
    Column("ai_run_at", DateTime(timezone=True), nullable=True),
    Index("deal_people_browser", "browser_hash"),
)

learn_progress = Table(
    "learn_progress",
    metadata,
    # A hash of the browser's id, like games.browser_hash; the lesson as "game/slug".
    Column("browser_hash", String(64), primary_key=True),
    Column("lesson", String(64), primary_key=True),
    Column("done_at", DateTime(timezone=True), nullable=False),
)

practice_answers = Table(
    "practice_answers",
    metadata,
    # A hash of the browser's id; the position as "game/seed/<digest of its moves>".
    Column("browser_hash", String(64), primary_key=True),
    Column("position", String(64), primary_key=True),
    Column("correct", Boolean, nullable=False),
    Column("answered_at", DateTime(timezone=True), nullable=False),
)
