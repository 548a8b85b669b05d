"""The pages of a table of people: *Play with friends* on a game page, the invitation,
the waiting room and the live table.

The host's plain HTML form makes the table; the answer sets the host's seat cookie and
an invitation cookie (both HttpOnly, scoped to the table's paths, so that the waiting
room can show the link again after a reload) and sends the browser to the table. A
friend opens the link (``/tables/<id>?invite=<token>``), gives a name and takes the
first free seat. The page then draws everything from the seat's frames (table.js).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from cardavia.games.registry import get_game
from cardavia.store import StoredTable
from cardavia.web import games
from cardavia.web.dependencies import HubDep, SettingsDep, TablesDep, seat_at
from cardavia.web.infra import browsers, cookies
from cardavia.web.infra.assets import static_url
from cardavia.web.learn import guided
from cardavia.web.presentation import catalog
from cardavia.web.presentation.deal_stats import finished
from cardavia.web.presentation.rendering import gettext_for, render_page
from cardavia.web.services.deals import LiveDeal
from cardavia.web.services.tables.forms import INVITE_COOKIE, name_problem, read_form
from cardavia.web.services.tables.frames import Moment
from cardavia.web.services.tables.model import (
    AI,
    NAME_LIMIT,
    PERSON,
    BadTableInputError,
    LookalikeNameError,
    TableError,
    seat_names,
    settings_of,
    solo_level,
)
from cardavia.web.services.tables.service import SeatTokenError, TableNotFoundError, TableService
from cardavia.web.words import text

router = APIRouter(include_in_schema=False)


@router.get("/tables/{table_id}", response_class=HTMLResponse)
def table_page(
    table_id: str,
    request: Request,
    tables: TablesDep,
    hub: HubDep,
    settings: SettingsDep,
    invite: str = "",
    tab: str = "table",
) -> Response:
    """The table of the seat this browser holds, on its *Table* or *Full rules* tab;
    else, with the invitation, the form that takes a seat. (An unknown table, or a seat
    the host gave away, is answered by :data:`cardavia.web.errors.ANSWERS`.)"""
    _ = gettext_for(request)
    try:
        moment, seat = seat_at(tables, table_id, request)
    except SeatTokenError:
        if solo_level(tables.read(table_id).table) is not None:
            # One person's deal against the AIs: its address alone leads nowhere, as
            # a deal's never did (the same 404 as no table at all).
            raise TableNotFoundError(table_id) from None
        if invite:
            return _join_page(request, tables, table_id, invite, "", None)
        message = _("This browser has no seat at this table: open the invitation link.")
        return render_page(request, "error.html", {"status": 403, "message": message}, 403)
    table = moment.table
    web = games.WEB_GAMES[table.game]
    info = web.info(_)
    frame = hub.frame_of(moment, seat, 0, None)
    host = seat == table.host_seat
    # One person's deal against the AIs (the *Start game* form's table): the AI in their
    # seat as the deal ends, as a deal against the AIs always had it, and the guided
    # deal offered. (Its page tells a table of one from the frame: table.js.)
    alone = solo_level(table) is not None
    invitation = request.cookies.get(INVITE_COOKIE) if host else None
    data = {
        "id": table.id,
        "game": table.game,
        "me": seat,
        "host": host,
        "frame": frame,
        # The AIs' moves before the person's first decision, from the cards as dealt
        # (only where nothing is held on show: then the frame's log is all of it).
        "opening": _opening(moment, seat),
        # Places seen from this seat (the person's own, "You", and a free seat's); the
        # players' names, the same on every screen, come with each frame (table.js).
        "positions": _rotated(web.positions(_), seat),
        # Each player by name as the frames name them (table.js keeps them up to
        # date): the reader "You", a seat nobody has taken yet by its place.
        "seats": _named(table, web.positions(_), seat),
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
            "review": f"/api/tables/{table.id}/review",
            "record": f"/api/tables/{table.id}/record",
            "replay": "/replay/{id}",
        },
        # The AI in this person's seat of the deal that ends (its id fills the address),
        # offered with a button: each person of the table asks for their own.
        "ai_seat": {
            "url": "/api/deals/{id}/ai-seat",
            # Alone against the AIs it starts as the deal ends; at a table of people
            # each person asks for their own.
            "auto": alone,
            "me": seat,
            # Alone against the AIs the run's players are named as the table named
            # them (You, Lan, Zhu, Ju); at a table of people by their places.
            "seats": _named(table, web.positions(_), seat)
            if alone
            else _rotated(web.positions(_), seat),
            # Said only when other people sit at the table (their seats are the AI's in
            # the run); else the run is against the same opponents as the deal.
            "absent": (
                text.level_names(_)[settings_of(table).absent][0]
                if any(
                    place.kind == PERSON and other != seat
                    for other, place in enumerate(table.seats)
                )
                else None
            ),
        },
    }
    if settings_of(table).guided:
        # A guided first deal (issue 25): the guide's words and where it asks (guide.js).
        data["guide"] = guide_data(table.id, table.game, _)
        words = games.table_messages(table.game, _) | table_messages(_) | guide_messages(_)
        data["messages"] = words
    elif (
        alone
        and guided.key(table.game) not in _learnt(request, tables)
        and not _lost_before(request, tables, table.game, moment.live)
    ):
        # Someone who has not played the guided deal is offered it after their first
        # deal of the game not won (table.js shows it only then).
        data["guide_offer"] = {
            "url": f"/learn/{table.game}/guided",
            "text": _("New to %(game)s? Learn it in five minutes") % {"game": info.title},
        }
    context = {
        "game": info,
        "tradition": catalog.tradition(info.tradition, _),
        "tab": "rules" if tab == "rules" else "table",
        "table": data,
        "here": f"/tables/{table.id}",
    }
    response = render_page(request, "people.html", context)
    if alone and moment.live is not None and not moment.live.over:
        # *Continue your deal* on the index and the game page leads back here.
        cookies.remember_running(response, moment.live, settings.secure_cookies)
    return response


def _learnt(request: Request, tables: TableService) -> set[str]:
    """The lessons and guided deals this browser has finished."""
    found = browsers.browser_hash(request)
    return set() if found is None else tables.tables.games.lessons_done(found)


def _lost_before(request: Request, tables: TableService, game: str, live: LiveDeal | None) -> bool:
    """Whether this browser has finished a deal of ``game`` it did not win, other than
    the one on show (whose end, lost or not, is still to come or being shown)."""
    found = browsers.browser_hash(request)
    if found is None:
        return False
    shown = None if live is None else live.stored.id
    done = finished(
        deal for deal in tables.tables.games.owned(found) if deal.game == game and deal.id != shown
    )
    return any(result.kind_for(deal.seat) in ("lost", "draw") for deal, result in done)


def guide_data(table_id: str, game: str, _: text.Gettext) -> dict[str, str]:
    """Where a guided deal's guide asks what to say, and where it leads at the end."""
    return {
        "url": f"/api/tables/{table_id}/guide",
        "done": f"/api/tables/{table_id}/guide/done",
        "lessons": f"/learn/{game}",
        "play": f"/games/{game}",
    }


