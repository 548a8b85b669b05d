"""The tables' JSON API, their WebSocket, and the long-polling fallback.

- ``POST /api/tables``: a new table, the host at seat 0 (201, with the host's token and
  the invitation); with ``start``, every other seat an AI, dealt at once (a deal
  against the AIs in one call: a bot's, the /docs page's protocol).
- ``POST /api/tables/{id}/seats``: take a free seat with the invitation (201; 409 when
  every seat is taken).
- ``GET /api/tables/{id}``: the seat's frame; with ``mark`` (the last frame's) and
  ``wait``, held until the frame changes or ``wait`` seconds pass (the long poll).
- ``POST /api/tables/{id}/actions``: a command (``act``, ``start``, ``again``,
  ``remove``); the frame after it.
- ``GET /api/tables/{id}/record``: the deal's record, once it is over (``deal``: an
  earlier deal of the table that the seat's person played).
- ``WS /api/tables/{id}/live``: the same commands in, every new frame out.

A seat is known by its token: ``Authorization: Bearer`` or the HttpOnly cookie the
site sets, scoped to the table's paths.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Body, Query, Request, WebSocket
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection
from starlette.websockets import WebSocketDisconnect, WebSocketState

from cardavia.store import StoreUnavailableError
from cardavia.web.dependencies import (
    HubDep,
    NewGamesDep,
    ReviewsDep,
    SettingsDep,
    TablesDep,
    app_state,
    seat_at,
)
from cardavia.web.errors import ANSWERED, api_error, describe_validation
from cardavia.web.games import WEB_GAMES
from cardavia.web.infra import browsers, cookies
from cardavia.web.infra.security import CROSS_SITE, client_address, sent_by_another_site
from cardavia.web.infra.settings import Settings
from cardavia.web.learn import guided
from cardavia.web.presentation.rendering import gettext_for, ngettext_for
from cardavia.web.schemas.common import (
    COACH_BUSY,
    EVERYWHERE,
    ErrorBody,
    HintAnswer,
    HintRequest,
    Review,
)
from cardavia.web.schemas.tables import (
    COMMANDS,
    Act,
    Again,
    Command,
    JoinedTable,
    JoinTable,
    NewChuopaiTable,
    NewSisepaiTable,
    NewTable,
    Ping,
    Remove,
    Start,
    TableFrame,
)
from cardavia.web.services.reviews import worded
from cardavia.web.services.tables.frames import Moment
from cardavia.web.services.tables.hub import Bucket, Hub, TooManyWatchersError, Watcher
from cardavia.web.services.tables.model import (
    PERSON,
    BadTableInputError,
    TableError,
    TableSettings,
    presence_matters,
)
from cardavia.web.services.tables.service import TableService

log = logging.getLogger("cardavia.web")

POLL_SECONDS = 25.0
"""The longest a long poll is held: under every proxy's idle timeout."""
MESSAGE_BYTES = 2048
"""The largest WebSocket message accepted: a command is a few dozen bytes."""
IDLE_SECONDS = 60.0
"""A socket that says nothing (not even its ping, every 20 s) this long is closed."""

router = APIRouter(prefix="/api/tables", tags=["tables"], responses=EVERYWHERE)
_SEAT: dict[int | str, dict[str, Any]] = {
    403: {"model": ErrorBody, "description": "No seat of this table, or not the host."},
    404: {"model": ErrorBody, "description": "No table with this id."},
}
_INPUT: dict[int | str, dict[str, Any]] = {
    422: {"model": ErrorBody, "description": "A malformed body, a bad name or an illegal action."}
}
_CROWDED: dict[int | str, dict[str, Any]] = {
    429: {"model": ErrorBody, "description": "This seat or address has enough windows open."}
}
_NEW_DEALS: dict[int | str, dict[str, Any]] = {
    429: {
        "model": ErrorBody,
        "description": "Too many new deals from this address just now (`Retry-After`).",
    }
}
_CONFLICT: dict[int | str, dict[str, Any]] = {
    409: {"model": ErrorBody, "description": "Not now: full, not your turn, moved on, over."}
}


