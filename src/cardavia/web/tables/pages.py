"""The pages of a table of people: *Play with friends* on a game page, the invitation,
the waiting room and the live table.

The host's plain HTML form makes the table; the answer sets the host's seat cookie and
an invitation cookie (both HttpOnly, scoped to the table's paths, so that the waiting
room can show the link again after a reload) and sends the browser to the table. A
friend opens the link (``/tables/<id>?invite=<token>``), gives a name and takes the
first free seat. The page then draws everything from the seat's frames (people.js).
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import parse_qs

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from cardavia.games.registry import get_game
from cardavia.web import catalog, games, text
from cardavia.web.assets import static_url
from cardavia.web.rendering import gettext_for, render_page
from cardavia.web.security import count_new_game
from cardavia.web.settings import Settings
from cardavia.web.tables.model import (
    AI,
    LEVELS,
    NAME_LIMIT,
    BadTableInputError,
    LookalikeNameError,
    TableError,
    TableSettings,
)
from cardavia.web.tables.routes import (
    cookie_paths,
    get_hub,
    get_tables,
    seat_token,
    set_seat_cookie,
)
from cardavia.web.tables.service import (
    RemovedError,
    SeatTokenError,
    TableNotFoundError,
    TableService,
)

router = APIRouter(include_in_schema=False)
Tables = Annotated[TableService, Depends(get_tables)]

INVITE_COOKIE = "cardavia_invite"
"""The host's copy of the invitation, so that the waiting room can show it again."""
SEAT_KINDS = ("person", *LEVELS)
"""What the host may put at each other seat: a friend, or an AI of a level."""


def friends_context(game: str, _: text.Gettext) -> dict[str, Any]:
    """What the *Play with friends* form needs: the other seats (by their place seen
    from the host's), the timers' bounds."""
    names = games.WEB_GAMES[game].positions(_)
    return {
        "friend_seats": [(index, names[index]) for index in range(1, len(names))],
        "seat_kinds": SEAT_KINDS,
        "claim_range": TableSettings.CLAIM_RANGE,
        "turn_range": TableSettings.TURN_RANGE,
        "name_limit": NAME_LIMIT,
        "levels": LEVELS,
        "level_names": text.level_names(_),
    }


async def read_form(request: Request) -> dict[str, str]:
    """A small URL-encoded form, each field's first value (the body limit bounds it)."""
    body = (await request.body()).decode("utf-8", "replace")
    return {key: values[0] for key, values in parse_qs(body).items()}


def _number(text_value: str | None, default: int, bounds: tuple[int, int]) -> int | None:
    """A whole number within ``bounds`` (ASCII digits only), ``default`` when empty."""
    value = (text_value or "").strip()
    if not value:
        return default
    if not (value.isascii() and value.isdigit() and len(value) <= 4):
        return None
    number = int(value)
    return number if bounds[0] <= number <= bounds[1] else None


async def create_from_form(
    game: str, request: Request, tables: TableService, settings: Settings
) -> Response | str:
    """Make a table from the *Play with friends* form: the redirect to its waiting room,
    or what is wrong with the form, in words (nothing is made)."""
    _ = gettext_for(request)
    fields = await read_form(request)
    players = get_game(game).players
    seats = [fields.get(f"seat{index}", "person") for index in range(1, players)]
    absent = fields.get("absent", "basic")
    claim = _number(fields.get("claim_seconds"), 20, TableSettings.CLAIM_RANGE)
    turn = _number(fields.get("turn_seconds"), 60, TableSettings.TURN_RANGE)
    if any(kind not in SEAT_KINDS for kind in seats) or absent not in LEVELS:
        return _("Choose a friend or an AI for each seat, and an AI for absent players.")
    if claim is None or turn is None:
        return _(
            "A claim window lasts from %(claim_low)s to %(claim_high)s seconds, a discard, "
            "lead or beat from %(turn_low)s to %(turn_high)s seconds."
        ) % {
            "claim_low": TableSettings.CLAIM_RANGE[0],
            "claim_high": TableSettings.CLAIM_RANGE[1],
            "turn_low": TableSettings.TURN_RANGE[0],
            "turn_high": TableSettings.TURN_RANGE[1],
        }
    count_new_game(request)
    try:
        moment, token, invite = tables.create(
            game, fields.get("name", ""), seats, TableSettings(claim, turn, absent)
        )
    except BadTableInputError:
        return name_problem(_)
    table_id = moment.table.id
    response = RedirectResponse(f"/tables/{table_id}", status_code=303)
    set_seat_cookie(response, request, table_id, token)
    response.set_cookie(
        INVITE_COOKIE,
        invite,
        max_age=30 * 86400,
        path=cookie_paths(table_id)[0],
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
    )
    return response


