"""Tables of people: create, join, start, act, remove, play again; timers and absences.

The engine and the records stay the only authority. A table's deal is a row of
``games`` like any deal (deck, first seat, decisions, version); every action is checked
by the engine and every change — a person's action, a sealed answer given early, an AI's
move, a timeout, a person going away or coming back — is written by
:meth:`cardavia.store.TableStore.commit` at the versions it read, so whichever process
tries it, it is applied once; the loser of a race reads again and finds it done.

Nothing is held in a process that another process would need: timers are deadlines in
the table's row (``due_at``), which every process looks for (:mod:`.tasks`), and an AI's
decision depends only on the seat's view and ``decision_rng(seed, seat, step)``, so any
process that makes it makes the same one.

The engine plays a forced action at once (a seat whose only option is ``pass``), and an
easy or basic AI decides inline: left to itself a claim window would stay open on the
others' screens only when someone could claim the card. So every decision a bystander
could have to wait for is kept as a *stop* in the table's row as the engine passes it
and shown for at least :data:`HOLD_SECONDS` (:mod:`.frames` draws each seat's frame from
the stop on show), whatever the seats held (issue 28, hole 5).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

from cardavia.games.registry import get_game
from cardavia.records import Record
from cardavia.store import (
    FINISHED,
    ONGOING,
    Lease,
    LeaseRenewedError,
    StoredGame,
    StoredTable,
    TableSeat,
    TableStore,
    VersionConflictError,
)
from cardavia.store.repository import advanced, now
from cardavia.web.infra.thinking import OFFLOADED, Turn
from cardavia.web.services.deals import (
    SEED_LIMIT,
    BadActionError,
    ConflictError,
    DealService,
    GameNotFoundError,
    LiveDeal,
    Note,
    hash_token,
    stored_record,
)
from cardavia.web.services.tables.frames import (
    Moment,
    decision_key,
    held_answers,
    opened_at,
    stops,
    waiting_on,
)
from cardavia.web.services.tables.model import (
    AI,
    GATHERING,
    HOLD_SECONDS,
    LEVELS,
    OVER,
    PERSON,
    PLAYING,
    BadTableInputError,
    TableError,
    TableRefusedError,
    TableSettings,
    check_unlike_the_others,
    clean_name,
    filled_with_ais,
    free_seats,
    people_seats,
    player_names,
    presence_matters,
    removed_token,
    seat_for_token,
    settings_of,
    solo_level,
    takeover_at,
    who_decides,
    with_seat,
)

log = logging.getLogger("cardavia.web")

RETRIES = 8
"""Times a change is tried again after another writer changed the table first."""
GRACE_SECONDS = 3.0
"""When an AI must move, how long before any process (not only the one that made the
last change) does it: the safety net for a process that died meanwhile."""
AWAY_SECONDS = 60.0
"""How long a person may be away before the absent players' AI plays for them."""


class TableNotFoundError(LookupError):
    """No table with this id (404)."""


class SeatTokenError(TableRefusedError):
    """The browser's seat token is missing or belongs to no seat of this table."""


class RemovedError(TableRefusedError):
    """The host gave this browser's seat to an AI."""


class TableFullError(TableError):
    """Every person's seat is taken."""