@router.post(
    "",
    status_code=201,
    response_model=JoinedTable,
    responses=_INPUT | _NEW_DEALS,
    summary="Make a table",
)
async def create_table(
    body: NewTable,
    request: Request,
    tables: TablesDep,
    hub: HubDep,
    settings: SettingsDep,
    new_games: NewGamesDep,
) -> JSONResponse:
    """A new table with the caller (the host) at seat 0; share `invite`. With `start`
    (every other seat an AI) it is dealt at once, a deal against the AIs: the answer is
    the first frame in which the caller decides, or in which strong AIs are still
    thinking (then read it again with `mark` and `wait`). It counts against the
    caller's new-deal allowance."""
    client = client_address(request)
    browser = browsers.id_for(request)
    if body.start:
        _check_start_at_once(body)
        new_games.check(client)
        levels = set(body.seats)
        moment, token = await tables.deal_alone(
            body.game,
            body.seats[0] if len(levels) == 1 else body.absent,
            body.seed,
            browsers.hash_browser(browser),
            client,
            name=body.name,
            levels=body.seats,
        )
        invite = None
    else:
        if body.seed is not None:
            raise BadTableInputError("a deal number is chosen only with start")
        timers = TableSettings(body.claim_seconds, body.turn_seconds, body.absent)
        new_games.check(client)
        moment, token, invite = tables.create(
            body.game, body.name, body.seats, timers, browsers.hash_browser(browser)
        )
    return _seated(hub, settings, moment, 0, token, browser, invite=invite)


def _check_start_at_once(body: NewSisepaiTable | NewChuopaiTable) -> None:
    """A table dealt at once (``start``) has only AIs beside its person and no clock:
    else :class:`BadTableInputError` (422) saying why, before anything is stored."""
    if any(kind == PERSON for kind in body.seats):
        raise BadTableInputError(
            "a table starts at once only when every other seat is an AI: "
            "invite people without start, then start it"
        )
    timed = {"claim_seconds", "turn_seconds"} & body.model_fields_set
    if timed:
        raise BadTableInputError(
            f"a table dealt at once has no clock: leave out {', '.join(sorted(timed))}"
        )


@router.post(
    "/{table_id}/seats",
    status_code=201,
    response_model=JoinedTable,
    responses={404: _SEAT[404]} | _INPUT | _CONFLICT,
    summary="Take a seat",
)
async def join_table(
    table_id: str,
    body: JoinTable,
    request: Request,
    tables: TablesDep,
    hub: HubDep,
    settings: SettingsDep,
) -> JSONResponse:
    """Take the first free seat with the invitation and a display name."""
    browser = browsers.id_for(request)
    moment, seat, token = tables.join(
        table_id, body.invite, body.name, browsers.hash_browser(browser)
    )
    return _seated(hub, settings, moment, seat, token, browser)


def _seated(
    hub: Hub,
    settings: Settings,
    moment: Moment,
    seat: int,
    token: str,
    browser: str,
    **more: str | None,
) -> JSONResponse:
    """The answer to a seat just taken (a table made, or joined): the seat's first frame
    with its whole log, its token and ``more`` (201), and the token's cookie for the
    browser's later requests and pages."""
    data = hub.frame_of(moment, seat, 0, None) | {"token": token} | more
    response = JSONResponse(data, status_code=201)
    cookies.set_seat_token(response, moment.table.id, token, settings.secure_cookies, browser)
    return response


@router.get(
    "/{table_id}",
    response_model=TableFrame,
    responses=_SEAT | _INPUT | _CROWDED,
    summary="Read the table (long poll)",
)
async def read_table(
    table_id: str,
    connection: Request,
    tables: TablesDep,
    hub: HubDep,
    since: Annotated[int, Query(ge=0, lt=100_000)] = 0,
    deal: Annotated[str | None, Query(max_length=32)] = None,
    mark: Annotated[str | None, Query(max_length=32)] = None,
    wait: Annotated[float, Query(ge=0, le=POLL_SECONDS)] = 0,
) -> dict[str, Any]:
    """The seat's frame, with the events of ``deal`` from ``since`` on. With ``mark``
    (the last frame's) and ``wait``, the answer waits until the frame is new (the
    fallback for a browser that cannot keep a WebSocket open); each call also tells
    the table the person is here."""
    known, seat = seat_at(tables, table_id, connection)
    await tables.arrive(table_id, seat, known.table)
    # Read again after a lease was held (it may have brought an away person back).
    moment = tables.read(table_id) if presence_matters(known.table) else known
    if not mark or not wait:
        return hub.frame_of(moment, seat, since, deal)
    watcher = Watcher(table_id, seat, moment.table.seats[seat].token_hash or "", since, deal)
    watcher.last = mark
    watcher.address = client_address(connection)
    hub.watch(watcher, moment)
    try:
        data = await hub.next_frame(watcher, wait)
        latest = hub.moments.get(table_id, moment)
    finally:
        hub.unwatch(watcher)
    # Nothing new within ``wait``: the same frame again (the browser asks once more).
    return data if data is not None else hub.frame_of(latest, seat, since, deal)


