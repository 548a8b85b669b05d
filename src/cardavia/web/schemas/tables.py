"""The bodies of the tables' JSON API and of their WebSocket messages (Pydantic)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict, TypeAdapter

from cardavia.games.registry import get_game
from cardavia.web.schemas.common import INTEGRAL
from cardavia.web.services.deals import SEED_LIMIT
from cardavia.web.services.tables.model import NAME_LIMIT, TableSettings

_CLAIM = TableSettings.CLAIM_RANGE
_TURN = TableSettings.TURN_RANGE


class _NewTable(BaseModel):
    """A table: the game, who sits where, the timers, the absent players' AI; or, with
    ``start``, a deal against AIs dealt at once (a bot's one call).

    The host (the caller) sits at seat 0; ``seats`` says who sits at each other seat."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(
        min_length=1,
        max_length=NAME_LIMIT,
        description=f"The host's display name (≤ {NAME_LIMIT}).",
    )
    absent: Literal["easy", "basic", "strong"] = Field(
        default="basic", description="Who decides for a person whose time ran out or is away."
    )
    claim_seconds: Annotated[int, Strict(), Field(ge=_CLAIM[0], le=_CLAIM[1]), INTEGRAL] = 20
    turn_seconds: Annotated[int, Strict(), Field(ge=_TURN[0], le=_TURN[1]), INTEGRAL] = 60
    start: Annotated[bool, Strict()] = Field(
        default=False,
        description="Deal at once, when every other seat is an AI: a deal against the AIs in "
        "one call. Such a table has no clock (no `claim_seconds` or `turn_seconds`) and waits "
        "for its person for ever; nobody else can sit there.",
    )
    seed: Annotated[int, Strict(), Field(ge=0, lt=SEED_LIMIT), INTEGRAL] | None = Field(
        default=None,
        description="With `start`: a deal number to replay or share a deal; without it the "
        "server draws a secret one, revealed only in the record.",
    )


_SEAT = Literal["person", "easy", "basic", "strong"]
_OTHERS = {game: get_game(game).players - 1 for game in ("sisepai", "chuopai")}
"""How many seats besides the host's each game has: ``seats`` names exactly these."""
_SEATS_SAY = "Seat 1 onward: a person (invited), or an AI of that level."


class NewSisepaiTable(_NewTable):
    __doc__ = _NewTable.__doc__

    game: Literal["sisepai"]
    seats: list[_SEAT] = Field(
        min_length=_OTHERS["sisepai"], max_length=_OTHERS["sisepai"], description=_SEATS_SAY
    )


class NewChuopaiTable(_NewTable):
    __doc__ = _NewTable.__doc__

    game: Literal["chuopai"]
    seats: list[_SEAT] = Field(
        min_length=_OTHERS["chuopai"], max_length=_OTHERS["chuopai"], description=_SEATS_SAY
    )


NewTable = Annotated[NewSisepaiTable | NewChuopaiTable, Field(discriminator="game")]
"""A new table's body: the game says how many ``seats`` it names (the schema's
``oneOf``, chosen by ``game``, holds the exact count of each)."""


class JoinTable(BaseModel):
    """Take a free seat with the invitation."""

    model_config = ConfigDict(extra="forbid")

    invite: str = Field(min_length=1, max_length=64, description="The invitation's token.")
    name: str = Field(
        min_length=1,
        max_length=NAME_LIMIT,
        description=f"A display name (≤ {NAME_LIMIT}).",
    )


class Act(BaseModel):
    """Play an action at decision ``key`` (an early sealed answer is held)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["act"]
    action: str = Field(min_length=1, max_length=200, description="In the game's notation.")
    key: Annotated[int, Strict(), Field(ge=0, lt=100_000), INTEGRAL] = Field(
        description="The frame's `deal.key` the action was chosen at (moved on: 409)."
    )


class Start(BaseModel):
    """The host deals (free seats go to the absent players' AI)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["start"]


class Again(BaseModel):
    """The host starts the next deal: the same cards (``same``) or a new shuffle."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["again"]
    same: bool = True


class Remove(BaseModel):
    """The host gives a person's seat to the absent players' AI."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["remove"]
    seat: Annotated[int, Strict(), Field(ge=0, le=3), INTEGRAL]


class Ping(BaseModel):
    """Keeps a WebSocket alive (answered with ``pong``)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["ping"]


Command = Annotated[Act | Start | Again | Remove | Ping, Field(discriminator="type")]
COMMANDS: TypeAdapter[Act | Start | Again | Remove | Ping] = TypeAdapter(Command)


class TableFrame(BaseModel):
    """What one seat is shown of the table: its view, its log since ``since``, its
    choices, and the table's public facts (docs/web.md, *Tables of people*)."""

    type: Literal["table"]
    table: dict[str, Any]
    deal: dict[str, Any] | None = Field(description="Once dealt: the seat's view and log.")
    mark: str = Field(description="Send back as `mark` to wait for the next change.")


class JoinedTable(TableFrame):
    """A seat taken, and its token (also set as a cookie for the table's pages)."""

    token: str = Field(description="Send as `Authorization: Bearer <token>`.")
    invite: str | None = Field(default=None, description="The invitation (the host only).")
