"""The game store: insert, read and update stored deals.

Updates are optimistic: each carries the ``version`` it read, and a row changed since
(another tab, another server process) is left alone and reported as a
:class:`VersionConflictError`, so two requests acting on the same position can never
both apply.
"""

from __future__ import annotations

import dataclasses
import secrets
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import and_, bindparam, delete, insert, literal, or_, select, union_all, update
from sqlalchemy.engine import Connection, Engine, RowMapping
from sqlalchemy.exc import DBAPIError, IntegrityError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError

from cardavia.store.errors import StoreUnavailableError, VersionConflictError
from cardavia.store.tables import deal_people, games, learn_progress, practice_answers

ONGOING, FINISHED = "ongoing", "finished"
NEVER = datetime.min.replace(tzinfo=UTC)
"""A cut-off no deal is older than: ``prune`` keeps that kind of deal."""

# Every request runs one of these: built once, they cost SQLAlchemy no construction and
# no cache-key work per call (that was most of a request's time in the store). The SET
# clause of the update is the parameters named like columns.
_INSERT = insert(games)
_SELECT = select(games).where(games.c.id == bindparam("wanted_id"))
_UPDATE = update(games).where(
    games.c.id == bindparam("wanted_id"), games.c.version == bindparam("read_version")
)
# Retention: old deals, by status and age; removed only at the version they were found
# in, so a deal someone acted in meanwhile is kept.
_STALE = (
    select(games.c.id, games.c.version, games.c.status)
    .where(
        or_(
            and_(games.c.status == ONGOING, games.c.updated_at < bindparam("idle_before")),
            and_(games.c.status == FINISHED, games.c.updated_at < bindparam("finished_before")),
        )
    )
    .limit(bindparam("batch"))
)
_DELETE = delete(games).where(
    games.c.id == bindparam("wanted_id"), games.c.version == bindparam("read_version")
)
# A browser's own deals (newest first); one shared by its link; the owner's changes,
# each only on a deal of that browser.
_SUMMARY = (
    games.c.id,
    games.c.game,
    games.c.ai,
    games.c.seed,
    games.c.seed_chosen,
    games.c.status,
    games.c.step,
    games.c.result,
    games.c.created_at,
    games.c.updated_at,
    games.c.share_id,
    games.c.meta,
)
# A deal against the AIs is its starting browser's, at seat 0; a table's deal is each of
# its people's, at their own seat (deal_people).
_MINE = union_all(
    select(*_SUMMARY, literal(0).label("seat")).where(games.c.browser_hash == bindparam("browser")),
    select(*_SUMMARY, deal_people.c.seat)
    .join(deal_people, deal_people.c.game_id == games.c.id)
    .where(
        deal_people.c.browser_hash == bindparam("browser"),
        # A table of one person's deal names its browser in its row too: listed once.
        or_(games.c.browser_hash.is_(None), games.c.browser_hash != bindparam("browser")),
    ),
).subquery()
_OWNED = select(_MINE).order_by(_MINE.c.created_at.desc(), _MINE.c.id).limit(bindparam("most"))
_SEAT = select(deal_people.c.seat).where(
    deal_people.c.game_id == bindparam("wanted_id"),
    deal_people.c.browser_hash == bindparam("browser"),
)
_INSERT_PERSON = insert(deal_people)
_SEAT_REVIEW = select(deal_people.c.review).where(
    deal_people.c.game_id == bindparam("wanted_id"), deal_people.c.seat == bindparam("wanted_seat")
)
_KEEP_SEAT_REVIEW = (
    update(deal_people)
    .where(
        deal_people.c.game_id == bindparam("wanted_id"),
        deal_people.c.seat == bindparam("wanted_seat"),
        deal_people.c.review.is_(None),
    )
    .values(review=bindparam("new_review"))
)
_REPLACE_SEAT_REVIEW = (
    update(deal_people)
    .where(deal_people.c.game_id == bindparam("wanted_id"))
    .where(deal_people.c.seat == bindparam("wanted_seat"))
    .values(review=bindparam("new_review"))
)
_FORGET_PERSON = delete(deal_people).where(
    deal_people.c.game_id == bindparam("wanted_id"),
    deal_people.c.browser_hash == bindparam("browser"),
)
_DELETE_PEOPLE = delete(deal_people).where(deal_people.c.game_id == bindparam("wanted_id"))
_LESSONS_DONE = select(learn_progress.c.lesson).where(
    learn_progress.c.browser_hash == bindparam("wanted_browser")
)
_LESSON_DONE = insert(learn_progress)
_PRACTICE_ANSWERS = select(practice_answers.c.position, practice_answers.c.correct).where(
    practice_answers.c.browser_hash == bindparam("wanted_browser")
)
_PRACTICE_ANSWERED = insert(practice_answers)
_SHARED = select(games).where(games.c.share_id == bindparam("wanted_share"))
# A browser is still about while it finished a lesson, answered a position or acted in
# a deal (its own, or one at a table) since the cut-off: its progress is kept whole.
_ACTIVE_BROWSERS = union_all(
    select(learn_progress.c.browser_hash).where(learn_progress.c.done_at >= bindparam("before")),
    select(practice_answers.c.browser_hash).where(
        practice_answers.c.answered_at >= bindparam("before")
    ),
    select(games.c.browser_hash).where(
        games.c.browser_hash.is_not(None), games.c.updated_at >= bindparam("before")
    ),
    select(deal_people.c.browser_hash)
    .join(games, games.c.id == deal_people.c.game_id)
    .where(games.c.updated_at >= bindparam("before")),
)
_FORGET_LESSONS = delete(learn_progress).where(
    learn_progress.c.done_at < bindparam("before"),
    learn_progress.c.browser_hash.not_in(_ACTIVE_BROWSERS),
)
_FORGET_ANSWERS = delete(practice_answers).where(
    practice_answers.c.answered_at < bindparam("before"),
    practice_answers.c.browser_hash.not_in(_ACTIVE_BROWSERS),
)
_DELETE_OWNED = delete(games).where(
    games.c.id == bindparam("wanted_id"), games.c.browser_hash == bindparam("browser")
)
_SHARE = (
    update(games)
    .where(
        games.c.id == bindparam("wanted_id"),
        games.c.browser_hash == bindparam("browser"),
        games.c.status == FINISHED,
    )
    .values(share_id=bindparam("new_share"))
)
_AI_RUN = select(games.c.ai_run, games.c.ai_run_at).where(games.c.id == bindparam("wanted_id"))
_WRITE_AI_RUN = (
    update(games)
    .where(games.c.id == bindparam("wanted_id"), games.c.status == FINISHED)
    .values(ai_run=bindparam("new_run"), ai_run_at=bindparam("new_at"))
)
# A table's deal keeps the run of each person's seat with that seat (deal_people), and
# only once the deal itself is finished, as above.
_THE_PERSON = and_(
    deal_people.c.game_id == bindparam("wanted_id"), deal_people.c.seat == bindparam("wanted_seat")
)
_SEAT_RUN = select(deal_people.c.ai_run.label("ai_run"), deal_people.c.ai_run_at).where(_THE_PERSON)
_WRITE_SEAT_RUN = (
    update(deal_people)
    .where(
        _THE_PERSON,
        select(games.c.id)
        .where(games.c.id == deal_people.c.game_id, games.c.status == FINISHED)
        .exists(),
    )
    .values(ai_run=bindparam("new_run"), ai_run_at=bindparam("new_at"))
)
_SEAT_HINTS = select(deal_people.c.hints).where(_THE_PERSON)
_WRITE_SEAT_HINTS = update(deal_people).where(_THE_PERSON).values(hints=bindparam("new_hints"))
PRUNE_BATCH = 500
"""Deals removed per transaction: short transactions, so that SQLite's one writer (and
PostgreSQL's row locks) hold up the players' own writes for a few milliseconds only."""

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class StoredGame:
    """One stored deal: what a record holds, plus who may play it and a version."""

    id: str
    token_hash: str
    game: str
    ai: str
    seed: int
    seed_chosen: bool
    first: int
    deck: tuple[str, ...]
    decisions: tuple[tuple[int, str], ...]
    step: int
    """The engine state's step after the last stored decision and its forced actions."""
    status: str
    """``ongoing`` or ``finished``."""
    result: dict[str, Any] | None
    version: int
    created_at: datetime
    updated_at: datetime
    browser_hash: str | None = None
    """A hash of the id of the browser that started the deal (``None``: no browser)."""
    share_id: str | None = None
    """The name of its public replay while its owner shares it."""
    hints: tuple[int, ...] = ()
    """The steps at which the person asked for a hint (each decision counted once)."""
    review: dict[str, Any] | None = None
    """A finished deal's review, once computed (``{"findings": [...], "decisions": n}``)."""
    meta: dict[str, Any] | None = None
    """What the record's ``meta`` adds for a table of people (names, levels, which
    decisions an AI made for an absent person); ``None`` for a deal against the AIs."""

    @classmethod
    def dealt(
        cls,
        game: str,
        ai: str,
        seed: int,
        first: int,
        deck: Sequence[object],
        token_hash: str,
        at: datetime,
        *,
        seed_chosen: bool = False,
        browser_hash: str | None = None,
        meta: dict[str, Any] | None = None,
    ) -> StoredGame:
        """A deal just dealt (``deck`` in its canonical card codes by ``str``), before
        any decision: a fresh unguessable id, version 1, ongoing."""
        return cls(
            id=secrets.token_urlsafe(12),
            token_hash=token_hash,
            game=game,
            ai=ai,
            seed=seed,
            seed_chosen=seed_chosen,
            first=first,
            deck=tuple(str(card) for card in deck),
            decisions=(),
            step=0,
            status=ONGOING,
            result=None,
            version=1,
            created_at=at,
            updated_at=at,
            browser_hash=browser_hash,
            meta=meta,
        )

    def __repr__(self) -> str:
        # The deck and seed are secrets while the deal runs: keep them out of logs.
        return f"<StoredGame {self.id} {self.game} step={self.step} {self.status} v{self.version}>"


