"""The replay viewer's pages: a finished deal of this browser, its AI run in the person's
seat, a deal its owner shares, and a record file opened from disk.

A running deal is never replayed: its replay, its shared link and its AI run answer the
same 404 as a deal that does not exist, to everyone, its owner included (a replay shows
every hand). A record file is checked by the rules of ``cardavia replay``
(:mod:`cardavia.records.files`' size limit, then :func:`cardavia.records.replay`); a bad
one gets the page again with what is wrong, in the page's language, and the words
``cardavia replay`` says; nothing is stored either way.

Building a timeline (25-120 ms of CPU) and the coach's verdict at a decision (up to a
second) never run on the event loop: both go to the AI workers, in the asking client's
share of them (``infra.thinking``), and both are kept (``infra.memo``), since a finished
deal's timeline and verdicts never change.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.datastructures import UploadFile

from cardavia.core.errors import CardaviaError, RecordError
from cardavia.records import Record, parse_record
from cardavia.records.files import MAX_RECORD_BYTES
from cardavia.records.replay import bounded
from cardavia.store import FINISHED, StoredGame
from cardavia.web import games
from cardavia.web.dependencies import AISeatDep, DealsDep
from cardavia.web.infra import browsers
from cardavia.web.infra.assets import static_url
from cardavia.web.infra.memo import Memo
from cardavia.web.infra.security import client_address
from cardavia.web.infra.thinking import CoachBusyError, Thinker
from cardavia.web.presentation import catalog
from cardavia.web.presentation.presenters import PERSON
from cardavia.web.presentation.rendering import gettext_for, pgettext_for, render_page
from cardavia.web.presentation.timeline import position, timeline
from cardavia.web.services.ai_seat import DONE, STAND_IN, run_record
from cardavia.web.services.deals import GAMES, GameNotFoundError, stored_record
from cardavia.web.words import text

router = APIRouter(include_in_schema=False)

UPLOAD_BYTES = MAX_RECORD_BYTES + 16 * 1024
"""The largest body the record form may send: the largest record ``cardavia replay``
reads, and room for the form's own parts around it."""
_SHARE = re.compile(r"^[A-Za-z0-9_-]{24}$")
TIMELINES: Memo[str, dict[str, Any]] = Memo(64)
"""Timelines by their record's digest (about 100 kB each as JSON)."""
SUGGESTIONS: Memo[tuple[str, int, int], str] = Memo(4096)
"""The coach's recommendation at a person's decision of a finished deal: (deal, step)."""


# -- the pages ------------------------------------------------------------------------------


@router.get("/replay/{game_id}", response_class=HTMLResponse)
async def own_replay(game_id: str, request: Request, service: DealsDep) -> Response:
    """A finished deal of this browser, step by step, face up: one it played against the
    AIs, or a table's deal it was dealt into, seen from the browser's own seat (its hand
    at the bottom, the coach's choices at its own decisions)."""
    found, seat = service.seat_of(game_id, browsers.browser_hash(request))
    stored = _finished(found)
    hints = f"/replay/{stored.id}/hint"
    record = stored_record(stored)
    return await _viewer(
        request, service.thinker, record, stored=stored, own=True, hints=hints, me=seat
    )


@router.get("/replay/{game_id}/ai", response_class=HTMLResponse)
async def ai_replay(
    game_id: str, request: Request, service: DealsDep, runner: AISeatDep
) -> Response:
    """The AI's run in this browser's seat of a finished deal: one it played against the
    AIs, or a table's deal it was dealt into (that person's own run, their seat at the
    bottom)."""
    found, seat = service.seat_of(game_id, browsers.browser_hash(request))
    stored = _finished(found)
    run = runner.status(stored, seat)
    if run is None or run.status != DONE:
        raise GameNotFoundError(game_id)
    record = run_record(stored, run, seat)
    return await _viewer(
        request, service.thinker, record, stored=stored, own=True, ai_run=True, me=seat
    )


