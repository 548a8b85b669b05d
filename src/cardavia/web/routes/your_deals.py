"""*Your deals*: this browser's deals, its record at a glance, and what its owner may do
with a deal — continue or replay it, share its replay, play it again, delete it.

Who owns a deal is the browser that started it (:mod:`cardavia.web.infra.browsers`): the
list and every change are for that browser only, and any other deal id answers the
same 404 as one that does not exist. Every change is a POST, which the app refuses when
another site's page sends it (:func:`cardavia.web.infra.security.refuse_cross_site`).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from babel.dates import format_date, format_skeleton, format_time
from babel.lists import format_list
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from cardavia.i18n.languages import babel_locale
from cardavia.store import FINISHED, DealSummary
from cardavia.web import games
from cardavia.web.dependencies import DealsDep, NewGamesDep, SettingsDep, TablesDep
from cardavia.web.infra import browsers
from cardavia.web.learn import present as learn
from cardavia.web.practice import store as practice_store
from cardavia.web.presentation import catalog, deal_stats
from cardavia.web.presentation.deal_stats import Result
from cardavia.web.presentation.presenters import PERSON
from cardavia.web.presentation.rendering import gettext_for, language, render_page
from cardavia.web.services.deals import AI_LEVELS, GAMES, GameNotFoundError, stored_record
from cardavia.web.services.tables.forms import to_a_deal_alone
from cardavia.web.words import text

router = APIRouter(include_in_schema=False)

TABLE = "table"
"""The ``ai`` of a table of people's deals."""
DONE = ("deleted", "shared", "unshared")
"""What the list says was just done (``/deals?done=…``)."""


@dataclass(frozen=True, slots=True)
class Row:
    """One deal as the list shows it, every word in the page's language."""

    id: str
    game: str
    game_title: str
    started: str
    """When it started, in the page's language (UTC)."""
    started_iso: str
    level: str
    running: bool
    result: str
    kind: str
    """``running``, ``won``, ``shared``, ``lost`` or ``draw``."""
    score: int | None
    share_url: str | None
    continue_url: str
    """Where a running deal is played on: its table."""
    table: bool = False
    """A table of people's deal: it is every player's, so only its replay and its place
    in this list are this browser's to use (no sharing, no playing it again alone)."""


def level_names(_: text.Gettext) -> dict[str, str]:
    """The AI levels as the start form names them (Easy, Normal, Strong), and a table of
    people's deals (whose ``ai`` is ``table``)."""
    names = {level: name for level, (name, _line) in text.level_names(_).items()}
    return names | {TABLE: _("With friends")}


def seat_names(deal: DealSummary, _: text.Gettext) -> list[str]:
    """Who played each seat of ``deal``: at a table, the names every player saw (its
    ``meta``), else the places the table names (East, North, …)."""
    names = games.WEB_GAMES[deal.game].seat_names(_)
    players = (deal.meta or {}).get("players")
    if isinstance(players, list) and len(players) == len(names):
        names = [str(name)[:40] or names[seat] for seat, name in enumerate(players)]
    return names


def result_text(
    game: str,
    result: Result,
    _: text.Gettext,
    lang: str = "en",
    seat: int = PERSON,
    names: list[str] | None = None,
) -> str:
    """A finished deal's result, as the list says it to the person in ``seat`` (the
    others by ``names``: the places' names when not given)."""
    seats = names or games.WEB_GAMES[game].seat_names(_)
    kind = result.kind_for(seat)
    if kind == "won":
        return _("You won")
    if kind == "draw":
        return _("Draw: nobody won")
    others = [seats[other] for other in result.winners if other != seat]
    if kind == "shared":
        return _("You shared the win with {seats}").format(
            seats=format_list(others, locale=babel_locale(lang))
        )
    if len(others) == 1:
        return _("{seat} won").format(seat=others[0])
    return _("{seats} shared the win").format(seats=format_list(others, locale=babel_locale(lang)))


def when(moment: datetime, lang: str) -> str:
    """``moment`` as a date and time of day in ``lang`` (UTC)."""
    moment = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    locale = babel_locale(lang)
    date = format_date(moment, "medium", locale=locale)
    return f"{date} {format_time(moment, 'short', locale=locale, tzinfo=UTC)}"


def machine_time(moment: datetime) -> str:
    """``moment`` as HTML's ``datetime`` attribute wants it: UTC to the second, with its
    ``Z`` (Python's microseconds are six digits of a fraction, which HTML refuses)."""
    moment = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")


def short_date(moment: datetime, lang: str) -> str:
    """A day and month as ``lang`` writes them (Dec 2, 2 dic, 12月2日): the locale's own
    pattern for the skeleton ``MMMd``, never one pattern for every language."""
    return format_skeleton("MMMd", moment, locale=babel_locale(lang))


def _row(deal: DealSummary, lang: str, _: text.Gettext, base: str) -> Row:
    titles = catalog.games(_)
    info = titles.get(deal.game)
    level = level_names(_).get(deal.ai, deal.ai)
    started = deal.created_at
    table_id = (deal.meta or {}).get("table")
    # A table of people's deal is everyone's; one person's deal against the AIs (a
    # table of one, or an older deal) is this browser's alone.
    at_table = deal.ai == TABLE
    go_on = f"/tables/{table_id}" if table_id else f"/play/{deal.id}"
    if deal.status != FINISHED or deal.result is None:
        return Row(
            deal.id, deal.game, info.title if info else deal.game, when(started, lang),
            machine_time(started), level, True, _("In progress"), "running", None, None,
            go_on, at_table,
        )  # fmt: skip
    result = Result.from_json(deal.result)
    return Row(
        deal.id,
        deal.game,
        info.title if info else deal.game,
        when(started, lang),
        machine_time(started),
        level,
        False,
        result_text(deal.game, result, _, lang, deal.seat, seat_names(deal, _)),
        result.kind_for(deal.seat),
        result.score_of(deal.seat),
        f"{base}/shared/{deal.share_id}" if deal.share_id else None,
        go_on,
        at_table,
    )


