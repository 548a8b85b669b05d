"""The JSON API: start a deal, read it, act in it, download its record."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse
from fastapi.security import APIKeyCookie, HTTPAuthorizationCredentials, HTTPBearer

from cardavia.games.registry import get_game
from cardavia.store import FINISHED, StoredGame
from cardavia.web import browsers, cookies
from cardavia.web.ai_seat import Run, run_levels
from cardavia.web.deal_stats import Result
from cardavia.web.deals import ConflictError, GameNotFoundError, LiveDeal
from cardavia.web.dependencies import AISeatDep, DealsDep, NewGamesDep, ReviewsDep
from cardavia.web.game_state import state_json
from cardavia.web.games import WEB_GAMES
from cardavia.web.presenters import PERSON
from cardavia.web.rendering import gettext_for, ngettext_for
from cardavia.web.reviews import worded
from cardavia.web.schemas import (
    COACH_BUSY,
    EVERYWHERE,
    AIRunState,
    CreatedGame,
    ErrorBody,
    GameState,
    HintAnswer,
    HintRequest,
    NewAction,
    NewGame,
    Review,
)
from cardavia.web.security import client_address

router = APIRouter(prefix="/api", tags=["games"], responses=EVERYWHERE)

_bearer = HTTPBearer(auto_error=False, description="The token `POST /api/games` returned.")
_cookie = APIKeyCookie(
    name=cookies.DEAL_TOKEN, auto_error=False, description="Set by the site when a deal starts."
)

_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorBody, "description": "No game with this id and token."},
    422: {"model": ErrorBody, "description": "A malformed body, or an illegal action."},
}
_CONFLICT: dict[int | str, dict[str, Any]] = {
    409: {"model": ErrorBody, "description": "A stale step, or the deal is not in that state."}
}
_TOO_LARGE: dict[int | str, dict[str, Any]] = {
    413: {"model": ErrorBody, "description": "The body is larger than the server accepts."}
}
_TOO_MANY: dict[int | str, dict[str, Any]] = {
    429: {
        "model": ErrorBody,
        "description": "Too many new deals from this address just now, or too many of its "
        "actions with strong AIs still in progress (`Retry-After`).",
    }
}
_CROSS_SITE: dict[int | str, dict[str, Any]] = {
    403: {"model": ErrorBody, "description": "Sent by another site's page (a browser says so)."}
}


# Every handler and dependency here is ``async`` although the work is plain blocking
# code (the engine, the AIs, a short database transaction): it runs on the event loop,
# one request after another. Python runs one thread at a time anyway, and the trips
# to a thread pool and back (one per plain function, several per request) cost about a
# fifth of a request's CPU and let threads fight over the GIL while one of them holds a
# transaction open. A process serves requests in turn; more processes serve more at
# once (docs/operations.md).
async def get_token(
    bearer: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    cookie: Annotated[str | None, Depends(_cookie)],
) -> str | None:
    """The bearer token, else the page's cookie."""
    return bearer.credentials if bearer is not None else cookie


Token = Annotated[str | None, Depends(get_token)]


async def get_live(game_id: str, service: DealsDep, token: Token) -> LiveDeal:
    """The deal ``game_id``, if the token is its own (else the same 404 as unknown)."""
    return service.open(game_id, token)


Live = Annotated[LiveDeal, Depends(get_live)]


@router.post(
    "/games",
    status_code=201,
    response_model=CreatedGame,
    responses={422: _ERRORS[422]} | _TOO_LARGE | _TOO_MANY | _CROSS_SITE,
    summary="Start a deal",
)
async def create_game(
    body: NewGame, request: Request, service: DealsDep, new_games: NewGamesDep
) -> dict[str, Any]:
    """Deal a new game with the person at seat 0; the AIs play up to the person's turn."""
    new_games.check(client_address(request))
    live, token = await service.create(
        body.game,
        body.ai,
        body.seed,
        client_address(request),
        # A page's own script may start a deal too: it then joins this browser's deals.
        browser=browsers.browser_hash(request),
    )
    return state_json(live) | {"token": token}


@router.get("/games/{game_id}", response_model=GameState, responses=_ERRORS, summary="Read")
async def read_game(live: Live) -> dict[str, Any]:
    """The deal as the person sees it, with the events since the person's previous action."""
    return state_json(live)


@router.post(
    "/games/{game_id}/actions",
    response_model=GameState,
    responses=_ERRORS | _CONFLICT | _TOO_LARGE | _TOO_MANY | _CROSS_SITE,
    summary="Act",
)
async def act(body: NewAction, request: Request, live: Live, service: DealsDep) -> dict[str, Any]:
    """Play the person's action; the AIs then move until the person must act again or the
    deal is over. Committed before the answer."""
    moved = await service.act(live, body.action, body.step, client_address(request))
    return state_json(moved)


@router.post(
    "/games/{game_id}/hint",
    response_model=HintAnswer,
    responses=_ERRORS | _CONFLICT | _TOO_LARGE | _TOO_MANY | _CROSS_SITE | COACH_BUSY,
    summary="Ask for a hint",
)
async def hint(
    body: HintRequest, request: Request, live: Live, service: DealsDep
) -> dict[str, Any]:
    """What the `strong` player would do at the person's own decision, and why, from what
    the person's seat sees alone. Each decision hinted is counted once in `hints`."""
    counted, action, reason = await service.hint(live, body.step, client_address(request))
    facts = reason.to_json()
    sentence = WEB_GAMES[live.stored.game].hint_sentence(
        str(action), facts, gettext_for(request), ngettext_for(request)
    )
    return {
        "action": str(action),
        "reason": facts,
        "text": sentence,
        "hints": len(counted.stored.hints),
    }