def _from_row(row: RowMapping) -> StoredGame:
    return StoredGame(
        id=row["id"],
        token_hash=row["token_hash"],
        game=row["game"],
        ai=row["ai"],
        seed=int(row["seed"]),
        seed_chosen=bool(row["seed_chosen"]),
        first=int(row["first_seat"]),
        deck=tuple(row["deck"]),
        decisions=tuple((int(seat), str(text)) for seat, text in row["decisions"]),
        step=int(row["step"]),
        status=row["status"],
        result=row["result"],
        version=int(row["version"]),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        browser_hash=row["browser_hash"],
        share_id=row["share_id"],
        hints=tuple(int(step) for step in row["hints"] or ()),
        review=row["review"],
        meta=row["meta"],
    )


@dataclass(frozen=True, slots=True)
class DealSummary:
    """What a list of a browser's deals shows of one: never its deck or decisions."""

    id: str
    game: str
    ai: str
    seed: int
    seed_chosen: bool
    status: str
    step: int
    result: dict[str, Any] | None
    created_at: datetime
    updated_at: datetime
    share_id: str | None
    meta: dict[str, Any] | None = None
    """A table's deal: its players' names and its table (``StoredGame.meta``)."""
    seat: int = 0
    """The browser's own seat in the deal."""

    def __repr__(self) -> str:
        return f"<DealSummary {self.id} {self.game} {self.status}>"