@router.get("/shared/{share_id}", response_class=HTMLResponse)
async def shared_replay(share_id: str, request: Request, service: DealsDep) -> Response:
    """A finished deal its owner shares; 404 once they take it back."""
    stored = service.store.shared(share_id) if _SHARE.match(share_id) else None
    if stored is None:
        raise GameNotFoundError(share_id)
    record = stored_record(_finished(stored))
    return await _viewer(request, service.thinker, record, stored=stored)


@router.get("/replay/{game_id}/hint/{step}")
async def own_hint(game_id: str, step: int, request: Request, service: DealsDep) -> JSONResponse:
    """The coach's recommendation at a decision of the person in a finished deal of this
    browser: kept once found; searched for in the workers, in this client's share of
    them (503 when they are too busy to answer in time)."""
    found_deal, seat = service.seat_of(game_id, browsers.browser_hash(request))
    stored = _finished(found_deal)
    action = SUGGESTIONS.get((stored.id, seat, step))
    if action is None:
        found = decision_at(stored_record(stored), step, seat)
        if found is None:
            return JSONResponse({"error": f"step {step} is not a decision of the person"}, 404)
        view, legal = found
        try:
            chosen, _ = await service.thinker.recommend(
                stored.game, view, legal, client_address(request)
            )
        except CoachBusyError as busy:
            headers = {"Retry-After": str(busy.retry_after)}
            return JSONResponse({"error": str(busy)}, 503, headers=headers)
        action = SUGGESTIONS.put((stored.id, seat, step), str(chosen))
    return JSONResponse({"step": step, "seat": seat, "action": action})


def decision_at(record: Record, step: int, seat: int = PERSON) -> tuple[Any, list[Any]] | None:
    """``seat``'s view and legal actions at ``step`` of ``record``, or ``None`` when that
    seat had no choice to make there."""
    state = position(record, step)
    legal = [] if state is None or state.to_act != seat else list(state.legal_actions())
    if len(legal) < 2:
        return None
    return state.view(seat), legal


def suggestion(record: Record, step: int) -> str | None:
    """The coach's recommendation (in notation) in the person's seat at ``step`` of
    ``record``, computed here, or ``None`` when the person had no choice to make there.
    It is the verdict the hint and the review give (``ai.verdict``, from the person's
    view only, its randomness read off that view): never the deal's seed."""
    found = decision_at(record, step)
    if found is None:
        return None
    return games.WEB_GAMES[record.game].suggest(*found)


@router.get("/replay", response_class=HTMLResponse)
async def open_record(request: Request) -> Response:
    """Open a record file (records.md): a deal of this site, or of ``cardavia arena``."""
    return render_page(request, "replay_open.html", {"problem": None})


@router.post("/replay", response_class=HTMLResponse)
async def opened_record(request: Request, service: DealsDep) -> Response:
    """The record file sent by the form, replayed; the form again with what is wrong."""
    _ = gettext_for(request)
    form = await request.form(max_files=1, max_fields=4, max_part_size=UPLOAD_BYTES)
    upload = form.get("record")
    if not isinstance(upload, UploadFile) or not upload.filename:
        problem = Problem(_("Choose a record file first."), None)
        return render_page(request, "replay_open.html", {"problem": problem}, status=422)
    data = await upload.read(MAX_RECORD_BYTES + 1)
    name = _file_name(upload.filename)
    try:
        if len(data) > MAX_RECORD_BYTES:
            # The words of records.files, for a file larger than cardavia replay reads.
            raise RecordError(
                f"the file is larger than {MAX_RECORD_BYTES} bytes: no record is that long"
            )
        record = parse_record(data)
        return await _viewer(request, service.thinker, record, file_name=name)
    except CardaviaError as error:
        problem = Problem(explain(error, _), {"file": name} | error_line(error))
        return render_page(request, "replay_open.html", {"problem": problem}, status=422)


# -- what the viewer is given --------------------------------------------------------------