def guide_messages(_: text.Gettext) -> dict[str, str]:
    """The guide's words (guide.js); the coach's sentences come with each answer."""
    return {
        "guide_label": _("Guide:"),
        "guide_thinking": _("looking at your cards…"),
        "guide_point": _("Marked: {sentence}"),
        "guide_last": _("Just now: {line}"),
        "guide_otherwise": _("You chose otherwise. {sentence}"),
        "guide_would": _("The guide's choice: {sentence}"),
        "guide_end": _(
            "You have played your first deal to its end. The lessons explain each idea "
            "you met, and the next deal is yours alone."
        ),
        "guide_lessons": _("The lessons"),
        "guide_play": _("Play a deal"),
    }


def _opening(moment: Moment, seat: int) -> dict[str, Any] | None:
    """The opening (:func:`opening_json`) of the table's deal for ``seat``: at a table
    that holds nothing on show and whose person at seat 0 is ``seat``."""
    live = moment.live
    if live is None or seat != 0 or settings_of(moment.table).hold:
        return None
    found = opening_json(live)
    return None if found is None else found | {"id": live.stored.id}


@router.post("/tables/{table_id}/join")
async def join_table(
    table_id: str, request: Request, tables: TablesDep, settings: SettingsDep
) -> Response:
    """Take a free seat with the invitation and a display name; go to the table."""
    _ = gettext_for(request)
    fields = await read_form(request)
    invite, name = fields.get("invite", ""), fields.get("name", "")
    browser = browsers.id_for(request)
    try:
        _moment, _seat, token = tables.join(table_id, invite, name, browsers.hash_browser(browser))
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
    cookies.set_seat_token(response, table_id, token, settings.secure_cookies, browser)
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
    table = tables.check_invite(table_id, invite).table
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


def _named(table: StoredTable, positions: list[str], seat: int) -> list[str]:
    """Each seat's player as ``seat`` reads the table: "You" for its own, the player's
    name (:func:`seat_names`) for the others, a free seat's place."""
    places = _rotated(positions, seat)
    names = seat_names(table)
    return [
        places[index] if index == seat or not names[index] else str(names[index])
        for index in range(len(places))
    ]


def _rotated(names: list[str], seat: int) -> list[str]:
    """``names`` (seen from seat 0) as seen from ``seat``: index ``i`` is seat ``i``."""
    count = len(names)
    return [names[(index - seat) % count] for index in range(count)]


def table_messages(_: text.Gettext) -> dict[str, str]:
    """The words of a table of people for the table's script (table.js, people.js)."""
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
        "replay": _("Replay"),
    }


def opening_json(live: LiveDeal) -> dict[str, Any] | None:
    """What seat 0 saw as the cards were dealt (``view``) and every event since, with
    what each changed (``events``), while the person has yet to decide anything: the
    table plays the AIs' first moves back from it at the person's pace instead of opening
    on the position they led to (issue 25). ``None`` once the person has decided (or the
    deal is over), and when nothing happened before their first decision (a Chuo Pai
    deal that seat 0 leads with no starting bonus: nothing to play back)."""
    stored = live.stored
    if live.over or not live.log or any(seat == 0 for seat, _ in stored.decisions):
        return None
    dealt = get_game(stored.game).deal(live.deal.deck, stored.first)
    return {
        "view": live.presenter.view_json(dealt.view(0), []),
        "events": list(live.log),
    }