@router.get("/deals", response_class=HTMLResponse)
async def deals_page(
    request: Request, service: DealsDep, settings: SettingsDep, done: str = ""
) -> Response:
    """This browser's deals, newest first, with its record at a glance on top."""
    _ = gettext_for(request)
    lang = language(request)
    browser = browsers.browser_hash(request)
    summaries = service.store.owned(browser) if browser is not None else []
    base = str(request.base_url).rstrip("/")
    finished = deal_stats.finished(summaries)
    context: dict[str, Any] = {
        "rows": [_row(deal, lang, _, base) for deal in summaries],
        "tallies": deal_stats.tallies(finished, GAMES, AI_LEVELS),
        "charts": deal_stats.charts(finished, GAMES),
        "games": catalog.games(_),
        "levels": level_names(_),
        "done": done if done in DONE else None,
        "keep_days": settings.keep_finished_days,
        "keep_idle_days": settings.keep_idle_days,
        "when": lambda moment: when(moment, lang),
        "short_date": lambda moment: short_date(moment, lang),
        "lessons": learn.progress(
            service.store.lessons_done(browser) if browser is not None else set(), _
        ),
        "practice": _practice(
            service.store.practice_answers(browser) if browser is not None else {}, _
        ),
    }
    return render_page(request, "deals.html", context)


def _practice(answers: dict[str, bool], _: text.Gettext) -> list[dict[str, Any]]:
    """Per game: how many practice positions this browser answered, and how many right."""
    found = []
    for game in practice_store.GAMES:
        answered, right = practice_store.tally(game, answers)
        title = games.WEB_GAMES[game].info(_).title
        found.append({"title": title, "answered": answered, "right": right})
    return found


def _back(done: str, game_id: str | None = None) -> RedirectResponse:
    anchor = f"#deal-{game_id}" if game_id else ""
    return RedirectResponse(f"/deals?done={done}{anchor}", status_code=303)


@router.post("/deals/{game_id}/delete")
async def delete_deal(game_id: str, request: Request, service: DealsDep) -> Response:
    """Remove one of this browser's deals and its record, for good; a table's deal
    only from this browser's list (it stays the other players')."""
    browser = browsers.browser_hash(request)
    stored, _seat = service.seat_of(game_id, browser)
    if stored.ai == TABLE:
        if not service.store.forget_person(stored.id, browser or ""):
            raise GameNotFoundError(game_id)
        return _back("deleted")
    if not service.store.delete_owned(stored.id, stored.browser_hash or ""):
        raise GameNotFoundError(game_id)  # removed meanwhile (another tab, retention)
    service.forget(stored.id)
    return _back("deleted")


@router.post("/deals/{game_id}/share")
async def share_deal(game_id: str, request: Request, service: DealsDep) -> Response:
    """Give a finished deal of this browser a public replay under an unguessable link
    (a new one each time it is shared again)."""
    stored = service.owned(game_id, browsers.browser_hash(request))
    if not service.store.share(stored.id, stored.browser_hash or "", secrets.token_urlsafe(18)):
        raise GameNotFoundError(game_id)  # a running deal has no replay to share
    return _back("shared", stored.id)


@router.post("/deals/{game_id}/unshare")
async def unshare_deal(game_id: str, request: Request, service: DealsDep) -> Response:
    """Take the public replay back: its link answers 404 from now on."""
    stored = service.owned(game_id, browsers.browser_hash(request))
    service.store.share(stored.id, stored.browser_hash or "", None)
    return _back("unshared", stored.id)


@router.get("/deals/{game_id}/record")
async def download_record(game_id: str, request: Request, service: DealsDep) -> Response:
    """The record of a finished deal of this browser, as a file (a running deal's would
    reveal its deck: the same 404 as a deal that does not exist)."""
    stored, _seat = service.seat_of(game_id, browsers.browser_hash(request))
    if stored.status != FINISHED:
        raise GameNotFoundError(game_id)
    name = f"cardavia-{stored.game}-{stored.id}.json"
    return JSONResponse(
        stored_record(stored).to_json(),
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.post("/play/{game_id}/again")
async def play_again(
    game_id: str,
    request: Request,
    service: DealsDep,
    tables: TablesDep,
    settings: SettingsDep,
    new_games: NewGamesDep,
) -> Response:
    """Deal a finished deal of this browser again at a new table of one: the same deal
    number (the same cards), the person in seat 0 against the same level. The browser
    that played it may ask (a table's seat cookie holds its browser id too)."""
    stored, _seat = service.seat_of(game_id, browsers.browser_hash(request))
    if stored.status != FINISHED:
        # Another deal on a running deal's cards would show the person what it hides.
        raise GameNotFoundError(game_id)
    level = stored.ai if stored.ai in AI_LEVELS else (stored.meta or {}).get("absent", "basic")
    return await to_a_deal_alone(
        request,
        tables,
        new_games,
        settings.secure_cookies,
        stored.game,
        str(level),
        stored.seed,
        chosen=True,  # shown at the deal's end already
    )