def _finished(stored: StoredGame) -> StoredGame:
    if stored.status != FINISHED:
        # A replay reveals every hand: a running deal has none, for anyone.
        raise GameNotFoundError(stored.id)
    return stored


def _file_name(name: str) -> str:
    """The uploaded file's own name (no folders), short: only ever shown back."""
    return bounded(name.replace("\\", "/").rsplit("/", 1)[-1])[:120]


async def _timeline(request: Request, thinker: Thinker, record: Record) -> dict[str, Any]:
    """``record``'s timeline: kept, or built in a worker in this client's share."""
    key = hashlib.sha256(record.dumps().encode()).hexdigest()
    found = TIMELINES.get(key)
    if found is None:
        built = await thinker.offload(client_address(request), timeline, record)
        found = TIMELINES.put(key, built)
    return found


async def _viewer(
    request: Request,
    thinker: Thinker,
    record: Record,
    *,
    stored: StoredGame | None = None,
    own: bool = False,
    ai_run: bool = False,
    file_name: str | None = None,
    hints: str | None = None,
    me: int = PERSON,
) -> Response:
    """The viewer page of ``record`` (``timeline`` raises ``RecordError`` on a bad one);
    ``hints`` is where the strong player's choices at the person's decisions are asked:
    on the owner's own replay only (the sentences speak to "you"; a file's deal has no
    person known to the site, and the AI's run has no person's choice). ``me`` is the
    reader's seat on their own replay: drawn at the bottom, named "You"."""
    _ = gettext_for(request)
    steps = await _timeline(request, thinker, record)
    info = catalog.games(_)[record.game]
    seats = games.WEB_GAMES[record.game].seat_names(_)
    if record.meta.get("table"):
        # A table's players by the names every one of them saw, never a place or an AI's
        # name that seat would have against the AIs.
        named = players_of(record, seats)
        seats = [name or seats[seat] for seat, name in enumerate(named)]
        if not own and record.meta.get("ai"):
            # A deal against the AIs at a table of one: its person gave no name (the
            # record's "you"), and is "you" only on their own replay.
            seats[PERSON] = _("South")
    elif not own:
        seats[0] = _("South")  # the person is "you" only on their own replay
    if own:
        seats[me] = _("You")
    data: dict[str, Any] = {
        "game": record.game,
        "timeline": steps,
        "seats": seats,
        "players": players_of(record, seats),
        "messages": replay_messages(_, pgettext_for(request)),
        "hint_url": hints,
        "me": me,
    }
    seat_run = None
    if own and not ai_run and stored is not None:
        # The AI in the reader's own seat of this deal, offered with a button (a run
        # started before, at the table's end or here, is shown at once).
        absent = None
        levels = (stored.meta or {}).get("levels") or []
        if any(level is None and other != me for other, level in enumerate(levels)):
            # Other people sat at the table: the AI for absent players plays their seats.
            level = str((stored.meta or {}).get("absent") or STAND_IN)
            absent = text.level_names(_).get(level, (level,))[0]
        seat_run = {
            "url": f"/api/deals/{stored.id}/ai-seat",
            "auto": False,
            "ready": True,
            "me": me,
            "seats": seats,
            "absent": absent,
        }
    context = {
        "game": info,
        "replay": data,
        "seat_run": seat_run,
        "table": _table_data(record.game, stored, seats, own, _) | {"me": me},
        "viewer": True,
        "stored": stored,
        "own": own,
        "ai_run": ai_run,
        "file_name": file_name,
        "record_json": record.dumps() if own or stored is not None else None,
    }
    return render_page(request, "replay.html", context)


def _table_data(
    game: str, stored: StoredGame | None, seats: list[str], own: bool, _: text.Gettext
) -> dict[str, Any]:
    """What the table's drawing starts from (as the live table's, without a deal to
    fetch or act on: the viewer gives it each step's state); ``person``: whether seat 0
    is the reader ("You won!"), only on the owner's own replay."""
    web = games.WEB_GAMES[game]
    return {
        "game": game,
        "person": own,
        "ai": None if stored is None else stored.ai,
        "seats": seats,
        "messages": games.table_messages(game, _),
        "cards": web.catalogue(_),
        "deck": web.deck,
        "urls": {"script": static_url(f"js/games/{game}.js")},
    }