def name_problem(_: text.Gettext) -> str:
    """What a refused display name must be, in the page's language."""
    return _(
        "Give a name of 1 to %(limit)s characters, in any script, without < or > or "
        "invisible characters."
    ) % {"limit": NAME_LIMIT}


@router.get("/tables/{table_id}", response_class=HTMLResponse)
def table_page(table_id: str, request: Request, tables: Tables, invite: str = "") -> Response:
    """The table of the seat this browser holds; else, with the invitation, the form
    that takes a seat."""
    _ = gettext_for(request)
    try:
        moment, seat = tables.seat_of(table_id, seat_token(request))
    except RemovedError:
        return _closed(request, 403, _("The host gave your seat at this table to an AI."))
    except TableNotFoundError:
        return _closed(request, 404, _("There is no table at this address."))
    except SeatTokenError:
        if invite:
            return _join_page(request, tables, table_id, invite, "", None)
        return _closed(
            request, 403, _("This browser has no seat at this table: open the invitation link.")
        )
    table = moment.table
    web = games.WEB_GAMES[table.game]
    info = web.info(_)
    frame = get_hub(request).frame_of(moment, seat, 0, None)
    host = seat == table.host_seat
    invitation = request.cookies.get(INVITE_COOKIE) if host else None
    data = {
        "live": True,
        "id": table.id,
        "game": table.game,
        "me": seat,
        "host": host,
        "frame": frame,
        # Places seen from this seat (the person's own, "You", and a free seat's); the
        # players' names, the same on every screen, come with each frame (people.js).
        "positions": _rotated(web.positions(_), seat),
        "seats": _rotated(web.positions(_), seat),
        "messages": games.table_messages(table.game, _) | table_messages(_),
        "cards": web.catalogue(_),
        "invite": (
            f"{request.base_url}tables/{table.id}?invite={invitation}" if invitation else None
        ),
        "urls": {
            "script": static_url(f"js/games/{table.game}.js"),
            "live": f"/api/tables/{table.id}/live",
            "poll": f"/api/tables/{table.id}",
            "actions": f"/api/tables/{table.id}/actions",
            "hint": f"/api/tables/{table.id}/hint",
            "record": f"/api/tables/{table.id}/record",
        },
    }
    context = {
        "game": info,
        "tradition": catalog.tradition(info.tradition, _),
        "tab": "table",
        "table": data,
        "here": f"/tables/{table.id}",
    }
    return render_page(request, "people.html", context)


@router.post("/tables/{table_id}/join")
async def join_table(
    table_id: str,
    request: Request,
    tables: Tables,
) -> Response:
    """Take a free seat with the invitation and a display name; go to the table."""
    _ = gettext_for(request)
    fields = await read_form(request)
    invite, name = fields.get("invite", ""), fields.get("name", "")
    try:
        _moment, _seat, token = tables.join(table_id, invite, name)
    except TableNotFoundError:
        return _closed(request, 404, _("There is no table at this address."))
    except LookalikeNameError:
        problem = _("Someone at this table has a name that looks like this one: choose another.")
        return _join_page(request, tables, table_id, invite, name, problem, 422)
    except BadTableInputError:
        return _join_page(request, tables, table_id, invite, name, name_problem(_), 422)
    except TableError:
        return _join_page(
            request,
            tables,
            table_id,
            invite,
            name,
            _("Every seat at this table is taken, or the deal has begun."),
            409,
        )
    response = RedirectResponse(f"/tables/{table_id}", status_code=303)
    set_seat_cookie(response, request, table_id, token)
    return response


