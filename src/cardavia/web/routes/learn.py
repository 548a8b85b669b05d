"""*Learn to play* (issue 25): ``/learn``, each game's path, and each lesson.

A lesson's exercise is answered by a plain form (a button per choice, as at the table),
so it works without a script and with a keyboard. The engine judges the answer
(:mod:`cardavia.web.learn.judge`); a right answer is kept as this browser's progress
(the same browser id as *Your deals*, :mod:`cardavia.web.infra.browsers`), which the learn
pages and *Your deals* show.
"""

from __future__ import annotations

from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response
from starlette.exceptions import HTTPException

from cardavia.web import games
from cardavia.web.dependencies import DealsDep, NewGamesDep, SettingsDep, TablesDep
from cardavia.web.infra import browsers
from cardavia.web.learn import catalog, guided, present
from cardavia.web.learn.judge import Answer, judge
from cardavia.web.learn.model import Lesson
from cardavia.web.presentation.rendering import gettext_for, render_page
from cardavia.web.services.answers import answer_page
from cardavia.web.services.tables.forms import to_a_deal_alone

router = APIRouter(include_in_schema=False)


def _done(request: Request, deals: DealsDep) -> set[str]:
    found = browsers.browser_hash(request)
    return set() if found is None else deals.store.lessons_done(found)


@router.get("/learn", response_class=HTMLResponse)
def learn(request: Request, deals: DealsDep) -> Response:
    """Every game's path of lessons, and which this browser has finished."""
    _ = gettext_for(request)
    done = _done(request, deals)
    paths = [
        {
            "game": games.WEB_GAMES[game].info(_),
            "lessons": present.path(game, done, _),
            "guided": guided.key(game) in done,
        }
        for game in catalog.PATHS
    ]
    return render_page(request, "learn.html", {"paths": paths})


@router.get("/learn/{game}", response_class=HTMLResponse)
def learn_game(game: str, request: Request, deals: DealsDep) -> Response:
    """One game's path."""
    _ = gettext_for(request)
    if game not in catalog.PATHS:
        raise HTTPException(404)
    done = _done(request, deals)
    context = {
        "game": games.WEB_GAMES[game].info(_),
        "lessons": present.path(game, done, _),
        "guided": guided.key(game) in done,
    }
    return render_page(request, "learn_game.html", context)


@router.get("/learn/{game}/guided", response_class=HTMLResponse)
def guided_page(game: str, request: Request, deals: DealsDep) -> Response:
    """The guided first deal of ``game``: what it is, and the button that deals it."""
    _ = gettext_for(request)
    if game not in guided.DEALS:
        raise HTTPException(404)
    met = (catalog.lesson(game, idea) for idea in guided.DEALS[game].ideas)
    context = {
        "game": games.WEB_GAMES[game].info(_),
        "done": guided.key(game) in _done(request, deals),
        # The ideas the deal meets when the guide is followed, as the lessons name them.
        "ideas": [{"slug": found.slug, "title": _(found.title)} for found in met if found],
    }
    return render_page(request, "learn_guided.html", context)


@router.post("/learn/{game}/guided")
async def start_guided(
    game: str,
    request: Request,
    tables: TablesDep,
    settings: SettingsDep,
    new_games: NewGamesDep,
) -> Response:
    """Deal ``game``'s guided deal at a table of one against easy AIs, with the guide
    (a table setting), and go to it. It counts against the new-deal allowance, as any
    deal does."""
    found = guided.DEALS.get(game)
    if found is None:
        raise HTTPException(404)
    return await to_a_deal_alone(
        request,
        tables,
        new_games,
        settings.secure_cookies,
        game,
        guided.LEVEL,
        found.seed,
        chosen=False,
        guided=True,
    )


@router.get("/learn/{game}/{slug}", response_class=HTMLResponse)
def lesson_page(game: str, slug: str, request: Request, deals: DealsDep) -> Response:
    """One lesson: its steps, and its exercise at the table."""
    found = _lesson(game, slug)
    return render_page(request, "lesson.html", _lesson_context(request, deals, game, found))


@router.post("/learn/{game}/{slug}")
async def answer(
    game: str,
    slug: str,
    request: Request,
    deals: DealsDep,
    settings: SettingsDep,
    chosen: Annotated[str, Form(alias="action")] = "",
) -> Response:
    """Judge the choice the form sends; a right one is this browser's progress."""
    found = _lesson(game, slug)

    def keep(browser: str, judged: Answer) -> None:
        if judged.right:
            deals.store.lesson_done(browser, catalog.key(game, found))

    def page(judged: Answer) -> tuple[str, dict[str, Any]]:
        context = _lesson_context(request, deals, game, found)
        context["answer"] = present.answer_lines(judged, gettext_for(request))
        context["here"] = f"/learn/{game}/{slug}"
        return "lesson.html", context

    return await answer_page(request, settings, partial(judge, found, chosen), keep, page)


def _lesson(game: str, slug: str) -> Lesson:
    found = catalog.lesson(game, slug)
    if found is None:
        raise HTTPException(404)
    return found


def _lesson_context(request: Request, deals: DealsDep, game: str, lesson: Lesson) -> dict[str, Any]:
    _ = gettext_for(request)
    lessons = catalog.PATHS[game]
    index = lessons.index(lesson)
    following = lessons[index + 1] if index + 1 < len(lessons) else None
    web = games.WEB_GAMES[game]
    return {
        "game": web.info(_),
        "deck": web.deck,
        "lesson": lesson,
        "number": index + 1,
        "count": len(lessons),
        "table": present.table(lesson, _),
        "next": None if following is None else following.slug,
        "lessons": present.path(game, _done(request, deals), _),
        "answer": None,
    }