class TableService:
    """The tables of people of one server process (every process has one)."""

    def __init__(
        self,
        tables: TableStore,
        deals: DealService,
        *,
        away_seconds: float = AWAY_SECONDS,
        hold_seconds: float = HOLD_SECONDS,
        clock: Callable[[], datetime] = now,
        seeds: Callable[[], int] = lambda: secrets.randbelow(SEED_LIMIT),
        shuffle: Callable[[str, int], tuple[Sequence[Any], int]] | None = None,
    ) -> None:
        """``clock``, ``seeds`` (the deal numbers of new deals) and ``shuffle`` (the deck
        and first seat of a deal number: the engine's own by default) are the tests'
        to pin."""
        self.tables = tables
        self.seeds = seeds
        self.shuffle = shuffle or _shuffle
        self.deals = deals
        self.thinker = deals.thinker
        self.away_seconds = away_seconds
        self.hold_seconds = hold_seconds
        """How long each stop stays on show at least (``CARDAVIA_HOLD_SECONDS``)."""
        self.clock = clock
        self.listeners: list[Callable[[Moment], None]] = []
        """Called with the table as written after every change this process commits."""
        self._running: dict[str, bool] = {}
        """Tables whose AI moves this process is deciding (value: run again after)."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._chosen: dict[tuple[str, int, int], str] = {}
        """Offloaded AI decisions already made, by (deal, step, seat): a retry after a
        conflict does not search again (the same position gives the same decision)."""
        self._set_going: OrderedDict[str, str] = OrderedDict()
        """Who sent each table's last command here (:meth:`set_going_by`)."""
        self._recent: OrderedDict[str, Moment] = OrderedDict()
        """The tables as this process last read or wrote them (:meth:`recent`)."""
        self._recent_lock = threading.Lock()

    # -- reading ---------------------------------------------------------------------------

    def set_going_by(self, table_id: str, client: str) -> None:
        """``client`` (an address) sent the table's last command: the AI moves that
        follow take that client's share of the workers, so that one address's many
        tables of strong AIs share one client's share, not one share each."""
        self._set_going[table_id] = client
        self._set_going.move_to_end(table_id)
        if len(self._set_going) > 4096:
            self._set_going.popitem(last=False)

    def read(self, table_id: str) -> Moment:
        """The table ``table_id`` as stored now (:class:`TableNotFoundError`)."""
        table = self.tables.get(table_id) if len(table_id) <= 32 else None
        if table is None:
            raise TableNotFoundError(table_id)
        live = None
        if table.game_id is not None:
            stored = self.tables.games.get(table.game_id)
            if stored is None:  # pruned meanwhile: the table goes with it
                raise TableNotFoundError(table_id)
            live = self.deals.load(stored, people_seats(table))
        moment = Moment(table, live)
        self._remember(moment)
        return moment

    def recent(self, table_id: str) -> Moment:
        """The table as this process last read or wrote it, else as stored now: only to
        try a change on, never to show. The change's versioned commit refuses a table
        another process has moved on since, and :meth:`_change` then reads afresh. A solo
        action read its table and deal from the store first (two queries, about a tenth
        of its server time) though this process wrote them a moment before."""
        with self._recent_lock:
            moment = self._recent.get(table_id)
        return moment if moment is not None else self.read(table_id)

    def _remember(self, moment: Moment) -> None:
        # As many tables as the deal service keeps deals (each holds its deal): the
        # operator's one memory setting, and none when it asks for replays every time.
        size = self.deals.cache_size
        if not size:
            return
        with self._recent_lock:
            self._recent[moment.table.id] = moment
            self._recent.move_to_end(moment.table.id)
            while len(self._recent) > size:
                self._recent.popitem(last=False)

    def seat_of(
        self, table_id: str, token: str | None, *, recent: bool = False
    ) -> tuple[Moment, int]:
        """The table and the seat whose person holds ``token`` (the browser's cookie).
        ``recent``: the table as :meth:`recent` has it, for a change to try first; a
        token it does not know is looked for again in the table as stored."""
        moment = self.recent(table_id) if recent else self.read(table_id)
        offered = hash_token(token or "")
        seat = seat_for_token(moment.table, offered) if token else None
        if seat is None and recent:
            return self.seat_of(table_id, token)
        if seat is None:
            if token and removed_token(moment.table, offered):
                raise RemovedError("the host gave your seat at this table to an AI")
            raise SeatTokenError(
                "this browser has no seat at this table: open the invitation link to take one"
            )
        return moment, seat

    # -- gathering -------------------------------------------------------------------------

    def create(
        self,
        game: str,
        host_name: str,
        seats: Sequence[str],
        settings: TableSettings,
        browser_hash: str | None = None,
    ) -> tuple[Moment, str, str]:
        """A new table of ``game``: the host (``host_name``, from the browser
        ``browser_hash``) at seat 0, then ``seats`` for the others (``person``, or an AI
        level). Returns it, the host's seat token and the invitation token."""
        engine = get_game(game)
        if len(seats) != engine.players - 1:
            raise BadTableInputError(f"{game} has {engine.players} seats")
        for kind in seats:
            if kind != PERSON and kind not in LEVELS:
                raise BadTableInputError(
                    f"each other seat is a person, or an AI of one of {', '.join(LEVELS)}"
                )
        settings.checked()
        token, invite = secrets.token_urlsafe(24), secrets.token_urlsafe(16)
        host = TableSeat(
            PERSON,
            name=clean_name(host_name),
            token_hash=hash_token(token),
            browser_hash=browser_hash,
        )
        places = [host]
        places += [
            TableSeat(PERSON) if kind == PERSON else TableSeat(AI, level=kind) for kind in seats
        ]
        table = self._insert_new(game, invite, settings, places)
        self.tables.touch([(table.id, 0)], table.created_at + timedelta(seconds=30))
        return Moment(table, None), token, invite

    def _insert_new(
        self, game: str, invite: str, settings: TableSettings, places: Sequence[TableSeat]
    ) -> StoredTable:
        """Store a new table of ``game`` gathering at ``places`` (the host at seat 0),
        opened by the invitation ``invite``; the table as stored."""
        stamp = self.clock()
        table = StoredTable(
            id=secrets.token_urlsafe(12),
            game=game,
            invite_hash=hash_token(invite),
            host_seat=0,
            settings=settings.to_json(),
            seats=tuple(places),
            status=GATHERING,
            game_id=None,
            deals=(),
            held=None,
            decision=None,
            deadline=None,
            due_at=None,
            version=1,
            created_at=stamp,
            updated_at=stamp,
        )
        self.tables.insert(table)
        return table

    async def deal_alone(
        self,
        game: str,
        level: str,
        seed: int | None = None,
        browser_hash: str | None = None,
        client: str | None = None,
        chosen: bool | None = None,
        guided: bool = False,
        name: str | None = None,
        levels: Sequence[str] | None = None,
    ) -> tuple[Moment, str]:
        """A deal against the AIs, as a table (issue 24, one table for every deal): the
        person (nameless unless ``name`` is given: they are *you*) at seat 0, AIs of
        ``level`` in every other seat (or of ``levels``, seat 1 onward: a bot's table
        may mix them; ``level`` then plays the person's opponents in their AI run),
        :meth:`TableSettings.alone` (no clock, no hold), dealt at once: deal number
        ``seed`` when the person chose one, else a secret one. No invitation opens it
        (its hash is of a token nobody holds). Returns the table as dealt (the AIs'
        moves before the person's first decision made, or going on in the background
        when offloaded, in ``client``'s share of the workers) and the person's seat
        token. ``guided``: a guided first deal's table (issue 25)."""
        engine = get_game(game)
        others = list(levels) if levels is not None else [level] * (engine.players - 1)
        if len(others) != engine.players - 1:
            raise BadTableInputError(f"{game} has {engine.players} seats")
        if any(kind not in LEVELS for kind in (level, *others)):
            raise BadTableInputError(f"the AIs' level is one of {', '.join(LEVELS)}")
        if seed is not None and not 0 <= seed < SEED_LIMIT:
            raise BadTableInputError(f"a deal number is from 0 to {SEED_LIMIT - 1}")
        token = secrets.token_urlsafe(24)
        person = TableSeat(
            PERSON,
            name=None if name is None else clean_name(name),
            token_hash=hash_token(token),
            browser_hash=browser_hash,
        )
        places = (person, *(TableSeat(AI, level=kind) for kind in others))
        unheld = secrets.token_urlsafe(24)
        table = self._insert_new(game, unheld, TableSettings.alone(level, guided), places)
        if client is not None:
            self.set_going_by(table.id, client)
        number = self.seeds() if seed is None else seed

        def begin(moment: Moment) -> tuple[StoredTable, LiveDeal | None]:
            if moment.table.status != GATHERING:
                raise TableError("the deal has started already")
            shown = seed is not None if chosen is None else chosen
            return self._new_deal(moment.table, number, shown)

        return await self._change(table.id, begin), token

    def check_invite(self, table_id: str, invite: str) -> Moment:
        """The table, if ``invite`` is its invitation (else the same 404 as no table)."""
        moment = self.read(table_id)
        if not secrets.compare_digest(hash_token(invite), moment.table.invite_hash):
            raise TableNotFoundError(table_id)
        return moment

    def join(
        self, table_id: str, invite: str, name: str, browser_hash: str | None = None
    ) -> tuple[Moment, int, str]:
        """Take the first free person's seat with the display name ``name`` for the
        browser ``browser_hash``; the table, the seat and its token.
        :class:`TableFullError` when none is free."""
        clean = clean_name(name)
        for _ in range(RETRIES):
            moment = self.check_invite(table_id, invite)
            table = moment.table
            free = free_seats(table)
            if table.status != GATHERING or not free:
                raise TableFullError("every seat at this table is taken")
            check_unlike_the_others(clean, table)
            token = secrets.token_urlsafe(24)
            place = TableSeat(
                PERSON, name=clean, token_hash=hash_token(token), browser_hash=browser_hash
            )
            try:
                moment = self._commit(moment, with_seat(table, free[0], place), None)
            except VersionConflictError:
                continue  # someone else joined or the host started: look again
            self.tables.touch([(table.id, free[0])], self.clock() + timedelta(seconds=30))
            return moment, free[0], token
        raise TableError("the table is busy just now: try again")

    async def start(self, table_id: str, seat: int) -> Moment:
        """The host deals the first deal; free person's seats go to the absent players'
        AI."""

        def begin(moment: Moment) -> tuple[StoredTable, LiveDeal | None]:
            self._host_only(moment, seat)
            if moment.table.status != GATHERING:
                raise TableError("the deal has started already")
            table = filled_with_ais(moment.table)
            return self._new_deal(table, self.seeds())

        return await self._change(table_id, begin)

    async def again(self, table_id: str, seat: int, same: bool) -> Moment:
        """The host starts the next deal once this one is over: the same cards again
        (*Play this deal again*), or a new shuffle."""

        def next_deal(moment: Moment) -> tuple[StoredTable, LiveDeal | None]:
            self._host_only(moment, seat)
            if moment.table.status != OVER or moment.live is None or stops(moment.table):
                raise TableError("the deal is not over yet")
            seed = moment.live.stored.seed if same else self.seeds()
            table = dataclasses.replace(
                moment.table, deals=(*moment.table.deals, moment.live.stored.id)
            )
            # The same deal again shows its number from the start (the end of the deal
            # showed it to everyone already), as a deal against the AIs played again
            # always did; a new shuffle's number is the server's secret.
            return self._new_deal(table, seed, same)

        return await self._change(table_id, next_deal)

    async def remove(self, table_id: str, seat: int, target: int) -> Moment:
        """The host gives a person's seat to the absent players' AI; that person's
        token no longer opens the table. A free seat (before the deal) is given to
        that AI the same way: the host fills it rather than waiting for a friend."""

        def give_away(moment: Moment) -> tuple[StoredTable, LiveDeal | None]:
            self._host_only(moment, seat)
            table = moment.table
            if not 0 <= target < len(table.seats) or target == table.host_seat:
                raise TableError("choose another person's seat")
            place = table.seats[target]
            if place.kind != PERSON:
                raise TableError("an AI already plays that seat")
            level = settings_of(table).absent
            table = with_seat(
                table, target, TableSeat(AI, level=level, removed_hash=place.token_hash)
            )
            return _without_held(table, target), moment.live

        return await self._change(table_id, give_away)

    # -- playing ---------------------------------------------------------------------------

    async def act(
        self, table_id: str, seat: int, action: str, key: int, read: Moment | None = None
    ) -> Moment:
        """``seat``'s person plays ``action`` at decision ``key``: at once if the engine
        is asking that seat, else (a sealed answer in a claim window) held until it
        does. Raises :class:`TableError` (not this seat's decision, the table moved on)
        or :class:`BadActionError`; nothing changes then. ``read``: the table as the
        caller just read it (finding the seat), tried first instead of reading again."""

        def play(moment: Moment) -> tuple[StoredTable, LiveDeal | None]:
            live = moment.live
            if moment.table.status != PLAYING or live is None or live.over:
                raise TableError("there is no deal in play at this table")
            if key != decision_key(live):
                raise TableError("the table has moved on since: look again")
            options = waiting_on(moment).get(seat)
            if options is None:
                raise TableError(self._why_not(moment, seat))
            text = _canonical(live, action)
            if text not in options:
                raise BadActionError(
                    f"{action.strip()!r} is not one of your choices now: {', '.join(options)}"
                )
            table = _answered(moment.table, seat, text)
            if live.deal.state.to_act == seat:
                return self._decide(table, live, text)
            held = {str(s): a for s, a in held_answers(table, key).items()}
            held[str(seat)] = text
            table = dataclasses.replace(
                table, held={**(table.held or {}), "decision": key, "answers": held}
            )
            return table, live

        return await self._change(table_id, play, read)

    async def tick(self, table_id: str) -> None:
        """Do what the table waits for without a person: a timer that ran out, an AI's
        move, a person away long enough for the AI to play for them."""
        try:
            await self._change(table_id, lambda moment: (moment.table, moment.live))
        except TableNotFoundError:
            return

    # -- presence --------------------------------------------------------------------------

    async def arrive(self, table_id: str, seat: int, known: StoredTable | None = None) -> None:
        """``seat``'s person is connected: hold its lease and, if it was away, give the
        seat back to the person. ``known``: the table as the caller read it; when its
        presence does not matter (:func:`presence_matters`), nothing more is done."""
        if known is not None and not presence_matters(known):
            return
        # The lease first, then a fresh read: a lapse committed before it is seen here,
        # one after it is refused (the lease was renewed).
        self.tables.touch([(table_id, seat)], self.clock() + timedelta(seconds=LEASE_SECONDS))
        moment = self.read(table_id)
        place = moment.table.seats[seat]
        if place.away is None and not place.played:
            return

        def back(moment: Moment) -> tuple[StoredTable, LiveDeal | None]:
            place = moment.table.seats[seat]
            here = dataclasses.replace(place, away=None, played=False)
            return with_seat(moment.table, seat, here), moment.live

        await self._change(table_id, back)

    def leave(self, table_id: str, seat: int) -> None:
        """``seat``'s last connection to this process closed: its lease ends now."""
        self.tables.leave(table_id, seat, self.clock())

    async def lapse(self, lease: Lease) -> None:
        """A lease ran out: the person is away since ``lease.seen_until``."""
        for _ in range(RETRIES):
            try:
                moment = self.read(lease.table_id)
            except TableNotFoundError:
                return
            table = moment.table
            place = table.seats[lease.seat] if lease.seat < len(table.seats) else None
            if place is not None and place.kind == PERSON and place.away is None:
                away = dataclasses.replace(place, away=lease.seen_until)
                table = with_seat(table, lease.seat, away)
            try:
                self._commit(moment, table, moment.live, released=lease)
                return
            except LeaseRenewedError:
                return  # the person came back (or another process saw to it)
            except VersionConflictError:
                continue

    # -- the engine of every change --------------------------------------------------------

    async def _change(
        self,
        table_id: str,
        change: Callable[[Moment], tuple[StoredTable, LiveDeal | None]],
        read: Moment | None = None,
    ) -> Moment:
        """Apply ``change`` to the table as stored, then everything that follows without
        a person (held answers, AIs, timers), and commit; again from a fresh read if
        another writer came first. Offloaded AI moves go on in the background.

        ``read`` (the table as just read, or as this process last had it) is tried
        first: the versioned commit refuses it if another writer came since, and a
        change it refuses is judged again on the table as stored when ``read`` was not
        its latest version; a retry reads afresh."""
        raced = False
        given = read
        for _attempt in range(RETRIES):
            moment = given if given is not None else self.read(table_id)
            given = None
            try:
                table, live = change(moment)
            except (TableError, BadActionError) as exc:
                if moment is read:
                    stored = self._if_moved_on(moment)
                    if stored is not None:
                        given = stored  # judged on a table that was not the latest
                        continue
                if not raced or type(exc) is not TableError:
                    raise
                # Read the same version as another writer and lost the race to commit:
                # say so (a double click on two processes at once).
                raise TableError(f"the table changed meanwhile: {exc}") from exc
            table, live, offloaded = self._settle(table, live)
            if offloaded:
                self._drive(table_id)
            if live is moment.live and self._unchanged(moment.table, table, live):
                return moment  # nothing to write (another process was first, or no news)
            try:
                return self._commit(moment, table, live)
            except VersionConflictError:
                raced = True
                continue
        raise TableError("the table is busy just now: try again")

    def _if_moved_on(self, moment: Moment) -> Moment | None:
        """The table as stored when it is no longer at ``moment``'s version, else
        ``None`` (also when it is gone: the change's own error stands)."""
        try:
            stored = self.read(moment.table.id)
        except TableNotFoundError:
            return None
        return stored if stored.table.version != moment.table.version else None

    def _unchanged(self, stored: StoredTable, table: StoredTable, live: LiveDeal | None) -> bool:
        """True when writing ``table`` (and its timer) would change nothing stored but
        a safety net's ``due_at`` moved by less than its grace."""
        timed = self._timed(table, live, self.clock())
        if dataclasses.replace(timed, due_at=stored.due_at) != stored:
            return False
        if timed.due_at is None or stored.due_at is None:
            return timed.due_at == stored.due_at
        return abs((timed.due_at - stored.due_at).total_seconds()) < GRACE_SECONDS

    def _settle(
        self, table: StoredTable, live: LiveDeal | None
    ) -> tuple[StoredTable, LiveDeal | None, bool]:
        """Everything the table decides by itself now, inline: the away people the AI
        now plays for, held answers the engine has reached, AI moves that decide inline,
        timeouts. True as the third value when an offloaded AI move is next."""
        at = self.clock()
        table = self._takeovers(table, at)
        if table.status != PLAYING or live is None:
            return _on_show(table, live, at, self.hold_seconds), live, False
        table = _on_show(table, live, at, self.hold_seconds)
        while not live.over:
            step = self._next(table, live, at)
            if step is None:
                break
            level, note = step
            state = live.deal.state
            seat = state.to_act
            assert seat is not None
            if level is None:  # the person's own answer, given early
                answer = held_answers(table, decision_key(live))[seat]
                table, live = self._decide(table, live, answer)
                continue
            remembered = self._chosen.get((live.stored.id, state.step, seat))
            if remembered is None and self.thinker.offloaded(level):
                return _on_show(table, live, at, self.hold_seconds), live, True
            choice = remembered or self._inline_choice(live, level)
            table, live = self._decide(table, live, choice, note)
        if live.over:
            table = dataclasses.replace(table, status=OVER, held=_only_stops(table.held))
        return _on_show(table, live, at, self.hold_seconds), live, False

    def _decide(
        self, table: StoredTable, live: LiveDeal, action: str, note: Note | None = None
    ) -> tuple[StoredTable, LiveDeal]:
        """``live`` after the seat to act plays ``action`` (and the engine every forced
        action after it), and ``table`` with the stops the engine passed meanwhile."""
        after = self.deals.decide(live, action, note)
        chosen = live.deal.game.parse_action(action)
        return self._with_stops(table, live.deal.state, chosen, after), after

    def _with_stops(
        self, table: StoredTable, start: Any, action: Any, after: LiveDeal
    ) -> StoredTable:
        """``table`` with every stop (:mod:`.frames`) the engine passed from ``start``
        (by ``action``, then the forced actions; ``None``: ``start`` is a new deal's
        first position) to ``after``'s state, in order, each as it opened."""
        crossed: list[tuple[Any, int]] = []  # (state, how many events came before it)
        events: list[Any] = []
        state, key = start, len(start.history)
        if action is None:
            crossed.append((state, 0))
            key = -1
        else:
            state, caused = state.apply(action)
            events += caused
            crossed.append((state, len(events)))
        while state.to_act is not None:
            legal = state.legal_actions()
            if len(legal) != 1:
                break
            state, caused = state.apply(legal[0])
            events += caused
            crossed.append((state, len(events)))
        found = []
        for state, done in crossed:
            if state.to_act is None or len(state.history) == key:
                continue  # the end, or the same decision going on (a claim window)
            key = len(state.history)
            stop = self._stop(table, after, state, events[done:])
            if stop is not None:
                found.append(stop)
        if not found:
            return table
        held = dict(table.held or {})
        held["stops"] = [*held.get("stops", ()), *found]
        return dataclasses.replace(table, held=held)

    def _stop(
        self, table: StoredTable, after: LiveDeal, state: Any, later: Sequence[Any]
    ) -> dict[str, Any] | None:
        """The stop of the decision ``state`` opens (``later``: the events between it
        and ``after``), or ``None`` when no bystander could have to wait for it: only
        easy or basic AIs decide there, or only people at a table of one person."""
        if not settings_of(table).hold:
            return None  # nobody else watches: the person's browser sets the pace
        people = sum(place.kind == PERSON for place in table.seats)
        deciders = [seat for seat, _ in state.deciders()]
        levels = [who_decides(table, seat) for seat in deciders]
        by_people = any(level is None for level in levels)
        slow = any(level in OFFLOADED for level in levels)
        if not (slow or (by_people and people >= 2)):
            return None
        presenter = after.presenter
        to_act = state.to_act
        window = bool(presenter.window(state.view(to_act)))
        scenes, seen = {}, {}
        for seat, log in after.logs.items():
            scene = presenter.scene(state.view(seat))
            if window:
                scene["to_act"] = None
            # Stored as JSON reads it back, so a frame is the same from any process.
            scenes[str(seat)] = json.loads(json.dumps(scene))
            unseen = sum(event.seats is None or seat in event.seats for event in later)
            seen[str(seat)] = len(log) - unseen
        return {
            "key": len(state.history),
            "window": window,
            "turn": None if window else to_act,
            "people": by_people,
            "scenes": scenes,
            "seen": seen,
            "opened": None,
            "answers": {},
        }

    def _next(
        self, table: StoredTable, live: LiveDeal, at: datetime
    ) -> tuple[str | None, Note | None] | None:
        """Who makes the engine's next decision without waiting: ``(None, None)`` for a
        held answer, ``(level, note)`` for an AI; ``None`` when the table waits for a
        person."""
        state = live.deal.state
        seat = state.to_act
        assert seat is not None
        key = decision_key(live)
        level = who_decides(table, seat)
        place = table.seats[seat]
        window = live.presenter.window(state.view(seat))
        if level is not None:
            if place.kind == PERSON:
                return level, _note(seat, "away", level, window)
            return level, None
        if seat in held_answers(table, key):
            return None, None
        if table.decision == key and table.deadline is not None and table.deadline <= at:
            absent = settings_of(table).absent
            return absent, _note(seat, "timeout", absent, window)
        return None

    def _inline_choice(self, live: LiveDeal, level: str) -> str:
        state = live.deal.state
        seat = state.to_act
        assert seat is not None
        choice = self.thinker.choose_inline(
            _turn(live, level), state.view(seat), state.legal_actions()
        )
        return str(choice)

    def _drive(self, table_id: str) -> None:
        """Make the offloaded AI moves of ``table_id`` in the background (once per table
        per process at a time; asked again meanwhile, it looks again after)."""
        if table_id in self._running:
            self._running[table_id] = True
            return
        self._running[table_id] = False
        task = asyncio.get_running_loop().create_task(self._drive_forever(table_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _drive_forever(self, table_id: str) -> None:
        try:
            while True:
                await self._offloaded_move(table_id)
                if not self._running.get(table_id):
                    break
                self._running[table_id] = False
        except Exception:
            # The table's due_at brings any process back to it: nothing is lost.
            log.exception("AI moves of table %s failed", table_id)
        finally:
            self._running.pop(table_id, None)

    async def _offloaded_move(self, table_id: str) -> None:
        """Await the offloaded AI decisions the table needs, committing after each."""
        while True:
            try:
                moment = self.read(table_id)
            except TableNotFoundError:
                return
            table, live, offloaded = self._settle(moment.table, moment.live)
            if not offloaded:
                if table != moment.table or live is not moment.live:
                    with _conflicts_ignored():
                        self._commit(moment, table, live)
                return
            assert live is not None
            state = live.deal.state
            seat = state.to_act
            assert seat is not None
            step = self._next(table, live, self.clock())
            assert step is not None and step[0] is not None
            turn = _turn(live, step[0], self._set_going.get(table_id))
            choice = await self.thinker.choose(turn, state.view(seat), state.legal_actions())
            self._chosen[(live.stored.id, state.step, seat)] = str(choice)
            if len(self._chosen) > 4096:
                self._chosen.clear()
            # Commit from a fresh read: the loop's next _settle uses the remembered choice.
            with _conflicts_ignored():
                fresh = self.read(table_id)
                table, live, _ = self._settle(fresh.table, fresh.live)
                self._commit(fresh, table, live)

    def _takeovers(self, table: StoredTable, at: datetime) -> StoredTable:
        """People away for longer than the absent players' grace are played by the AI."""
        for seat, place in enumerate(table.seats):
            moment = takeover_at(table, place, self.away_seconds)
            if moment is not None and moment <= at:
                table = with_seat(table, seat, dataclasses.replace(place, played=True))
        return table

    def _commit(
        self,
        base: Moment,
        table: StoredTable,
        live: LiveDeal | None,
        released: Lease | None = None,
    ) -> Moment:
        """Write ``table`` and its deal ``live`` over ``base`` (as read), with the timer
        and ``due_at`` worked out; tell the listeners. :class:`VersionConflictError`."""
        at = self.clock()
        table = self._timed(table, live, at)
        old = base.live.stored if base.live is not None else None
        if old is not None and live is not None and old.id != live.stored.id:
            old = None  # a new deal
        game_new = None
        if live is not None:
            game_new = _progress(old, live)
        new = dataclasses.replace(table, version=base.table.version + 1, updated_at=at)
        # A new deal is in the *Your deals* of each person dealt in, at their own seat.
        people = [
            (seat, place.browser_hash)
            for seat, place in enumerate(table.seats)
            if place.kind == PERSON and place.token_hash and place.browser_hash
        ]
        self.tables.commit(
            base.table, new, game_old=old, game_new=game_new, released=released, people=people
        )
        if live is not None and game_new is not None:
            live = LiveDeal(game_new, live.deal, live.logs, live.since)
            self.deals.remember(live)
        written = Moment(new, live)
        self._remember(written)
        for listener in self.listeners:
            listener(written)
        return written

    def _timed(self, table: StoredTable, live: LiveDeal | None, at: datetime) -> StoredTable:
        """The table with its decision timer and ``due_at`` for the deal as it is."""
        decision, deadline = None, None
        due: list[datetime] = []
        shown = stops(table)
        if shown and shown[0]["opened"] is not None and _past(shown[0], live):
            due.append(opened_at(shown[0]) + timedelta(seconds=self.hold_seconds))
        if table.status == PLAYING and live is not None and not live.over:
            moment = Moment(table, live)
            key = decision_key(live)
            if waiting_on(moment) and settings_of(table).timers:
                decision = key
                if table.decision == key and table.deadline is not None:
                    deadline = table.deadline
                else:
                    state = live.deal.state
                    assert state.to_act is not None
                    window = live.presenter.window(state.view(state.to_act))
                    # The timer every seat was shown runs from when the decision opened.
                    start = opened_at(shown[0]) if shown and shown[0]["opened"] else at
                    deadline = start + timedelta(seconds=settings_of(table).seconds(window))
                due.append(deadline)
            if self._next(table, live, at) is not None:
                due.append(at + timedelta(seconds=GRACE_SECONDS))
            due += [
                when
                for place in table.seats
                if (when := takeover_at(table, place, self.away_seconds)) is not None
            ]
        held = table.held
        if held and (live is None or live.over or held.get("decision") != decision_key(live)):
            held = _only_stops(held)  # answers for a window that has closed
        return dataclasses.replace(
            table, decision=decision, deadline=deadline, due_at=min(due, default=None), held=held
        )

    def _new_deal(
        self, table: StoredTable, seed: int, chosen: bool = False
    ) -> tuple[StoredTable, LiveDeal]:
        """The table's next deal, number ``seed`` (``chosen``: the person's own number,
        shown from the start)."""
        deck, first = self.shuffle(table.game, seed)
        # Nobody holds a token for a table's deal: it is reached through its table.
        unheld = hash_token(secrets.token_urlsafe(24))
        meta = {
            "players": player_names(table),
            "table": table.id,
            "levels": [place.level for place in table.seats],
            # Who plays the other people's seats in a person's AI run (web/services/ai_seat.py).
            "absent": settings_of(table).absent,
            "notes": [],
        }
        level = solo_level(table)
        if level is not None:
            # A deal against the AIs says their level, as such a record always did.
            meta["ai"] = level
        stored = StoredGame.dealt(
            table.game,
            level or "table",
            seed,
            first,
            deck,
            unheld,
            self.clock(),
            seed_chosen=chosen,
            # One person's deal against the AIs is theirs alone, as such a deal always
            # was (*Your deals*: shared, played again, deleted by that browser).
            browser_hash=table.seats[table.host_seat].browser_hash if level else None,
            meta=meta,
        )
        live = self.deals.begin(stored, people_seats(table))
        started = dataclasses.replace(
            table, status=PLAYING, game_id=stored.id, held=None, decision=None, deadline=None
        )
        dealt = get_game(table.game).deal(live.deal.deck, first)
        return self._with_stops(started, dealt, None, live), live

    def _host_only(self, moment: Moment, seat: int) -> None:
        if seat != moment.table.host_seat:
            raise TableRefusedError("only the host can do that")

    def _why_not(self, moment: Moment, seat: int) -> str:
        live = moment.live
        assert live is not None
        if who_decides(moment.table, seat) is not None:
            return "the AI is playing your seat: reconnect to take it back"
        answered = seat in held_answers(moment.table, decision_key(live))
        view = live.deal.state.view(seat)
        if live.presenter.window(view):
            answered = answered or live.presenter.scene(view).get("my_answer") is not None
        if answered:
            return "you have answered already: the window closes when everyone has"
        return "it is not your turn"

    def record(self, moment: Moment, seat: int, deal_id: str | None = None) -> Record:
        """The record (records.md) of the table's deal on show, or of ``deal_id``: the
        deal on show or an earlier deal of this table that ``seat``'s person played at
        that seat (:class:`GameNotFoundError` for a deal of another table,
        :class:`TableRefusedError` for one they did not play). Only once it is over: it
        reveals every hand (:class:`ConflictError`).

        Who played a deal is known by the browser id kept with it (``deal_people``): a
        seat taken without one (an API client without the site's cookie) has the deal
        on show only."""
        live = moment.live
        if deal_id is None or (live is not None and deal_id == live.stored.id):
            if live is None:
                raise TableError("no deal has been dealt at this table yet")
            return self.deals.record(live)
        if deal_id not in moment.table.deals:
            raise GameNotFoundError(deal_id)
        stored = self.tables.games.get(deal_id)
        if stored is None:  # pruned meanwhile
            raise GameNotFoundError(deal_id)
        browser = moment.table.seats[seat].browser_hash
        if browser is None or self.tables.games.seat_of(deal_id, browser) != seat:
            raise TableRefusedError("this browser did not play that deal at this table")
        if stored.status != FINISHED:
            raise ConflictError("the record is available once the deal is over")
        return stored_record(stored)

    async def hint(
        self, table_id: str, seat: int, key: int, client: str = "local"
    ) -> tuple[str, Any, int | None]:
        """The coach's recommendation for ``seat``'s own decision ``key``, its reason's
        facts, and how many of the deal's decisions that seat has asked about now: the
        verdict a deal against the AIs gives (``ai.verdict``, from the seat's view alone,
        its randomness read off that view), in ``client``'s share of the workers.
        :class:`ConflictError` when the seat has no choice to make there.

        The decision is counted as it is asked (once, however often: a claim window is one
        decision, ``key``), with the seat's person (``deal_people``), so that the count is
        final by the time the deal can end; ``None`` when nothing is kept for the seat."""
        moment, legal = self._deciding(table_id, seat, key)
        live = moment.live
        assert live is not None
        counted = self.tables.games.add_seat_hint(live.stored.id, seat, key)
        view = live.deal.state.view(seat)
        action, reason = await self.thinker.hint(moment.table.game, view, legal, client)
        return str(action), reason, counted

    def _deciding(self, table_id: str, seat: int, key: int) -> tuple[Moment, list[Any]]:
        """The table while ``seat`` decides ``key``, and the seat's choices there;
        :class:`ConflictError` when it does not."""
        moment = self.read(table_id)
        live = moment.live
        if live is None or live.over:
            raise ConflictError("no deal is being played at this table: a hint is for a decision")
        if decision_key(live) != key:
            raise ConflictError("the table has moved on: this decision is no longer asked")
        options = waiting_on(moment).get(seat)
        if not options:
            raise ConflictError("it is not your decision: a hint is for your own decision")
        state = live.deal.state
        # In a claim window a seat may answer before the engine asks it: its choices are
        # the ones the engine will offer it (the frame's options), from its own view.
        legal = next(list(found) for decider, found in state.deciders() if decider == seat)
        return moment, legal

    async def guide(
        self, table_id: str, seat: int, key: int, client: str = "local"
    ) -> tuple[Any, list[Any], Any, Any]:
        """At a guided deal's table (issue 25): ``seat``'s view at its decision ``key``,
        its choices, and the coach's recommendation with its reason's facts (the hint's
        verdict, :meth:`hint`'s, not counted as a hint: pointing is the guide's job).
        :class:`TableError` at a table that is not guided."""
        moment, legal = self._deciding(table_id, seat, key)
        if not settings_of(moment.table).guided:
            raise TableError("this table has no guide: only a guided deal's has")
        live = moment.live
        assert live is not None
        view = live.deal.state.view(seat)
        action, reason = await self.thinker.hint(moment.table.game, view, legal, client)
        return view, legal, action, reason

    def guided_done(self, table_id: str, seat: int) -> tuple[str, str | None]:
        """The game of a guided deal's table whose deal ``seat`` has played to its end,
        and the browser (hash) of the seat's person, whose progress it is;
        :class:`TableError` before the end or at a table that is not guided."""
        moment = self.read(table_id)
        if not settings_of(moment.table).guided:
            raise TableError("this table has no guide: only a guided deal's has")
        if moment.live is None or not moment.live.over:
            raise TableError("the guided deal is not over yet")
        return moment.table.game, moment.table.seats[seat].browser_hash

    async def close(self) -> None:
        """Stop the background AI moves (the server is stopping: ``due_at`` brings the
        tables back to whichever process serves next)."""
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with _conflicts_ignored(asyncio.CancelledError):
                await task


LEASE_SECONDS = 30.0
"""A connected person's presence lease; its process renews it well before it ends."""


def _shuffle(game: str, seed: int) -> tuple[Sequence[Any], int]:
    """The deck and first seat of deal number ``seed``, as for a deal against the AIs."""
    deck, first = get_game(game).shuffle(random.Random(seed))
    return deck, first


def _note(seat: int, reason: str, level: str, window: bool) -> Note:
    """The log's line for an AI's decision for a person: everyone's for a turn; the
    seat's own in a claim window, whose answers are sealed (whether a person had a
    choice there is nobody else's business)."""
    event = {"type": "stood_in", "seat": seat, "reason": reason, "level": level}
    return Note(event, frozenset({seat}) if window else None)


def _turn(live: LiveDeal, level: str, client: str | None = None) -> Turn:
    state = live.deal.state
    stored = live.stored
    assert state.to_act is not None
    # Moves nobody in this process set going (a timer, another process's table) take
    # the table's own turn for the workers.
    client = client or f"table deal {stored.id}"
    return Turn(stored.game, level, stored.seed, state.to_act, state.step, stored.id, client)


def _canonical(live: LiveDeal, action: str) -> str:
    """``action`` in canonical notation, or :class:`BadActionError` in words."""
    try:
        return str(live.deal.game.parse_action(action))
    except ValueError as exc:
        raise BadActionError(str(exc)) from exc


def _without_held(table: StoredTable, seat: int) -> StoredTable:
    if not table.held or "answers" not in table.held:
        return table
    answers = {s: a for s, a in table.held["answers"].items() if int(s) != seat}
    return dataclasses.replace(table, held={**table.held, "answers": answers})


def _only_stops(held: dict[str, Any] | None) -> dict[str, Any] | None:
    """``held`` without the early answers (their window closed), its stops kept."""
    if not held or not held.get("stops"):
        return None
    return {"stops": held["stops"]}


def _answered(table: StoredTable, seat: int, action: str) -> StoredTable:
    """``table`` with ``seat``'s own answer kept on the stop on show (its frame shows
    it until the next decision goes on show, whenever the engine applies it)."""
    shown = stops(table)
    if not shown:
        return table
    head = {**shown[0], "answers": {**shown[0]["answers"], str(seat): action}}
    return dataclasses.replace(table, held={**(table.held or {}), "stops": [head, *shown[1:]]})


def _past(stop: dict[str, Any], live: LiveDeal | None) -> bool:
    """True when the engine has moved on from ``stop`` (or the deal is over)."""
    return live is None or live.over or stop["key"] != decision_key(live)


def _on_show(table: StoredTable, live: LiveDeal | None, at: datetime, hold: float) -> StoredTable:
    """``table`` with its stops moved on at ``at``: the one on show goes once it has
    been shown for ``hold`` seconds and the engine is past it; the next one opens."""
    shown = stops(table)
    if not shown:
        return table
    moved = False
    while shown:
        head = shown[0]
        if head["opened"] is None:
            shown[0] = {**head, "opened": int(at.timestamp() * 1000)}
            moved = True
            continue
        if not _past(head, live) or opened_at(head) + timedelta(seconds=hold) > at:
            break
        shown.pop(0)
        moved = True
    if not moved:
        return table
    held = {**(table.held or {}), "stops": shown}
    return dataclasses.replace(table, held=held if shown or "decision" in held else None)


def _progress(old: StoredGame | None, live: LiveDeal) -> StoredGame | None:
    """The deal's row as it must be written (``live.stored`` carries the meta and its
    notes), or ``None`` when it has not changed."""
    deal = live.deal
    outcome = deal.state.outcome
    result = None if outcome is None else dict(outcome.to_json())
    status = "finished" if deal.over else ONGOING
    if old is None:
        return dataclasses.replace(
            live.stored, decisions=tuple(deal.decisions), step=deal.state.step, status=status,
            result=result,
        )  # fmt: skip
    if tuple(deal.decisions) == old.decisions:
        return None
    return advanced(
        old,
        decisions=deal.decisions,
        step=deal.state.step,
        status=status,
        result=result,
        meta=live.stored.meta,
    )


class _conflicts_ignored:
    """A context that swallows :class:`VersionConflictError` (another writer was first:
    what it wrote is the table's truth, and the next read shows it)."""

    def __init__(self, *more: type[BaseException]) -> None:
        self.kinds: tuple[type[BaseException], ...] = (VersionConflictError, *more)

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> bool:
        return kind is not None and issubclass(kind, self.kinds)
