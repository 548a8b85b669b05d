"""The AI in your seat of one of your deals: ``/api/deals/{id}/ai-seat`` (the browser's
cookie is the key). Every deal's own calls are the tables' (:mod:`.tables`)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

from cardavia.games.registry import get_game
from cardavia.store import FINISHED, StoredGame
from cardavia.web.dependencies import AISeatDep, DealsDep
from cardavia.web.infra import browsers
from cardavia.web.infra.security import client_address
from cardavia.web.presentation.deal_stats import Result
from cardavia.web.presentation.presenters import PERSON
from cardavia.web.schemas.common import EVERYWHERE, AIRunState, ErrorBody
from cardavia.web.services.ai_seat import Run, run_levels
from cardavia.web.services.deals import GameNotFoundError

router = APIRouter(prefix="/api", tags=["deals"], responses=EVERYWHERE)

_TOO_MANY: dict[int | str, dict[str, Any]] = {
    429: {
        "model": ErrorBody,
        "description": "Too many of these runs in progress just now, from this address or "
        "on this server (`Retry-After`).",
    }
}
_CROSS_SITE: dict[int | str, dict[str, Any]] = {
    403: {"model": ErrorBody, "description": "Sent by another site's page (a browser says so)."}
}


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


_YOURS: dict[int | str, dict[str, Any]] = {
    404: {
        "model": ErrorBody,
        "description": "No finished deal of this browser with this id: a running deal, "
        "another browser's or another seat's, and an unknown id answer alike.",
    },
    422: {"model": ErrorBody, "description": "A malformed body."},
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
