"""The deals of the tables: dealt, brought back from the store, decided on, recorded.

A stored deal is its deck, first seat and decisions (like a record); the position is
always rebuilt by the engine through :class:`~cardavia.records.Deal`, the game loop the
arena and the tests share. A rebuilt deal is kept in a small per-process cache, keyed
by the row's ``version``, so a running deal is replayed only when another process (or
a restart) moved it on.

Every deal is played at a table (:mod:`cardavia.web.services.tables.service`, issue 24): the
table service decides who acts and commits each change; this module deals, replays and
applies one decision at a time, and finds a browser's own deals (*Your deals*).
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import hmac
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from cardavia.ai.base import AnyPlayer
from cardavia.core.errors import CardaviaError
from cardavia.games.registry import get_game
from cardavia.records import Deal, Record
from cardavia.records.deal import AnyDeal
from cardavia.store import (
    FINISHED,
    ONGOING,
    GameStore,
    StoredGame,
)
from cardavia.web.games import GAME_NAMES
from cardavia.web.infra.thinking import Thinker
from cardavia.web.presentation.presenters import (
    PERSON,
    PRESENTERS,
    Presenter,
    replayed,
    visible_events,
)

GAMES = GAME_NAMES
AI_LEVELS = ("easy", "basic", "strong")
"""The levels a person may choose, weakest first (the page calls ``basic`` Normal)."""
FIRST_LEVEL = "easy"
"""Where a first-time visitor's form starts: these games are new to most people."""
SEED_LIMIT = 2**53
"""Deal numbers run from 0 to 2**53 - 1: every one is exact in JavaScript too."""
_ID = re.compile(r"^[A-Za-z0-9_-]{16}$")


class GameNotFoundError(LookupError):
    """No game with this id and token (the two cases are never told apart)."""


class ConflictError(Exception):
    """The request does not fit the deal as it now stands (stale step, deal over)."""


class BadActionError(ValueError):
    """An action that is not well written or not legal here."""


Logs = Mapping[int, tuple[dict[str, Any], ...]]
"""Every event each watched seat has seen, in order, as JSON, by seat."""


@dataclass(frozen=True, slots=True)
class LiveDeal:
    """A stored deal brought back to life. Never mutated: acting makes a new one."""

    stored: StoredGame
    deal: AnyDeal
    logs: Logs
    """The log of each seat a person watches the deal from: seat 0 alone for a deal
    against the AIs, every seat at a table of people (actions marked ``forced`` only in
    their own seat's log)."""
    since: int
    """Where in seat 0's log the events since the person's previous action begin."""

    @property
    def log(self) -> tuple[dict[str, Any], ...]:
        """Every event seat 0 has seen, in order."""
        return self.logs[PERSON]

    def log_of(self, seat: int) -> tuple[dict[str, Any], ...]:
        """Every event ``seat`` has seen, in order."""
        return self.logs[seat]

    @property
    def presenter(self) -> Presenter:
        """The presenter of this deal's game."""
        return PRESENTERS[self.stored.game]

    @property
    def over(self) -> bool:
        """True once the deal has ended."""
        return self.deal.over


def hash_token(token: str) -> str:
    """What the store keeps of a bearer token."""
    return hashlib.sha256(token.encode()).hexdigest()


def record_meta(stored: StoredGame) -> dict[str, Any]:
    """The record's ``meta``: who played, how strong, the deal number, when (a table's
    deal keeps its own in the row: names, levels, the notes of its log)."""
    started = {"seed": stored.seed, "started": _stamp(stored.created_at)}
    if stored.meta is not None:
        return {**stored.meta, **started}
    ai = stored.ai
    players = ["you"] + [ai] * (get_game(stored.game).players - 1)
    return {"players": players, "ai": ai, **started}


@dataclass(frozen=True, slots=True)
class Note:
    """Something the server adds to the log before a decision (an AI decided for an
    absent person): an event as JSON, and who may see it (``None``: everyone)."""

    event: dict[str, Any]
    seats: frozenset[int] | None = None

    def to_json(self, at: int) -> dict[str, Any]:
        """As the record's ``meta.notes`` keeps it, before decision number ``at``."""
        seats = None if self.seats is None else sorted(self.seats)
        return {"at": at, "event": self.event, "seats": seats}


def _notes(stored: StoredGame) -> dict[int, Note]:
    """The notes kept in a deal's meta, by the decision they come before."""
    found = {}
    for entry in (stored.meta or {}).get("notes", ()):
        seats = entry["seats"]
        found[int(entry["at"])] = Note(entry["event"], None if seats is None else frozenset(seats))
    return found