def replay_messages(_: text.Gettext, pgettext: text.Pgettext) -> dict[str, str]:
    """The viewer's sentences (placeholders in braces, filled in by its script)."""
    return {
        "step_of": _("Step {step} of {last}"),
        "dealt": _("The cards are dealt."),
        "acted": _("{seat}: {action}"),
        "acted_forced": _("{seat}: {action} (the only legal action)"),
        "unseen": _("{seat} answered, sealed."),
        "over": _("The deal is over."),
        # Translators: the replay's button that plays its steps one after another
        # (Chuo Pai's "Play", which plays cards, is another message).
        "play": pgettext("replay", "Play"),
        "pause": _("Pause"),
        "you_chose": _("You chose: {action}."),
        "strong_chose": _("The strong AI would have played: {action}."),
        "strong_same": _("The strong AI would have played the same: {action}."),
        "strong_thinking": _("Asking the strong AI…"),
        "hint_failed": _("The strong AI's choice could not be had: {error}"),
    }


def players_of(record: Record, seats: list[str]) -> list[str]:
    """Who played each seat, as the record's ``meta`` says (an arena record names its
    seats, a site record its players); empty where it says nothing readable."""
    meta = record.meta
    named = meta.get("seats") or meta.get("players") or []
    if not isinstance(named, list):
        named = []
    return [str(named[seat])[:40] if seat < len(named) else "" for seat in range(len(seats))]


# -- a record that cannot be replayed, in words ------------------------------------------------


class Problem:
    """What is wrong with an opened file: a sentence in the page's language, and the line
    ``cardavia replay`` prints for it (``None`` when no file was sent)."""

    def __init__(self, sentence: str, line: dict[str, Any] | None) -> None:
        self.sentence = sentence
        self.line = line


def error_line(error: CardaviaError) -> dict[str, Any]:
    """The error keys of ``cardavia replay``'s line for this error."""
    line: dict[str, Any] = {"error": bounded(str(error))}
    if isinstance(error, RecordError) and error.index is not None:
        line["index"] = error.index
    return line


_KINDS = (
    ("not valid JSON", "json"),
    ("not a record", "json"),
    ("a record must be a JSON object", "json"),
    ("format must be", "format"),
    ("game must be", "game"),
    ("unknown game", "game"),
    ("dealer must be", "first"),
    ("leader must be", "first"),
    ("deck must hold", "deck"),
    ("actions must be", "actions"),
    ("the file is larger", "size"),
)


def explain(error: CardaviaError, _: text.Gettext) -> str:
    """What is wrong with a record, in the page's language (the reason itself, in the
    engine's words, is shown beside it as ``cardavia replay`` prints it)."""
    index = error.index if isinstance(error, RecordError) else None
    if index is not None:
        return _(
            "Action %(index)s of the record (counting from 0) cannot be played there: the "
            "deal it describes is not a legal one."
        ) % {"index": index}
    message = str(error)
    kind = next((kind for prefix, kind in _KINDS if message.startswith(prefix)), None)
    names = ", ".join(GAMES)
    sentences = {
        "json": _("This file is not a game record: it is not the JSON text of one."),
        "format": _("This file is not a Cardavia record: its format is not cardavia-record/1."),
        "game": _("The record is of no game this site plays (%(games)s).") % {"games": names},
        "first": _("The record's first seat is not a seat of its game."),
        "deck": _("The record's deck is not exactly the cards of its game."),
        "actions": _('The record\'s actions are not a list of [seat, "action"] entries.'),
        "size": _("The file is larger than any record (%(limit)s bytes at most).")
        % {"limit": MAX_RECORD_BYTES},
    }
    return sentences.get(kind or "", _("This file cannot be replayed."))