@router.post(
    "/{table_id}/actions",
    response_model=TableFrame,
    responses=_SEAT | _INPUT | _CONFLICT,
    summary="Act at the table",
)
async def act_at_table(
    table_id: str,
    body: Annotated[Command, Body()],
    request: Request,
    tables: TablesDep,
    hub: HubDep,
    since: Annotated[int, Query(ge=0, lt=100_000)] = 0,
    deal: Annotated[str | None, Query(max_length=32)] = None,
) -> dict[str, Any]:
    """A command: ``act`` (an action at decision ``key``), ``start``, ``again`` or
    ``remove`` (the host's); the seat's frame after it."""
    read, seat = seat_at(tables, table_id, request, recent=True)
    moment = await run_command(request, tables, table_id, seat, body, read)
    return hub.frame_of(moment or tables.read(table_id), seat, since, deal)


@router.post(
    "/{table_id}/hint",
    response_model=HintAnswer,
    response_model_exclude_none=True,
    responses=_SEAT | _INPUT | _CONFLICT | COACH_BUSY,
    summary="Ask for a hint",
)
async def hint_at_table(
    table_id: str, body: HintRequest, request: Request, tables: TablesDep
) -> dict[str, Any]:
    """What the `strong` player would do at this seat's own decision (`step`: the
    frame's `deal.key`), and why, from what the seat sees alone: the same coach as in a
    deal against the AIs. Each decision hinted is counted once, for this seat alone
    (`hints`)."""
    moment, seat = seat_at(tables, table_id, request)
    found = await tables.hint(table_id, seat, body.step, client_address(request))
    action, reason, counted = found
    facts = reason.to_json()
    web = WEB_GAMES[moment.table.game]
    sentence = web.hint_sentence(action, facts, gettext_for(request), ngettext_for(request))
    return {"action": action, "reason": facts, "text": sentence, "hints": counted}


@router.post("/{table_id}/guide", include_in_schema=False)
async def guide_at_table(
    table_id: str, body: HintRequest, request: Request, tables: TablesDep
) -> dict[str, Any]:
    """A guided deal's guide at this seat's own decision (`step`: the frame's
    `deal.key`): the coach's choice and its sentence (the hint's verdict, not counted
    as a hint), the idea the decision meets, and the coach's sentence for each other
    choice. Only a guided deal's table answers (409 elsewhere); it is that page's, so
    it is left out of the API's documentation."""
    moment, seat = seat_at(tables, table_id, request)
    view, legal, action, reason = await tables.guide(
        table_id, seat, body.step, client_address(request)
    )
    _, ngettext = gettext_for(request), ngettext_for(request)
    game = moment.table.game
    said: dict[str, Any] = await run_in_threadpool(
        guided.words, game, view, legal, action, reason, _, ngettext
    )
    return said


@router.post("/{table_id}/guide/done", include_in_schema=False)
def guided_deal_done(table_id: str, request: Request, tables: TablesDep) -> dict[str, Any]:
    """The guided deal of this table was played to its end: kept as the progress of
    the seat's browser (shown on /learn and in *Your deals*). 409 before the end."""
    _moment, seat = seat_at(tables, table_id, request)
    game, browser = tables.guided_done(table_id, seat)
    if browser is not None:
        tables.tables.games.lesson_done(browser, guided.key(game))
    return {"done": guided.key(game)}


