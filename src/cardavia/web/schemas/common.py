"""The JSON API's shared bodies, as Pydantic models (they make ``/openapi.json``): the
coach's, the errors', the AI run's; the tables' own are :mod:`.tables`."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, Strict

from cardavia.web.services.deals import SEED_LIMIT


def _json_integer(value: object) -> object:
    """A number with no fractional part as the int it is (``238247.0`` is ``238247``).

    The schema says ``"type": "integer"``, and to JSON Schema an integer is any number
    whose fractional part is zero, however it is written; the validation agrees with
    the schema instead of Python's types. Strings, booleans and ``2.5`` stay refused.
    """
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


INTEGRAL = BeforeValidator(_json_integer)
"""Last in an ``Annotated[int, Strict(), Field(...), INTEGRAL]``: an integer as JSON
Schema means it (placed after the bounds, so the schema shows them as JSON Schema's
``minimum``/``exclusiveMaximum``)."""


class HintRequest(BaseModel):
    """Ask for a hint at the person's current decision."""

    model_config = ConfigDict(extra="forbid")

    step: Annotated[int, Strict(), Field(ge=0, lt=SEED_LIMIT), INTEGRAL] = Field(
        description="The frame's `deal.key`: the decision the hint is for (moved on: 409)."
    )


class HintAnswer(BaseModel):
    """What the `strong` player would do at the person's decision, and why."""

    action: str = Field(description="The suggested action, one of `legal`, in the notation.")
    reason: dict[str, Any] = Field(
        description="The facts the suggestion rests on, by kind (docs/ai.md, hints): counts "
        "and cards read off the person's own view only."
    )
    text: str = Field(description="The reason as one sentence in the request's language.")
    hints: int | None = Field(
        default=None,
        description="Decisions of this deal at which the person asked a hint: a deal "
        "against the AIs counts its person's, a table each seat's own (a claim window is "
        "one decision however often it is asked); none when nothing is kept for the seat.",
    )


class Finding(BaseModel):
    """One of the person's decisions where `strong`'s suggestion is significantly better."""

    index: int = Field(description="Which of the person's decisions (0: the first).")
    step: int = Field(description="The deal's step at that decision.")
    chosen: str = Field(description="What the person played.")
    suggested: str = Field(description="What `strong` would have played.")
    chosen_win: float
    suggested_win: float
    gain: float = Field(
        description="Estimated change in win chance (0 to 1) had the suggestion been played, "
        "from playouts in worlds consistent with what the person could see then."
    )
    gain_low: float | None = Field(
        default=None,
        description="The gain's interval, lower end: above 0 for every finding (the paired "
        "test over the same worlds that lists a decision). None in reviews stored before it.",
    )
    gain_high: float | None = Field(default=None, description="The gain's interval, upper end.")
    worlds: int
    reason: dict[str, Any] = Field(description="The suggestion's facts, as a hint gives them.")
    text: str = Field(description="The reason as one sentence in the request's language.")
    scene: dict[str, Any] | None = Field(
        default=None,
        description="For the costliest three: the position then (the view without its history).",
    )


class Review(BaseModel):
    """The review of a finished deal, or how far its computation is."""

    status: Literal["running", "ready"]
    done: int | None = Field(default=None, description="Running: decisions judged so far.")
    total: int | None = Field(default=None, description="Running: the person's decisions.")
    decisions: int | None = Field(default=None, description="Ready: the person's decisions.")
    findings: list[Finding] | None = Field(default=None, description="Ready: costliest first.")


class ErrorBody(BaseModel):
    """What went wrong, in words."""

    error: str


Responses = dict[int | str, dict[str, Any]]
"""The answers a route documents beside its own (FastAPI's ``responses``)."""
EVERYWHERE: Responses = {
    400: {"model": ErrorBody, "description": "A body that cannot be read as JSON text."},
    503: {"model": ErrorBody, "description": "The game store cannot be reached; nothing changed."},
}
"""What any route of the JSON API may answer: deals against the AIs and tables alike."""
COACH_BUSY: Responses = {
    503: {
        "model": ErrorBody,
        "description": "The game store cannot be reached, or the coach is busy (every worker "
        "taken): try again in a moment; nothing changed.",
    }
}
"""A hint's other 503: the strong player's opinion is never replaced by another's."""


class Outcome(BaseModel):
    """The end of a deal in the same words for every game."""

    winners: list[int] = Field(description="The seats that won (none in a draw).")
    scores: list[int] = Field(description="Every seat's score.")
    step: int = Field(description="The engine's step at which the deal ended.")


class AIRunState(BaseModel):
    """How the `strong` AI did, or is doing, in the person's seat of a finished deal:
    the same deck, the same opponents, from the same generators as the arena's."""

    status: Literal["none", "queued", "running", "done", "failed"]
    moves: int = Field(description="The decisions the run has made so far (every seat's).")
    step: int = Field(description="The engine's step the run has reached; at the end, its last.")
    result: dict[str, Any] | None = Field(
        description="Once done: the run's result, as `cardavia replay` prints it."
    )
    outcome: Outcome | None = Field(description="Once done: who won the run, when, with what.")
    yours: Outcome = Field(description="The same of the person's own deal, side by side.")
    replay: str = Field(description="The address of the run's replay (for this browser).")
    seat: int = Field(default=0, description="The person's seat, which `strong` plays.")
    players: list[str] | None = Field(
        default=None, description="A table's deal: its players' names, by seat, as it showed them."
    )
    levels: list[str] = Field(
        default_factory=list,
        description="Who plays each seat in the run: `strong` in the person's; the deal's "
        "level in the others of a deal against the AIs; at a table, each AI seat's own level "
        "and the table's AI for absent players in every other person's.",
    )