@dataclass(frozen=True, slots=True)
class AIRun:
    """The AI's run in a person's seat as stored: its JSON and when it was written."""

    run: dict[str, Any]
    at: datetime


def now() -> datetime:
    """The current time, in UTC (what the store writes)."""
    return datetime.now(UTC)


class GameStore:
    """Deals in a SQL database (SQLite or PostgreSQL)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # SQLite has one writer at a time, and a writer that finds the file locked sleeps
        # in SQLite's busy handler (1, 2, 5 ... 100 ms, never woken early): under load
        # such waits pile up into seconds. Writers of this process queue on a lock
        # instead, which wakes the next one the moment the last commits. PostgreSQL
        # locks rows, and its waiters wake on commit: no lock needed there.
        self.write_lock: AbstractContextManager[Any] = (
            threading.Lock() if engine.dialect.name == "sqlite" else nullcontext()
        )

    def insert(self, game: StoredGame) -> None:
        """Store a new deal."""

        def run() -> None:
            with self.write_lock, self.engine.begin() as connection:
                insert_game(connection, game)

        guard(run)

    def get(self, game_id: str) -> StoredGame | None:
        """The deal with ``game_id``, or ``None``."""

        def run() -> StoredGame | None:
            with self.engine.connect() as connection:
                row = connection.execute(_SELECT, {"wanted_id": game_id}).mappings()
                found = row.first()
            return None if found is None else _from_row(found)

        return guard(run)

    def update(
        self,
        game: StoredGame,
        *,
        decisions: Sequence[tuple[int, str]],
        step: int,
        status: str,
        result: dict[str, Any] | None,
    ) -> StoredGame:
        """Write the deal's new decisions over ``game`` (as read); return the new row.

        Raises :class:`VersionConflictError`, writing nothing, when the row is no longer
        at ``game.version``.
        """
        new = advanced(game, decisions=decisions, step=step, status=status, result=result)
        self._write(game, new)
        return new

    def annotate(
        self,
        game: StoredGame,
        *,
        hints: Sequence[int] | None = None,
        review: dict[str, Any] | None = None,
    ) -> StoredGame:
        """Write the coach's facts (the steps hinted, the review) over ``game`` (as read);
        return the new row. Optimistic like :meth:`update`; the decisions stay."""
        new = dataclasses.replace(
            game,
            hints=tuple(hints) if hints is not None else game.hints,
            review=review if review is not None else game.review,
            version=game.version + 1,
            updated_at=now(),
        )
        self._write(game, new)
        return new

    def _write(self, game: StoredGame, new: StoredGame) -> None:
        """``new`` over the row of ``game`` if it is still at ``game.version``, else
        :class:`VersionConflictError` and nothing written."""

        def run() -> int:
            with self.write_lock, self.engine.begin() as connection:
                return update_game(connection, game, new)

        if guard(run) != 1:
            raise VersionConflictError(f"deal {game.id} changed since version {game.version}")

    # -- a browser's deals -----------------------------------------------------------------

    def owned(self, browser_hash: str, most: int = 500) -> list[DealSummary]:
        """The deals of the browser ``browser_hash``, newest first (at most ``most``)."""

        def run() -> list[DealSummary]:
            with self.engine.connect() as connection:
                rows = connection.execute(_OWNED, {"browser": browser_hash, "most": most})
                return [DealSummary(**row) for row in rows.mappings()]

        return guard(run)

    def delete_owned(self, game_id: str, browser_hash: str) -> bool:
        """Remove the deal ``game_id`` if the browser ``browser_hash`` started it."""

        def run() -> int:
            with self.write_lock, self.engine.begin() as connection:
                params = {"wanted_id": game_id, "browser": browser_hash}
                deleted = int(connection.execute(_DELETE_OWNED, params).rowcount)
                if deleted:  # a table of one person's deal: its person's row goes too
                    connection.execute(_DELETE_PEOPLE, {"wanted_id": game_id})
                return deleted

        return guard(run) == 1

    def share(self, game_id: str, browser_hash: str, share_id: str | None) -> bool:
        """Give the finished deal ``game_id`` of ``browser_hash`` the public name
        ``share_id`` (``None``: take it back); False when it is not such a deal."""

        def run() -> int:
            with self.write_lock, self.engine.begin() as connection:
                params = {"wanted_id": game_id, "browser": browser_hash, "new_share": share_id}
                return int(connection.execute(_SHARE, params).rowcount)

        return guard(run) == 1

    def seat_of(self, game_id: str, browser_hash: str) -> int | None:
        """The seat of the browser ``browser_hash``'s person in the table's deal
        ``game_id`` (``deal_people``), else ``None``. A deal against the AIs names its
        browser in its own row (``StoredGame.browser_hash``)."""

        def run() -> int | None:
            with self.engine.connect() as connection:
                params = {"wanted_id": game_id, "browser": browser_hash}
                seat = connection.execute(_SEAT, params).scalar()
            return None if seat is None else int(seat)

        return guard(run)

    def forget_person(self, game_id: str, browser_hash: str) -> bool:
        """Take a table's deal out of the browser ``browser_hash``'s deals (the deal
        stays the other people's); False when it was not there."""

        def run() -> int:
            with self.write_lock, self.engine.begin() as connection:
                params = {"wanted_id": game_id, "browser": browser_hash}
                return int(connection.execute(_FORGET_PERSON, params).rowcount)

        return guard(run) >= 1

    def seat_review(self, game_id: str, seat: int) -> dict[str, Any] | None:
        """The review kept for ``seat``'s person of a table's deal, or ``None``."""

        def run() -> dict[str, Any] | None:
            with self.engine.connect() as connection:
                params = {"wanted_id": game_id, "wanted_seat": seat}
                found = connection.execute(_SEAT_REVIEW, params).scalar()
            return None if found is None else dict(found)

        return guard(run)

    def keep_seat_review(
        self, game_id: str, seat: int, review: dict[str, Any], *, stale: bool = False
    ) -> bool:
        """Keep ``review`` for ``seat``'s person of a table's deal, unless one is kept
        already (the first writer's stays; ``stale``: the one kept was judged under an
        older rule and is replaced); False when nothing was written."""

        def run() -> int:
            with self.write_lock, self.engine.begin() as connection:
                params = {"wanted_id": game_id, "wanted_seat": seat, "new_review": review}
                query = _REPLACE_SEAT_REVIEW if stale else _KEEP_SEAT_REVIEW
                return int(connection.execute(query, params).rowcount)

        return guard(run) == 1

    def lessons_done(self, browser_hash: str) -> set[str]:
        """The lessons (``game/slug``) the browser of ``browser_hash`` has finished."""

        def run() -> set[str]:
            with self.engine.connect() as connection:
                params = {"wanted_browser": browser_hash}
                return set(connection.execute(_LESSONS_DONE, params).scalars())

        return guard(run)

    def lesson_done(self, browser_hash: str, lesson: str) -> None:
        """Keep that the browser of ``browser_hash`` finished ``lesson`` (once: a lesson
        done again keeps its first time)."""

        def run() -> None:
            row = {"browser_hash": browser_hash, "lesson": lesson, "done_at": now()}
            try:
                with self.write_lock, self.engine.begin() as connection:
                    connection.execute(_LESSON_DONE, row)
            except IntegrityError:
                pass  # done before: the first time stays

        guard(run)

    def practice_answers(self, browser_hash: str) -> dict[str, bool]:
        """The practice positions (``Practice.key``) the browser of ``browser_hash``
        has answered, and whether its first answer was right."""

        def run() -> dict[str, bool]:
            with self.engine.connect() as connection:
                params = {"wanted_browser": browser_hash}
                rows = connection.execute(_PRACTICE_ANSWERS, params)
                return {str(position): bool(right) for position, right in rows}

        return guard(run)

    def practice_answered(self, browser_hash: str, position: str, right: bool) -> None:
        """Keep the browser's answer to ``position``: only its first, since after it the
        page shows the best choice and a second answer would say nothing."""

        def run() -> None:
            row = {
                "browser_hash": browser_hash,
                "position": position,
                "correct": right,
                "answered_at": now(),
            }
            try:
                with self.write_lock, self.engine.begin() as connection:
                    connection.execute(_PRACTICE_ANSWERED, row)
            except IntegrityError:
                pass  # answered before: the first answer stays

        guard(run)

    def shared(self, share_id: str) -> StoredGame | None:
        """The deal whose public replay is named ``share_id``, or ``None``."""

        def run() -> StoredGame | None:
            with self.engine.connect() as connection:
                found = connection.execute(_SHARED, {"wanted_share": share_id}).mappings().first()
            return None if found is None else _from_row(found)

        return guard(run)

    def seat_hints(self, game_id: str, seat: int) -> tuple[int, ...]:
        """The decisions at which ``seat``'s person of a table's deal asked for a hint."""

        def run() -> tuple[int, ...]:
            with self.engine.connect() as connection:
                params = {"wanted_id": game_id, "wanted_seat": seat}
                found = connection.execute(_SEAT_HINTS, params).scalar()
            return tuple(int(key) for key in found or ())

        return guard(run)

    def add_seat_hint(self, game_id: str, seat: int, key: int) -> int | None:
        """Count decision ``key`` among ``seat``'s hints in a table's deal (once, however
        often it is asked); how many decisions are hinted now, or ``None`` when that seat
        of that deal has no person's row (nothing is kept)."""

        def run() -> int | None:
            with self.write_lock, self.engine.begin() as connection:
                params = {"wanted_id": game_id, "wanted_seat": seat}
                # Read and written in one transaction, the row locked on PostgreSQL (two
                # tabs of one seat asking at once count both); SQLite's writers of this
                # process queue on the write lock, and it has only this process.
                found = connection.execute(_SEAT_HINTS.with_for_update(), params).first()
                if found is None:
                    return None
                keys = [int(entry) for entry in found.hints or ()]
                if key not in keys:
                    keys.append(key)
                    connection.execute(_WRITE_SEAT_HINTS, {**params, "new_hints": keys})
                return len(keys)

        return guard(run)

    # -- the AI's run in the person's seat -----------------------------------------------

    def ai_run(self, game_id: str, seat: int | None = None) -> AIRun | None:
        """The stored AI run of ``game_id`` (of its person's ``seat`` at a table's deal;
        ``None``: a deal against the AIs), or ``None`` when none was started."""

        def run() -> AIRun | None:
            with self.engine.connect() as connection:
                if seat is None:
                    found = connection.execute(_AI_RUN, {"wanted_id": game_id}).first()
                else:
                    params = {"wanted_id": game_id, "wanted_seat": seat}
                    found = connection.execute(_SEAT_RUN, params).first()
            if found is None or found.ai_run is None or found.ai_run_at is None:
                return None
            return AIRun(found.ai_run, found.ai_run_at)

        return guard(run)

    def write_ai_run(
        self,
        game_id: str,
        run: dict[str, Any],
        at: datetime,
        expected: datetime | None,
        seat: int | None = None,
    ) -> bool:
        """Store ``run`` (written ``at``) over the run last written at ``expected`` (``None``:
        none yet), with the deal (``seat`` ``None``) or with its person's ``seat`` of a
        table's deal. False, writing nothing, when another writer came first: the run is
        then theirs. Only a finished deal has a run; it never changes the deal's version or
        age."""
        if seat is None:
            column, query = games.c.ai_run_at, _WRITE_AI_RUN
        else:
            column, query = deal_people.c.ai_run_at, _WRITE_SEAT_RUN
        last = column.is_(None) if expected is None else column == expected

        def work() -> int:
            with self.write_lock, self.engine.begin() as connection:
                params = {"wanted_id": game_id, "new_run": run, "new_at": at}
                if seat is not None:
                    params["wanted_seat"] = seat
                return int(connection.execute(query.where(last), params).rowcount)

        return guard(work) == 1

    # -- export --------------------------------------------------------------------------

    def every(self, since: datetime | None = None, game: str | None = None) -> Iterator[StoredGame]:
        """Every stored deal (last changed at ``since`` or later, of ``game``), oldest first."""
        query = select(games).order_by(games.c.created_at, games.c.id)
        if since is not None:
            query = query.where(games.c.updated_at >= since)
        if game is not None:
            query = query.where(games.c.game == game)
        with self.engine.connect() as connection:
            try:
                rows = connection.execution_options(yield_per=200).execute(query).mappings()
                for row in rows:
                    yield _from_row(row)
            except (OperationalError, InterfaceError) as exc:
                raise StoreUnavailableError("the game store cannot be reached") from exc

    def prune_progress(self, before: datetime) -> int:
        """Forget the lessons done and positions answered of every browser that has done
        nothing here since ``before`` (no lesson, no answer, no move in a deal of its own
        or at a table); how many rows went. A browser still about keeps all of its
        progress, however old, so that no page shows half of it."""

        def run() -> int:
            with self.write_lock, self.engine.begin() as connection:
                params = {"before": before}
                lessons = connection.execute(_FORGET_LESSONS, params).rowcount
                answers = connection.execute(_FORGET_ANSWERS, params).rowcount
            return int(lessons) + int(answers)

        return guard(run)

    def prune(self, idle_before: datetime, finished_before: datetime) -> Pruned:
        """Remove the unfinished deals last acted in before ``idle_before`` and the
        finished ones that ended before ``finished_before`` (:data:`NEVER`: none).

        Each deal is removed only at the version it was found in, so a deal someone
        acted in since (a request that committed meanwhile) is kept; a request that
        read a deal before it was removed finds it gone when it writes (the same 409
        as any other change meanwhile) and nothing is half-written. Runs in batches of
        :data:`PRUNE_BATCH`, each its own short transaction.
        """
        return guard(lambda: _prune(self, idle_before, finished_before))


@dataclass(frozen=True, slots=True)
class Pruned:
    """What one :meth:`GameStore.prune` removed."""

    idle: int
    """Unfinished deals nobody had acted in since the cut-off."""
    finished: int
    """Finished deals that ended before their cut-off."""


def advanced(
    game: StoredGame,
    *,
    decisions: Sequence[tuple[int, str]],
    step: int,
    status: str,
    result: dict[str, Any] | None,
    meta: dict[str, Any] | None = None,
) -> StoredGame:
    """``game`` as it is once these decisions are written: the next version, now."""
    return dataclasses.replace(
        game,
        decisions=tuple((seat, text) for seat, text in decisions),
        step=step,
        status=status,
        result=result,
        version=game.version + 1,
        updated_at=now(),
        meta=game.meta if meta is None else meta,
    )


def insert_game(connection: Connection, game: StoredGame) -> None:
    """Insert ``game``'s row in the caller's transaction."""
    connection.execute(
        _INSERT,
        {
            "id": game.id,
            "token_hash": game.token_hash,
            "game": game.game,
            "ai": game.ai,
            "seed": game.seed,
            "seed_chosen": game.seed_chosen,
            "first_seat": game.first,
            "deck": list(game.deck),
            "decisions": [list(entry) for entry in game.decisions],
            "step": game.step,
            "status": game.status,
            "result": game.result,
            "version": game.version,
            "created_at": game.created_at,
            "updated_at": game.updated_at,
            "browser_hash": game.browser_hash,
            "share_id": game.share_id,
            "hints": list(game.hints),
            "review": game.review,
            "meta": game.meta,
        },
    )


def insert_people(connection: Connection, game_id: str, people: Sequence[tuple[int, str]]) -> None:
    """Tie each ``(seat, browser hash)`` of ``people`` to the deal ``game_id``."""
    if people:
        rows = [{"game_id": game_id, "seat": seat, "browser_hash": b} for seat, b in people]
        connection.execute(_INSERT_PERSON, rows)


def update_game(connection: Connection, old: StoredGame, new: StoredGame) -> int:
    """Write ``new`` over the row of ``old`` if it is still at ``old.version``, in the
    caller's transaction; the number of rows written (0: someone else changed it)."""
    values = changed(_game_values(old), _game_values(new))
    done = connection.execute(_UPDATE, {"wanted_id": old.id, "read_version": old.version, **values})
    return int(done.rowcount)


def _game_values(game: StoredGame) -> dict[str, Any]:
    return {
        "decisions": [list(entry) for entry in game.decisions],
        "step": game.step,
        "status": game.status,
        "result": game.result,
        "version": game.version,
        "updated_at": game.updated_at,
        # The coach's facts: annotate changes them, an update carries them over. Who owns
        # the deal and its share name are never written here (share() changes the name
        # without a new version: a stale copy must not undo it).
        "hints": list(game.hints),
        "review": game.review,
        "meta": game.meta,
    }


def changed(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The columns of ``new`` whose values differ from ``old``'s, for a versioned update
    of a row read as ``old``: the version check proves the others are still as read, so
    they need not be sent (their JSON was most of an action's commit). The version and
    the time of the update are always written."""
    return {
        key: value
        for key, value in new.items()
        if key in ("version", "updated_at") or old.get(key) != value
    }


def _prune(store: GameStore, idle_before: datetime, finished_before: datetime) -> Pruned:
    removed = {ONGOING: 0, FINISHED: 0}
    cutoffs = {"idle_before": idle_before, "finished_before": finished_before}
    while True:
        with store.engine.connect() as connection:
            found = connection.execute(_STALE, {**cutoffs, "batch": PRUNE_BATCH}).all()
        if not found:
            return Pruned(removed[ONGOING], removed[FINISHED])
        with store.write_lock, store.engine.begin() as connection:
            for row in found:
                params = {"wanted_id": row.id, "read_version": row.version}
                if connection.execute(_DELETE, params).rowcount:
                    removed[row.status] += 1
                    connection.execute(_DELETE_PEOPLE, {"wanted_id": row.id})
        if len(found) < PRUNE_BATCH:
            return Pruned(removed[ONGOING], removed[FINISHED])


def guard(run: Callable[[], T]) -> T:
    """Run a unit of database work; a database that is down becomes one clear error.

    Every unit is one transaction, so whatever failed wrote nothing. The next unit gets
    a new connection (SQLAlchemy drops one a failure invalidated; PostgreSQL's pool
    tests each before handing it out), so service resumes by itself.
    """
    try:
        return run()
    except (OperationalError, InterfaceError) as exc:
        # Refused or dropped connections, a server shutting down, a locked SQLite file.
        raise StoreUnavailableError("the game store cannot be reached") from exc
    except PoolTimeoutError as exc:
        # Every pooled connection stayed busy for pool_timeout: overloaded, not broken.
        raise StoreUnavailableError("the game store is too busy just now") from exc
    except DBAPIError as exc:
        if exc.connection_invalidated:
            raise StoreUnavailableError("the game store connection was lost") from exc
        raise