@router.get(
    "/{table_id}/review",
    response_model=Review,
    response_model_exclude_none=True,
    responses=_SEAT | _INPUT | _CONFLICT,
    summary="Review your play",
)
async def review_at_table(
    table_id: str, request: Request, tables: TablesDep, reviews: ReviewsDep
) -> dict[str, Any]:
    """Once the table's deal is over: this seat's own decisions where `strong`'s
    suggestion wins significantly more often than the choice made, as in a deal against
    the AIs (read again while it is computed). Each person's review is their own."""
    moment, seat = seat_at(tables, table_id, request)
    if moment.live is None:
        raise TableError("no deal has been dealt at this table yet")
    found = reviews.read(moment.live, client_address(request), seat)
    return worded(found, moment.table.game, gettext_for(request), ngettext_for(request))


@router.get(
    "/{table_id}/record",
    responses={200: {"description": "The record (records.md)."}, **_SEAT, **_INPUT, **_CONFLICT},
    summary="Download the record",
)
async def table_record(
    table_id: str,
    request: Request,
    tables: TablesDep,
    deal: Annotated[str | None, Query(max_length=32)] = None,
) -> JSONResponse:
    """The record of the deal on show once it is over (it reveals every hand); with
    `deal`, of an earlier deal of this table that this seat's person played."""
    moment, seat = seat_at(tables, table_id, request)
    record = tables.record(moment, seat, deal)
    data = record.to_json()
    shown = deal or (moment.live.stored.id if moment.live is not None else "")
    name = f"cardavia-{moment.table.game}-{shown}.json"
    return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="{name}"'})


async def run_command(
    connection: HTTPConnection,
    tables: TableService,
    table_id: str,
    seat: int,
    command: Any,
    read: Moment | None = None,
) -> Moment | None:
    """Do what ``command`` asks for ``seat``; the table after it (``None``: a ping).

    A deal started at a table counts against its client's new-deal allowance as a deal
    against the AIs does (``TooManyGamesError``), and the AI moves it sets going take
    that client's share of the workers (issue 28, hole 2). ``read``: the table as the
    caller read it to find the seat (an action tries it first)."""
    client = client_address(connection)
    if isinstance(command, (Start, Again)):
        app_state(connection.app).new_games.check(client)
    tables.set_going_by(table_id, client)
    if isinstance(command, Act):
        return await tables.act(table_id, seat, command.action, command.key, read)
    if isinstance(command, Start):
        return await tables.start(table_id, seat)
    if isinstance(command, Again):
        return await tables.again(table_id, seat, command.same)
    if isinstance(command, Remove):
        return await tables.remove(table_id, seat, command.seat)
    return None


# -- the WebSocket ---------------------------------------------------------------------------


TOO_MANY = "you are sending messages too fast: wait a moment (nothing was done)"
TOO_LARGE = f"a message has at most {MESSAGE_BYTES} bytes: this one was not read"
NOT_JSON = 'a message is a JSON object such as {"type": "ping"}'
FLOOD_LIMIT = 60
"""Refused messages after which a socket is closed (a browser never sends that many)."""