def stored_record(stored: StoredGame) -> Record:
    """The record of a stored deal (records.md), exactly what its deal's ``record()``
    gives: only for a finished deal's owner, or the operator (it reveals the deck)."""
    return Record(
        stored.game,
        stored.first,
        stored.deck,
        tuple([seat, text] for seat, text in stored.decisions),
        record_meta(stored),
    )


def _stamp(moment: datetime) -> str:
    # SQLite hands back naive datetimes; the store writes UTC either way.
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


class DealService:
    """Deals, resumes and advances the tables' deals (which the table service commits),
    and finds a browser's own deals."""

    def __init__(
        self,
        store: GameStore,
        cache_deals: int = 512,
        players: Callable[[str, str], AnyPlayer] | None = None,
        thinker: Thinker | None = None,
    ) -> None:
        """``thinker`` gets the AIs' decisions (default: ``players``, or the registry's
        players, inline)."""
        self.store = store
        self.thinker = thinker or Thinker(players)
        self._cache: OrderedDict[str, LiveDeal] = OrderedDict()
        self._cache_size = cache_deals
        self._lock = threading.Lock()

    # -- the operations ------------------------------------------------------------

    def owned(self, game_id: str, browser: str | None) -> StoredGame:
        """The deal ``game_id`` if the browser whose id hashes to ``browser`` started it;
        else :class:`GameNotFoundError` (the same as for a deal that does not exist)."""
        stored = self.store.get(game_id) if _ID.match(game_id) else None
        owner = stored.browser_hash if stored is not None else None
        if stored is None or owner is None or browser is None:
            raise GameNotFoundError(game_id)
        if not hmac.compare_digest(owner, browser):
            raise GameNotFoundError(game_id)
        return stored

    def seat_of(self, game_id: str, browser: str | None) -> tuple[StoredGame, int]:
        """The deal ``game_id`` and the seat in it of the browser whose id hashes to
        ``browser``: one it started (seat 0), or a table's deal it was dealt into (its
        person's seat); else :class:`GameNotFoundError`, as for a deal that does not
        exist."""
        stored = self.store.get(game_id) if _ID.match(game_id) and browser else None
        if stored is None or browser is None:
            raise GameNotFoundError(game_id)
        # One read of the row answers a deal it started; only a table's deal asks its people.
        owner = stored.browser_hash
        if owner is not None and hmac.compare_digest(owner, browser):
            return stored, PERSON
        seat = self.store.seat_of(stored.id, browser) if stored.meta is not None else None
        if seat is None:
            raise GameNotFoundError(game_id)
        return stored, seat

    def load(self, stored: StoredGame, seats: Sequence[int]) -> LiveDeal:
        """The deal of a row already read (a table's deal: its table says who may see
        it), with the logs of ``seats``; replayed only as far as the cache is behind."""
        with self._lock:
            cached = self._cache.get(stored.id)
            if cached is not None and cached.stored.version == stored.version:
                self._cache.move_to_end(stored.id)
                return cached
        live = self._rebuild(stored, cached, seats)
        self.remember(live)
        return live

    def begin(self, stored: StoredGame, seats: Sequence[int]) -> LiveDeal:
        """A new deal of ``stored``'s deck, up to its first decision, with the logs of
        ``seats``; nothing is stored."""
        live = self._start(stored, seats)
        return LiveDeal(_with_progress(stored, live.deal), live.deal, live.logs, 0)

    def decide(self, live: LiveDeal, action: str, note: Note | None = None) -> LiveDeal:
        """``live`` after the seat to act plays ``action`` and the engine every forced
        action after it, with ``note`` logged before it (and kept in the row's meta, so
        that a replay logs it again); nothing is stored. :class:`BadActionError` if the
        action is not legal."""
        deal = _fork(live.deal)
        before = deal.state
        seat = before.to_act
        try:
            events = deal.act(action)
        except CardaviaError as exc:
            raise BadActionError(str(exc)) from exc
        assert seat is not None  # the deal was not over: act() would have refused
        stored, logs = live.stored, live.logs
        if note is not None:
            meta = dict(stored.meta or {})
            meta["notes"] = [*meta.get("notes", ()), note.to_json(len(live.deal.decisions))]
            stored = dataclasses.replace(stored, meta=meta)
            logs = _noted(logs, note)
        logs = _logs_after(live.presenter, logs, events, seat, before)
        return LiveDeal(stored, deal, logs, live.since)

    def record(self, live: LiveDeal) -> Record:
        """The deal's record (records.md); only once it is over, as it reveals the deck."""
        if not live.over:
            raise ConflictError("the record is available once the deal is over")
        # The row's meta as it is now: a table's notes were added while it was played.
        return dataclasses.replace(live.deal.record(), meta=record_meta(live.stored))

    # -- internals -----------------------------------------------------------------

    def _start(self, stored: StoredGame, seats: Sequence[int] = (PERSON,)) -> LiveDeal:
        """The deal dealt from the stored deck, up to its first decision."""
        game = get_game(stored.game)
        presenter = PRESENTERS[stored.game]
        deck = tuple(game.parse_card(code) for code in stored.deck)
        deal = Deal(game, deck, stored.first, record_meta(stored))
        opening = (*presenter.opening_events(game, deck, stored.first), *deal.opening_events)
        dealt = game.deal(deck, stored.first)
        steps = replayed(presenter, opening, dealt)
        logs = {
            seat: tuple(visible_events(presenter, opening, None, dealt, seat, steps))
            for seat in seats
        }
        return LiveDeal(stored, deal, logs, 0)

    def _rebuild(
        self, stored: StoredGame, older: LiveDeal | None = None, seats: Sequence[int] = (PERSON,)
    ) -> LiveDeal:
        """Replay the stored decisions: the same deal, logs and events as when played.

        ``older`` is this deal as the cache last saw it; when its decisions begin the
        stored ones (another process acted since: decisions are only ever appended),
        only the new decisions are replayed. With several processes taking turns on a
        deal, that is the usual case, and it keeps a request from replaying the deal
        from the deck.
        """
        done = len(older.deal.decisions) if older is not None else 0
        if older is not None and tuple(older.deal.decisions) == stored.decisions[:done]:
            deal, logs, since = _fork(older.deal), older.logs, older.since
            start = done
        else:
            live = self._start(stored, seats)
            deal, logs, since = live.deal, live.logs, 0
            start = 0
        presenter = PRESENTERS[stored.game]
        notes = _notes(stored)
        for index, (seat, text) in enumerate(stored.decisions[start:], start):
            if seat == PERSON and PERSON in logs:
                since = len(logs[PERSON])
            if index in notes:
                logs = _noted(logs, notes[index])
            before = deal.state
            logs = _logs_after(presenter, logs, deal.act(text), seat, before)
        return LiveDeal(stored, deal, logs, since)

    def forget(self, game_id: str) -> None:
        """Drop ``game_id`` from this process's cache (it was removed from the store)."""
        self._forget(game_id)

    @property
    def cache_size(self) -> int:
        """How many rebuilt deals this process keeps (``CARDAVIA_CACHE_DEALS``)."""
        return self._cache_size

    def remember(self, live: LiveDeal) -> None:
        """Keep ``live`` (a committed deal) for the next request about it."""
        if not self._cache_size:
            return
        with self._lock:
            self._cache[live.stored.id] = live
            self._cache.move_to_end(live.stored.id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    def _forget(self, game_id: str) -> None:
        with self._lock:
            self._cache.pop(game_id, None)


def _logs_after(
    presenter: Presenter, logs: Logs, events: Iterable[Any], decider: int, before: Any
) -> Logs:
    """Each seat's log with what it may see of ``events`` (one decision's, caused from
    the state ``before``) added."""
    caused = tuple(events)
    steps = replayed(presenter, caused, before) if len(logs) > 1 else None
    return {
        seat: log + tuple(visible_events(presenter, caused, decider, before, seat, steps))
        for seat, log in logs.items()
    }


def _noted(logs: Logs, note: Note) -> Logs:
    """Each seat's log with ``note`` added where that seat may see it."""
    return {
        seat: (*log, dict(note.event)) if note.seats is None or seat in note.seats else log
        for seat, log in logs.items()
    }


def _fork(deal: AnyDeal) -> AnyDeal:
    """A copy of ``deal`` that can act without changing the original.

    States are immutable values, so a shallow copy with its own decision list is a
    full copy; cached deals are shared between requests and must never change.
    """
    fork = copy.copy(deal)
    fork.decisions = list(deal.decisions)
    return fork


def _result(deal: AnyDeal) -> dict[str, Any] | None:
    outcome = deal.state.outcome
    return None if outcome is None else dict(outcome.to_json())


def _with_progress(stored: StoredGame, deal: AnyDeal) -> StoredGame:
    """``stored`` with the decisions, step, status and result of ``deal``."""
    return dataclasses.replace(
        stored,
        decisions=tuple(deal.decisions),
        step=deal.state.step,
        status=FINISHED if deal.over else ONGOING,
        result=_result(deal),
    )
