"""The site's pages: the traditions, each game (Table and Full rules), and where an
old deal's address leads.

A deal starts from a plain HTML form (no script needed) at a table of one (every deal
is a table): the server answers with the HttpOnly cookies of the seat's token, scoped
to that table's paths (its page and its API), and sends the browser to the table. A
cookie on every path names (never unlocks) the deal this browser is playing of each
game, so that the index and the game page can lead back to it while it runs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any
from urllib.parse import parse_qs

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.exceptions import HTTPException

from cardavia.store import ONGOING
from cardavia.web import games
from cardavia.web.dependencies import DealsDep, NewGamesDep, SettingsDep, TablesDep
from cardavia.web.infra import browsers, cookies
from cardavia.web.learn import guided
from cardavia.web.presentation import apidocs, catalog
from cardavia.web.presentation.rendering import gettext_for, render_page
from cardavia.web.services.deals import AI_LEVELS, FIRST_LEVEL, SEED_LIMIT, DealService
from cardavia.web.services.tables import forms as friends
from cardavia.web.services.tables.service import TableService
from cardavia.web.words import text

router = APIRouter(include_in_schema=False)

_TABS = ("table", "rules")
LEVEL = "cardavia_level"
"""The cookie remembering the level last chosen on a start form (no script needed)."""
_ID = re.compile(r"^[A-Za-z0-9_-]{16}$")


@dataclass(frozen=True, slots=True)
class StartForm:
    """The *Start game* form, as sent; ``problem`` says what is wrong with it, if anything."""

    ai: str
    seed: int | None
    seed_text: str
    problem: str | None


async def read_start_form(request: Request) -> StartForm:
    """Parse the URL-encoded *Start game* form (small: read whole, no multipart; the
    body limit bounds it, and it is never cut short, which would change a field)."""
    _ = gettext_for(request)
    body = (await request.body()).decode("utf-8", "replace")
    fields = parse_qs(body)
    ai = fields.get("ai", ["basic"])[0]
    seed_text = fields.get("seed", [""])[0].strip()
    seed: int | None = None
    problem = None
    if ai not in AI_LEVELS:
        problem = _("Choose the opponents' strength: easy, normal or strong.")
    if seed_text:
        # ASCII digits only: "²" and "①" are digits to str.isdigit() but not to int();
        # and a number longer than any deal number is refused before int() sees it.
        digits = seed_text.lstrip("0") or "0"
        if (
            seed_text.isascii()
            and seed_text.isdigit()
            and len(digits) <= 16
            and (int(digits) < SEED_LIMIT)
        ):
            seed = int(digits)
        else:
            problem = _(
                "A deal number is a whole number from 0 to 9007199254740991, or leave it empty."
            )
    return StartForm(ai, seed, seed_text, problem)


def _game_info(name: str, _: text.Gettext) -> catalog.GameInfo:
    web = games.web_game(name)
    if web is None:
        raise HTTPException(404)
    return web.info(_)


def running_deals(
    request: Request, service: DealService, tables: TableService | None = None
) -> dict[str, str]:
    """Where this browser goes on with its running deal of each game, when that deal
    still runs: its table (``/tables/<id>``: every deal started from the form now; the
    table's current deal, which *Play this deal again* or *New deal* there replaced);
    a deal from before tables can no longer be continued."""
    found = {}
    for game in games.GAME_NAMES:
        deal_id = request.cookies.get(cookies.RUNNING.format(game=game), "")
        if not _ID.match(deal_id):
            continue
        stored = service.store.get(deal_id)
        if stored is None or stored.game != game:
            continue
        table_id = (stored.meta or {}).get("table")
        if table_id and tables is not None and stored.status != ONGOING:
            table = tables.tables.get(str(table_id))
            current = service.store.get(table.game_id) if table and table.game_id else None
            stored = current or stored
        if stored.status == ONGOING and table_id:
            found[game] = f"/tables/{table_id}"
    return found


@router.get("/", response_class=HTMLResponse)
def index(request: Request, service: DealsDep, tables: TablesDep) -> Response:
    """The museum's entrance: every card tradition."""
    traditions = catalog.traditions(gettext_for(request))
    context = {
        "traditions": traditions,
        "running": running_deals(request, service, tables),
        "guide_todo": guided_todo(request, service),
    }
    return render_page(request, "index.html", context)


def guided_todo(request: Request, service: DealService) -> set[str]:
    """The games whose guided first deal this browser has not played to its end: the
    index and the game page offer it ("New to Sì Sè Pái? Learn it in five minutes")."""
    found = browsers.browser_hash(request)
    done = set() if found is None else service.store.lessons_done(found)
    return {game for game in guided.DEALS if guided.key(game) not in done}


@router.get("/traditions/{slug}", response_class=HTMLResponse)
def tradition(slug: str, request: Request) -> Response:
    """One card tradition and its games."""
    found = catalog.tradition(slug, gettext_for(request))
    if found is None:
        raise HTTPException(404)
    return render_page(request, "tradition.html", {"tradition": found})


@router.get("/games/{game}", response_class=HTMLResponse)
def game_page(
    game: str, request: Request, service: DealsDep, tables: TablesDep, tab: str = "table"
) -> Response:
    """A game: the *Table* tab (start a deal) and the *Full rules* tab."""
    _ = gettext_for(request)
    context = _game_context(_game_info(game, _), tab, _) | {"level": remembered_level(request)}
    context["running"] = running_deals(request, service, tables).get(game)
    context["guide_todo"] = game in guided_todo(request, service)
    return render_page(request, "game.html", context)


@router.post("/games/{game}/start")
async def start(
    game: str,
    request: Request,
    form: Annotated[StartForm, Depends(read_start_form)],
    tables: TablesDep,
    settings: SettingsDep,
    new_games: NewGamesDep,
) -> Response:
    """Start a deal from the form and go to its table: a table of one person (this
    browser, seat 0) and AIs of the chosen level, dealt at once (issue 24: every deal
    is a table)."""
    _ = gettext_for(request)
    info = _game_info(game, _)
    if form.problem is not None:
        # The language switch of this answer goes to the game page, not to this POST.
        context = _game_context(info, "table", _) | {"form": form, "here": f"/games/{game}"}
        context["level"] = form.ai if form.ai in AI_LEVELS else remembered_level(request)
        return render_page(request, "game.html", context, status=422)
    response = await friends.to_a_deal_alone(
        request, tables, new_games, settings.secure_cookies, game, form.ai, form.seed
    )
    # The level chosen is the next start form's (a first visit starts on Easy).
    response.set_cookie(
        LEVEL,
        form.ai,
        max_age=365 * 86400,
        path="/",
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
    )
    return response


def remembered_level(request: Request) -> str:
    """The level this browser chose last on a start form; a first visit starts on Easy."""
    level = request.cookies.get(LEVEL, "")
    return level if level in AI_LEVELS else FIRST_LEVEL


@router.post("/games/{game}/friends")
async def play_with_friends(
    game: str,
    request: Request,
    tables: TablesDep,
    settings: SettingsDep,
    new_games: NewGamesDep,
) -> Response:
    """Make a table for friends from the form and go to its waiting room (it counts
    against the new-deal allowance, as a deal against the AIs does)."""
    _ = gettext_for(request)
    info = _game_info(game, _)
    made = await friends.create_from_form(game, request, tables, settings.secure_cookies, new_games)
    if not isinstance(made, str):
        return made
    fields = await friends.read_form(request)
    context = _game_context(info, "table", _) | {
        "friends_form": {"fields": fields, "problem": made},
        "here": f"/games/{game}",
    }
    return render_page(request, "game.html", context, status=422)


@router.get("/play/{game_id}")
def play(game_id: str, request: Request, service: DealsDep) -> Response:
    """An old deal's address (bookmarks, *Your deals* of deals played before every deal
    was a table): a finished deal's replay; a deal played at a table, that table; a
    running deal of the old kind, which can no longer be played on, a page that says so
    (410) and leads to a new deal. Unknown ids are the same 404 as anywhere."""
    stored = service.store.get(game_id) if _ID.match(game_id) else None
    if stored is None:
        raise HTTPException(404)
    if stored.status != ONGOING:
        return RedirectResponse(f"/replay/{stored.id}", status_code=303)
    table_id = (stored.meta or {}).get("table")
    if table_id:
        return RedirectResponse(f"/tables/{table_id}", status_code=303)
    _ = gettext_for(request)
    info = _game_info(stored.game, _)
    message = _(
        "This deal was started before every deal was played at a table, and can no "
        "longer be played on. Start a new deal of %(game)s from its page."
    ) % {"game": info.title}
    context = {"status": 410, "message": message, "link": f"/games/{stored.game}"}
    return render_page(request, "error.html", context, status=410)


@router.get("/docs", response_class=HTMLResponse)
def docs(request: Request) -> Response:
    """The JSON API, described from its own OpenAPI schema (no CDN, no script)."""
    api = apidocs.describe(request.app.openapi(), gettext_for(request))
    return render_page(request, "docs.html", {"api": api})


def _game_context(info: catalog.GameInfo, tab: str, _: text.Gettext) -> dict[str, Any]:
    tradition = catalog.tradition(info.tradition, _)
    return {
        "game": info,
        "tradition": tradition,
        "tab": tab if tab in _TABS else "table",
        "ai_levels": text.level_names(_),
        "level": FIRST_LEVEL,
        "form": None,
        "running": None,
        "friends": friends.friends_context(info.name, _),
        "friends_form": None,
        "guide_todo": False,
    }