@router.websocket("/{table_id}/live")
async def live(websocket: WebSocket, table_id: str, tables: TablesDep, hub: HubDep) -> None:
    """The WebSocket of one seat: commands in, the seat's new frames out."""
    if sent_by_another_site(websocket):
        # Refused before the handshake completes: the browser gets a 403.
        await websocket.close(code=1008, reason=CROSS_SITE[:120])
        return
    await websocket.accept()
    address = client_address(websocket)
    try:
        # Before any read of the store: a socket refused for opening too fast must cost
        # next to nothing (closing before the handshake would save little: the server
        # answers a refused handshake no faster, and the page would not learn why).
        hub.admit(address)
        moment, seat = seat_at(tables, table_id, websocket)
    except StoreUnavailableError:
        await websocket.close(code=1013, reason="the game store cannot be reached")
        return
    except ANSWERED as exc:
        await _refuse(websocket, exc)
        return
    since, deal = _int(websocket.query_params.get("since")), websocket.query_params.get("deal")
    token_hash = moment.table.seats[seat].token_hash or ""
    watcher = Watcher(table_id, seat, token_hash, since=since, deal_id=deal)
    watcher.address = address
    try:
        hub.watch(watcher, moment)
    except TooManyWatchersError as exc:
        await _refuse(websocket, exc)
        return

    sending = asyncio.Lock()  # the pushing task and the reading one both send

    async def send(data: dict[str, Any]) -> None:
        async with sending:
            await websocket.send_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")))

    async def flush() -> None:
        # Before a pong: the newest frame, if the pushing task has not sent it yet, so
        # that a pong always follows every frame of the changes before it.
        data = hub.frame_for(watcher)
        if data is not None:
            await send(data)

    pushing = asyncio.create_task(hub.push(watcher, send))
    try:
        await tables.arrive(table_id, seat, moment.table)
        await _read_commands(websocket, tables, table_id, seat, send, flush, pushing)
    except WebSocketDisconnect:
        pass
    finally:
        pushing.cancel()
        try:
            await pushing
        except (asyncio.CancelledError, WebSocketDisconnect):
            pass
        except Exception:
            # A push that failed while the socket was open left the browser without
            # frames until it reconnects: say so (a send racing our own close is not news).
            if websocket.application_state != WebSocketState.DISCONNECTED:
                log.exception("sending table %s's frames to seat %d failed", table_id, seat)
        if hub.unwatch(watcher) and presence_matters(moment.table):
            with contextlib.suppress(Exception):
                tables.leave(table_id, seat)
    if watcher.gone is not None:
        with contextlib.suppress(Exception):
            await send({"type": "error", "error": watcher.gone, "code": "gone"})
            await websocket.close(code=4403)


async def _read_commands(
    websocket: WebSocket,
    tables: TableService,
    table_id: str,
    seat: int,
    send: Callable[[dict[str, Any]], Awaitable[None]],
    flush: Callable[[], Awaitable[None]],
    pushing: asyncio.Task[str],
) -> None:
    bucket = Bucket()
    while not pushing.done():
        receiving = asyncio.ensure_future(websocket.receive())
        done, _ = await asyncio.wait(
            {receiving, pushing}, timeout=IDLE_SECONDS, return_when=asyncio.FIRST_COMPLETED
        )
        if receiving not in done:
            receiving.cancel()
            if not done:  # silent for too long: the browser is gone
                await websocket.close(code=1001)
            return
        message = receiving.result()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        raw = message.get("text")
        if raw is None:
            raw = (message.get("bytes") or b"").decode("utf-8", "replace")
        if not bucket.take():
            if bucket.refused >= FLOOD_LIMIT:
                await send({"type": "error", "error": TOO_MANY, "code": "flood"})
                await websocket.close(code=1008)
                return
            await send({"type": "error", "error": TOO_MANY, "code": "flood"})
            continue
        if len(raw.encode()) > MESSAGE_BYTES:
            await send({"type": "error", "error": TOO_LARGE, "code": "too_large"})
            continue
        await _one_command(websocket, raw, tables, table_id, seat, send, flush)


async def _one_command(
    websocket: WebSocket,
    raw: str,
    tables: TableService,
    table_id: str,
    seat: int,
    send: Callable[[dict[str, Any]], Awaitable[None]],
    flush: Callable[[], Awaitable[None]],
) -> None:
    try:
        command = COMMANDS.validate_json(raw)
    except ValidationError as exc:
        problem = describe_validation(exc.errors()).replace("the body", "the message")
        await send({"type": "error", "error": problem or NOT_JSON, "code": "bad_message"})
        return
    if isinstance(command, Ping):
        await flush()
        await send({"type": "pong"})
        return
    try:
        await run_command(websocket, tables, table_id, seat, command)
    except ANSWERED as exc:
        status, said = api_error(exc)
        await send({"type": "error", "error": said, "code": status})


async def _refuse(websocket: WebSocket, exc: Exception) -> None:
    status, said = api_error(exc)
    data = {"type": "error", "error": said, "code": status}
    with contextlib.suppress(Exception):
        await websocket.send_text(json.dumps(data, ensure_ascii=False))
        await websocket.close(code=4000 + status)


def _int(text: str | None) -> int:
    try:
        return max(int(text or 0), 0)
    except ValueError:
        return 0