@router.get(
    "/games/{game_id}/review",
    response_model=Review,
    response_model_exclude_none=True,
    responses=_ERRORS | _CONFLICT,
    summary="Review the deal",
)
async def review(live: Live, request: Request, reviews: ReviewsDep) -> dict[str, Any]:
    """Once the deal is over: the person's decisions where `strong`'s suggestion wins
    significantly more often than the choice made, costliest first. The first read starts
    the computation (in the background); until it is done the answer says how far it is:
    read again."""
    found = reviews.read(live, client_address(request))
    return worded(found, live.stored.game, gettext_for(request), ngettext_for(request))


@router.get(
    "/games/{game_id}/record",
    responses={
        200: {"description": "The record (records.md), as a file to download."},
        **_ERRORS,
        **_CONFLICT,
    },
    summary="Download the record",
)
async def record(live: Live, service: DealsDep) -> JSONResponse:
    """The deal's record, once it is over (it reveals the deck and the seed)."""
    data = service.record(live).to_json()
    name = f"cardavia-{live.stored.game}-{live.stored.id}.json"
    return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="{name}"'})


def _outcome(result: dict[str, Any], step: int, players: int) -> dict[str, Any]:
    read = Result.from_json(result)
    return {
        "winners": list(read.winners),
        "scores": [read.score_of(seat) for seat in range(players)],
        "step": step,
    }


def run_state(stored: StoredGame, run: Run, seat: int = PERSON) -> dict[str, Any]:
    """The AI's run in ``seat`` of the finished deal ``stored``, beside the deal itself."""
    players = get_game(stored.game).players
    done = run.status == "done" and run.result is not None
    return {
        "status": run.status,
        "moves": len(run.decisions),
        "step": run.step,
        "result": run.result if done else None,
        "outcome": _outcome(run.result, run.step, players) if done and run.result else None,
        "yours": _outcome(stored.result or {}, stored.step, players),
        "replay": f"/replay/{stored.id}/ai",
        "seat": seat,
        "levels": run_levels(stored, seat),
        "players": None if stored.meta is None else stored.meta.get("players"),
    }


def _finished(live: LiveDeal) -> None:
    # The run depends on the deck: a running deal must not even say whether it has one.
    if not live.over:
        raise ConflictError("the AI's run in your seat is available once the deal is over")


@router.post(
    "/games/{game_id}/ai-seat",
    status_code=202,
    response_model=AIRunState,
    responses=_ERRORS | _CONFLICT | _TOO_MANY | _CROSS_SITE,
    summary="Start the AI in your seat",
)
async def start_ai_seat(request: Request, live: Live, runner: AISeatDep) -> dict[str, Any]:
    """Once the deal is over: have `strong` play the person's seat on the same deck
    against the same opponents (off the request path), or say how far it has come."""
    _finished(live)
    return run_state(live.stored, runner.start(live.stored, client_address(request)))


@router.get(
    "/games/{game_id}/ai-seat",
    response_model=AIRunState,
    responses=_ERRORS | _CONFLICT,
    summary="The AI in your seat",
)
async def read_ai_seat(live: Live, runner: AISeatDep) -> dict[str, Any]:
    """How far the AI's run in the person's seat has come (`none`: never started)."""
    _finished(live)
    return run_state(live.stored, runner.status(live.stored) or Run("none"))


_YOURS: dict[int | str, dict[str, Any]] = {
    404: {
        "model": ErrorBody,
        "description": "No finished deal of this browser with this id: a running deal, "
        "another browser's or another seat's, and an unknown id answer alike.",
    },
    422: _ERRORS[422],
}


async def get_own_seat(game_id: str, request: Request, service: DealsDep) -> tuple[StoredGame, int]:
    """A finished deal of this browser (its cookie) and its person's seat in it: one it
    played against the AIs, or a table's deal it was dealt into. Else the same 404 as a
    deal that does not exist, a running deal included (its run would tell of its deck)."""
    stored, seat = service.seat_of(game_id, browsers.browser_hash(request))
    if stored.status != FINISHED:
        raise GameNotFoundError(game_id)
    return stored, seat


OwnSeat = Annotated[tuple[StoredGame, int], Depends(get_own_seat)]


@router.post(
    "/deals/{game_id}/ai-seat",
    status_code=202,
    response_model=AIRunState,
    responses=_YOURS | _TOO_MANY | _CROSS_SITE,
    summary="Start the AI in your seat of one of your deals",
)
async def start_own_ai_seat(request: Request, own: OwnSeat, runner: AISeatDep) -> dict[str, Any]:
    """A finished deal of this browser: have `strong` play this browser's seat on the
    same deck (at a table's deal, each person's own seat; the table's AI seats play as
    they did, the other people's seats the table's AI for absent players), or say how
    far it has come. One run per deal and seat, kept."""
    stored, seat = own
    return run_state(stored, runner.start(stored, client_address(request), seat), seat)


@router.get(
    "/deals/{game_id}/ai-seat",
    response_model=AIRunState,
    responses=_YOURS,
    summary="The AI in your seat of one of your deals",
)
async def read_own_ai_seat(own: OwnSeat, runner: AISeatDep) -> dict[str, Any]:
    """How far the AI's run in this browser's seat of the deal has come (`none`: never
    started)."""
    stored, seat = own
    return run_state(stored, runner.status(stored, seat) or Run("none"), seat)