def _join_page(
    request: Request,
    tables: TableService,
    table_id: str,
    invite: str,
    name: str,
    problem: str | None,
    status: int = 200,
) -> Response:
    _ = gettext_for(request)
    try:
        moment = tables.check_invite(table_id, invite)
    except TableNotFoundError:
        return _closed(request, 404, _("There is no table at this address."))
    table = moment.table
    info = games.WEB_GAMES[table.game].info(_)
    host = table.seats[table.host_seat].name
    people = [place.name for place in table.seats if place.kind != AI and place.name]
    context = {
        "game": info,
        "host": host,
        "people": people,
        "table_id": table_id,
        "invite": invite,
        "name": name,
        "problem": problem,
        "name_limit": NAME_LIMIT,
        "open": table.status == "gathering"
        and any(place.kind != AI and place.token_hash is None for place in table.seats),
        "here": f"/tables/{table_id}?invite={invite}",
    }
    return render_page(request, "table_join.html", context, status=status)


def _closed(request: Request, status: int, message: str) -> Response:
    return render_page(request, "error.html", {"status": status, "message": message}, status)


def _rotated(names: list[str], seat: int) -> list[str]:
    """``names`` (seen from seat 0) as seen from ``seat``: index ``i`` is seat ``i``."""
    count = len(names)
    return [names[(index - seat) % count] for index in range(count)]


def table_messages(_: text.Gettext) -> dict[str, str]:
    """The words of a table of people for the table's script (people.js)."""
    return {
        "room_title": _("Waiting for the players"),
        "invite_label": _("Invitation link: send it to the friends who play with you"),
        "copy": _("Copy"),
        "copied": _("Copied"),
        "seat_free": _("free seat: waiting for a friend"),
        "seat_ai": _("AI ({level})"),
        "seat_here": _("here"),
        "seat_away": _("away"),
        "seat_played": _("played by the AI"),
        "host_badge": _("host"),
        "start": _("Start the deal"),
        "start_with_ai": _("Start now: the AI plays the free seats"),
        "wait_host": _("The host starts the deal once everyone is here."),
        "remove": _("Give the seat to the AI"),
        "players": _("Players"),
        "your_move": _("Your move: {seconds} s left"),
        "your_answer_left": _("Answer within {seconds} s, or the AI answers for you."),
        "answered": _("Your answer is sealed: {answer}. Waiting for the others ({seconds} s)."),
        "waiting_for": _("Waiting for {seat} ({seconds} s)."),
        "waiting_window": _("Waiting for the others' answers ({seconds} s)."),
        "waiting_others": _("Waiting for the others."),
        "choosing": _("{seat} is choosing…"),
        "stood_in_timeout": _("{seat}'s time ran out: the AI ({level}) decided."),
        "stood_in_timeout_you": _("Your time ran out: the AI ({level}) decided for you."),
        "stood_in_away": _("{seat} is away: the AI ({level}) plays for them."),
        "stood_in_away_you": _("You were away: the AI ({level}) played for you."),
        "takeover": _("{seat} is away: the AI plays for them in {seconds} s."),
        "again_same": _("Play this deal again"),
        "again_new": _("New deal"),
        "again_wait": _("The host chooses the next deal."),
        "removed": _("The host gave your seat at this table to an AI."),
        "reconnecting": _("Connection lost: reconnecting…"),
        "sending": _("Sending…"),
    }
