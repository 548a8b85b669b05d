"""The JSON API's bodies, as Pydantic models (they make ``/openapi.json``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, Strict

from cardavia.web.deals import SEED_LIMIT
from cardavia.web.games import GAME_NAMES


def _known_game(name: str) -> str:
    if name not in GAME_NAMES:
        raise ValueError(f"unknown game {name!r}: the site plays {', '.join(GAME_NAMES)}")
    return name


GameName = Annotated[
    str, AfterValidator(_known_game), Field(json_schema_extra={"enum": list(GAME_NAMES)})
]
"""A game's name, one of the site's games (``cardavia.web.games``)."""


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


class NewGame(BaseModel):
    """Start a deal: which game, how strong the AIs are, optionally which deal."""

    model_config = ConfigDict(extra="forbid")

    game: GameName
    ai: Literal["easy", "basic", "strong"] = Field(
        default="basic",
        description="How strong the AIs play: `easy` (makes a learner's mistakes), `basic` "
        "(sound, simple play; the page's Normal) or `strong` (thinks about the unseen cards).",
    )
    seed: Annotated[int, Strict(), Field(ge=0, lt=SEED_LIMIT), INTEGRAL] | None = Field(
        default=None,
        description="A deal number to replay or share a deal; without it the server draws a "
        "secret one, revealed only in the record.",
    )


class NewAction(BaseModel):
    """The person's action, and the step of the position it was chosen in."""

    model_config = ConfigDict(extra="forbid")

    action: str = Field(
        min_length=1, max_length=200, description="In the game's notation: `discard wS`, `pass`."
    )
    step: Annotated[int, Strict(), Field(ge=0, lt=SEED_LIMIT), INTEGRAL] = Field(
        description="The `step` of the state the action was chosen in (stale: 409)."
    )


class HintRequest(BaseModel):
    """Ask for a hint at the person's current decision."""

    model_config = ConfigDict(extra="forbid")

    step: Annotated[int, Strict(), Field(ge=0, lt=SEED_LIMIT), INTEGRAL] = Field(
        description="The `step` of the state the person is deciding in (stale: 409)."
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


class GameState(BaseModel):
    """A deal as seat 0 (the person) sees it."""

    id: str
    game: GameName
    ai: Literal["easy", "basic", "strong"]
    status: Literal["ongoing", "finished"]
    step: int = Field(description="Send it back with the next action.")
    your_turn: bool
    legal: list[str] = Field(description="Every legal action of the person, when it is their turn.")
    view: dict[str, Any] = Field(description="Seat 0's view: own hand, everything public.")
    events: list[dict[str, Any]] = Field(
        description="What happened since the person's previous action, in order (that action "
        "included); the person's own actions say whether the engine played them because they "
        "were the only legal one (`forced`); other seats' actions never do. The last event of "
        "each action carries `after`, the parts of `view` it changed."
    )
    result: dict[str, Any] | None = Field(description="Once finished: as `cardavia replay` prints.")
    seed: int | None = Field(
        description="The deal number, once the deal is over or when the person chose it."
    )
    hints: int | None = Field(
        default=None,
        description="Decisions of this deal at which the person asked a hint (a deal "
        "against the AIs; a table of people does not count them).",
    )


class CreatedGame(GameState):
    """A new deal and the bearer token that every later call about it needs."""

    token: str = Field(description="Send as `Authorization: Bearer <token>`.")


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
