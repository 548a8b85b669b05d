"""The tables of people: insert, read, and change a table together with its deal.

A table's row says who sits where and what the table is waiting for; its deal is a row
of ``games`` like any deal. Everything a decision changes (the deal's decisions, the
table's timer and sealed early answers) is written in one transaction, each row only
at the version it was read in (:class:`VersionConflictError` otherwise, nothing
written), so an action, a timeout or an AI move is applied once whichever server
process tries it. On PostgreSQL the same transaction sends ``NOTIFY`` on
:data:`TABLES_CHANNEL` with the table's id, which PostgreSQL delivers to every listening
process when (and only if) the transaction commits.

Presence is apart: a short lease per connected person (``table_presence``), renewed by
the process the browser is connected to, without touching the table's version.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import bindparam, delete, insert, select, text, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, RowMapping

from cardavia.store.errors import VersionConflictError
from cardavia.store.repository import (
    GameStore,
    StoredGame,
    changed,
    guard,
    insert_game,
    insert_people,
    update_game,
)
from cardavia.store.tables import people_tables, table_presence

T = TypeVar("T")

TABLES_CHANNEL = "cardavia_tables"
"""The PostgreSQL ``NOTIFY`` channel: the payload is ``"<table id> <version>"`` of a
table that changed."""

_INSERT = insert(people_tables)
_SELECT = select(people_tables).where(people_tables.c.id == bindparam("wanted_id"))
_UPDATE = update(people_tables).where(
    people_tables.c.id == bindparam("wanted_id"),
    people_tables.c.version == bindparam("read_version"),
)
_DUE = (
    select(people_tables.c.id)
    .where(people_tables.c.due_at <= bindparam("at"))
    .order_by(people_tables.c.due_at)
    .limit(bindparam("batch"))
)
_LAPSED = (
    select(table_presence.c.table_id, table_presence.c.seat, table_presence.c.seen_until)
    .where(table_presence.c.seen_until < bindparam("at"))
    .limit(bindparam("batch"))
)
_LEAVE = (
    update(table_presence)
    .where(
        table_presence.c.table_id == bindparam("wanted_id"),
        table_presence.c.seat == bindparam("wanted_seat"),
        table_presence.c.seen_until > bindparam("at"),
    )
    .values(seen_until=bindparam("at"))
)
_RELEASE = delete(table_presence).where(
    table_presence.c.table_id == bindparam("wanted_id"),
    table_presence.c.seat == bindparam("wanted_seat"),
    table_presence.c.seen_until == bindparam("read_until"),
)
_IDLE = select(people_tables.c.id, people_tables.c.version).where(
    people_tables.c.updated_at < bindparam("idle_before")
)
_DROP = delete(people_tables).where(
    people_tables.c.id == bindparam("wanted_id"),
    people_tables.c.version == bindparam("read_version"),
)
_DROP_PRESENCE = delete(table_presence).where(table_presence.c.table_id == bindparam("wanted_id"))
_NOTIFY = text("SELECT pg_notify(:channel, :payload)")


class LeaseRenewedError(VersionConflictError):
    """The lease a commit was to release was renewed (or released) meanwhile."""


@dataclass(frozen=True, slots=True)
class TableSeat:
    """One seat of a table: an AI, or a person's place (free until someone takes it)."""

    kind: str
    """``person`` or ``ai``."""
    level: str | None = None
    """An AI seat's level (the registry's name)."""
    name: str | None = None
    """The person's display name, once taken."""
    token_hash: str | None = field(default=None, repr=False)
    """The SHA-256 of the person's seat token, once taken."""
    removed_hash: str | None = field(default=None, repr=False)
    """The token hash of a person the host removed (an AI plays the seat now)."""
    browser_hash: str | None = field(default=None, repr=False)
    """A hash of the person's browser id: each deal they sit down to is in its *Your
    deals* (``deal_people``)."""
    away: datetime | None = None
    """When the person was last connected, while they are away; ``None`` when here."""
    played: bool = False
    """True while the absent players' AI plays for this person (away too long)."""

    def to_json(self) -> dict[str, Any]:
        """The seat as the row's JSON."""
        return {
            "kind": self.kind,
            "level": self.level,
            "name": self.name,
            "token_hash": self.token_hash,
            "removed_hash": self.removed_hash,
            "browser_hash": self.browser_hash,
            "away": None if self.away is None else self.away.isoformat(),
            "played": self.played,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableSeat:
        """A seat read back from the row's JSON."""
        away = data.get("away")
        return cls(
            kind=data["kind"],
            level=data.get("level"),
            name=data.get("name"),
            token_hash=data.get("token_hash"),
            removed_hash=data.get("removed_hash"),
            browser_hash=data.get("browser_hash"),
            away=None if away is None else aware(datetime.fromisoformat(away)),
            played=bool(data.get("played")),
        )


@dataclass(frozen=True, slots=True)
class StoredTable:
    """One table of people, as stored."""

    id: str
    game: str
    invite_hash: str = field(repr=False)
    host_seat: int
    settings: dict[str, Any]
    """The host's choices: timers and the absent players' AI (see the web layer)."""
    seats: tuple[TableSeat, ...]
    status: str
    """``gathering`` (people taking seats), ``playing`` or ``over`` (the deal ended)."""
    game_id: str | None
    """The deal at the table (a row of ``games``), once started."""
    deals: tuple[str, ...]
    """The earlier deals played at this table, oldest first."""
    held: dict[str, Any] | None
    """Sealed answers given before the engine asked for them: ``{"decision": key,
    "answers": {"seat": "action"}}``."""
    decision: int | None
    """The decision point the timer runs for (the web layer's key), while one runs."""
    deadline: datetime | None
    """When that decision's time runs out."""
    due_at: datetime | None
    """The first moment a server process must act on the table by itself (a timer, an
    absent person's AI, an AI's move): what every process looks for."""
    version: int
    created_at: datetime
    updated_at: datetime


def aware(moment: datetime) -> datetime:
    """``moment`` in UTC with its zone (SQLite hands datetimes back without one)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _maybe(moment: datetime | None) -> datetime | None:
    return None if moment is None else aware(moment)


def _from_row(row: RowMapping) -> StoredTable:
    return StoredTable(
        id=row["id"],
        game=row["game"],
        invite_hash=row["invite_hash"],
        host_seat=int(row["host_seat"]),
        settings=dict(row["settings"]),
        seats=tuple(TableSeat.from_json(seat) for seat in row["seats"]),
        status=row["status"],
        game_id=row["game_id"],
        deals=tuple(row["deals"]),
        held=row["held"],
        decision=None if row["decision"] is None else int(row["decision"]),
        deadline=_maybe(row["deadline"]),
        due_at=_maybe(row["due_at"]),
        version=int(row["version"]),
        created_at=aware(row["created_at"]),
        updated_at=aware(row["updated_at"]),
    )


def _values(table: StoredTable) -> dict[str, Any]:
    return {
        "game": table.game,
        "invite_hash": table.invite_hash,
        "host_seat": table.host_seat,
        "settings": table.settings,
        "seats": [seat.to_json() for seat in table.seats],
        "status": table.status,
        "game_id": table.game_id,
        "deals": list(table.deals),
        "held": table.held,
        "decision": table.decision,
        "deadline": table.deadline,
        "due_at": table.due_at,
        "version": table.version,
        "created_at": table.created_at,
        "updated_at": table.updated_at,
    }


@dataclass(frozen=True, slots=True)
class Lease:
    """A person's presence lease that ran out: who, and until when it was held."""

    table_id: str
    seat: int
    seen_until: datetime


class TableStore:
    """Tables of people in the game store's database."""

    def __init__(self, games: GameStore) -> None:
        self.games = games
        self.engine = games.engine
        self.notifies = self.engine.dialect.name == "postgresql"
        """True when committed changes are announced with ``NOTIFY`` (PostgreSQL)."""
        dialect = postgresql if self.notifies else sqlite
        upsert = dialect.insert(table_presence)
        self._touch = upsert.on_conflict_do_update(
            index_elements=[table_presence.c.table_id, table_presence.c.seat],
            set_={"seen_until": upsert.excluded.seen_until},
        )

    def insert(self, table: StoredTable) -> None:
        """Store a new table."""

        def run() -> None:
            with self.games.write_lock, self.engine.begin() as connection:
                connection.execute(_INSERT, {"id": table.id, **_values(table)})

        guard(run)

    def get(self, table_id: str) -> StoredTable | None:
        """The table ``table_id``, or ``None``."""

        def run() -> StoredTable | None:
            with self.engine.connect() as connection:
                found = connection.execute(_SELECT, {"wanted_id": table_id}).mappings().first()
            return None if found is None else _from_row(found)

        return guard(run)

    def commit(
        self,
        old: StoredTable,
        new: StoredTable,
        *,
        game_old: StoredGame | None = None,
        game_new: StoredGame | None = None,
        released: Lease | None = None,
        people: Sequence[tuple[int, str]] = (),
    ) -> None:
        """Write ``new`` over ``old`` and, in the same transaction, the deal's new row
        (``game_new`` over ``game_old``, or inserted when ``game_old`` is ``None``, with
        its ``people``: each person's seat and browser hash) and the removal of a lapsed
        lease; then announce the table on PostgreSQL.

        Raises :class:`VersionConflictError`, writing nothing, when the table or the
        deal is no longer at the version read, or the lease was renewed meanwhile.
        """

        def run() -> None:
            with self.games.write_lock, self.engine.begin() as connection:
                if game_new is not None:
                    if game_old is None:
                        insert_game(connection, game_new)
                        insert_people(connection, game_new.id, people)
                    elif update_game(connection, game_old, game_new) != 1:
                        raise VersionConflictError(f"deal {game_old.id} changed meanwhile")
                if released is not None:
                    params = {
                        "wanted_id": released.table_id,
                        "wanted_seat": released.seat,
                        "read_until": released.seen_until,
                    }
                    if connection.execute(_RELEASE, params).rowcount != 1:
                        raise LeaseRenewedError("the person came back meanwhile")
                values = changed(_values(old), _values(new))
                params = {"wanted_id": old.id, "read_version": old.version, **values}
                if connection.execute(_UPDATE, params).rowcount != 1:
                    raise VersionConflictError(f"table {old.id} changed since {old.version}")
                self._announce(connection, f"{new.id} {new.version}")

        guard(run)

    def due(self, at: datetime, batch: int = 200) -> list[str]:
        """The tables whose ``due_at`` has come by ``at``, the most overdue first."""
        return self._rows(_DUE, {"at": at, "batch": batch}, lambda row: str(row.id))

    def touch(self, leases: Sequence[tuple[str, int]], until: datetime) -> None:
        """Hold (or renew) each ``(table id, seat)``'s presence lease until ``until``."""
        if not leases:
            return
        rows = [{"table_id": t, "seat": s, "seen_until": until} for t, s in leases]

        def run() -> None:
            with self.games.write_lock, self.engine.begin() as connection:
                connection.execute(self._touch, rows)

        guard(run)

    def leave(self, table_id: str, seat: int, at: datetime) -> None:
        """End a lease at ``at`` (the person's browser went away from this process)."""

        def run() -> None:
            with self.games.write_lock, self.engine.begin() as connection:
                params = {"wanted_id": table_id, "wanted_seat": seat, "at": at}
                connection.execute(_LEAVE, params)

        guard(run)

    def lapsed(self, at: datetime, batch: int = 200) -> list[Lease]:
        """The leases that ran out before ``at`` (their people are away)."""
        return self._rows(
            _LAPSED,
            {"at": at, "batch": batch},
            lambda row: Lease(str(row.table_id), int(row.seat), aware(row.seen_until)),
        )

    def prune(self, idle_before: datetime) -> int:
        """Remove the tables nobody changed since ``idle_before`` (each at the version it
        was found in, so a table that moved on meanwhile stays); how many went."""

        def run() -> int:
            with self.engine.connect() as connection:
                found = connection.execute(_IDLE, {"idle_before": idle_before}).all()
            removed = 0
            for row in found:
                with self.games.write_lock, self.engine.begin() as connection:
                    params = {"wanted_id": row.id, "read_version": row.version}
                    if connection.execute(_DROP, params).rowcount:
                        connection.execute(_DROP_PRESENCE, {"wanted_id": row.id})
                        removed += 1
            return removed

        return guard(run)

    def _announce(self, connection: Connection, payload: str) -> None:
        if self.notifies:
            connection.execute(_NOTIFY, {"channel": TABLES_CHANNEL, "payload": payload})

    def _rows(self, statement: Any, params: dict[str, Any], make: Callable[[Any], T]) -> list[T]:
        def run() -> list[T]:
            with self.engine.connect() as connection:
                return [make(row) for row in connection.execute(statement, params)]

        return guard(run)


__all__ = [
    "TABLES_CHANNEL",
    "Lease",
    "LeaseRenewedError",
    "StoredTable",
    "TableSeat",
    "TableStore",
    "aware",
]
