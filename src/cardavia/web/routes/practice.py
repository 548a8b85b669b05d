"""*Practice* (issue 25): ``/practice``, each game's positions by difficulty, a position
of the day, and each position answered by a plain form as a lesson's exercise is.

The positions are the shipped ones (:mod:`cardavia.web.practice.store`), found by
``cardavia practice build``; the engine checks each answer and the coach's facts explain
it (:mod:`cardavia.web.practice.judge`).
"""

from __future__ import annotations

import datetime as dt
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response
from starlette.exceptions import HTTPException

from cardavia.web import games
from cardavia.web.dependencies import DealsDep, SettingsDep
from cardavia.web.infra import browsers
from cardavia.web.learn import present
from cardavia.web.practice import store
from cardavia.web.practice.judge import Checked, check
from cardavia.web.presentation.rendering import gettext_for, render_page
from cardavia.web.services.answers import answer_page

router = APIRouter(include_in_schema=False)


def _today() -> dt.date:
    """The day of the position of the day (UTC: the same for everyone)."""
    return dt.datetime.now(dt.UTC).date()


def _answers(request: Request, deals: DealsDep) -> dict[str, bool]:
    found = browsers.browser_hash(request)
    return {} if found is None else deals.store.practice_answers(found)


def _summary(game: str, request: Request, answers: dict[str, bool]) -> dict[str, Any]:
    _ = gettext_for(request)
    answered, right = store.tally(game, answers)
    found = store.positions(game)
    by_grade = [
        {"grade": grade, "name": _(store.GRADE_NAMES[grade]), "positions": chosen}
        for grade in store.GRADES
        if (chosen := [practice for practice in found if practice.grade == grade])
    ]
    return {
        "game": games.WEB_GAMES[game].info(_),
        "today": store.of_the_day(game, _today()),
        "count": len(found),
        "grades": by_grade,
        "answered": answered,
        "right": right,
        "answers": answers,
    }


@router.get("/practice", response_class=HTMLResponse)
def practice(request: Request, deals: DealsDep) -> Response:
    """Both games' position of the day, how many positions each has, and how many this
    browser answered right."""
    answers = _answers(request, deals)
    summaries = [_summary(game, request, answers) for game in store.GAMES]
    return render_page(
        request, "practice.html", {"summaries": summaries, "questions": store.QUESTIONS}
    )


@router.get("/practice/{game}", response_class=HTMLResponse)
def practice_game(game: str, request: Request, deals: DealsDep) -> Response:
    """One game's positions, by difficulty, each marked if this browser answered it."""
    if game not in store.GAMES:
        raise HTTPException(404)
    answers = _answers(request, deals)
    context = _summary(game, request, answers) | {"questions": store.QUESTIONS}
    return render_page(request, "practice_game.html", context)


@router.get("/practice/{game}/{number}", response_class=HTMLResponse)
def position_page(game: str, number: int, request: Request) -> Response:
    """One position at the table, and its question."""
    found = _practice(game, number)
    context = _position_context(request, found)
    return render_page(request, "practice_position.html", context)


@router.post("/practice/{game}/{number}")
async def answer(
    game: str,
    number: int,
    request: Request,
    deals: DealsDep,
    settings: SettingsDep,
    chosen: Annotated[str, Form(alias="action")] = "",
) -> Response:
    """Check the choice the form sends, and show why and every action's chance; this
    browser's first answer to the position is kept."""
    found = _practice(game, number)

    def keep(browser: str, checked: Checked) -> None:
        deals.store.practice_answered(browser, found.key, checked.right)

    def page(checked: Checked) -> tuple[str, dict[str, Any]]:
        return "practice_position.html", _position_context(request, found) | {"answer": checked}

    return await answer_page(request, settings, partial(check, found, chosen), keep, page)


def _practice(game: str, number: int) -> store.Practice:
    found = store.get(game, number) if game in store.GAMES else None
    if found is None:
        raise HTTPException(404)
    return found


def _position_context(request: Request, found: store.Practice) -> dict[str, Any]:
    """The position page's data: the table as the lessons draw it."""
    _ = gettext_for(request)
    web = games.WEB_GAMES[found.game]
    count = len(store.positions(found.game))
    return {
        "game": web.info(_),
        "deck": web.deck,
        "practice": found,
        "question": _(store.QUESTIONS[found.kind]),
        "grade": _(store.GRADE_NAMES[found.grade]),
        "count": count,
        "next": found.number + 1 if found.number < count else None,
        "table": present.table(found.lesson(), _),
        "answer": None,
    }
