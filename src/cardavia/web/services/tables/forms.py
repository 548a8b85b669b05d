"""The *Play with friends* form, which the game page shows and the table's pages read:
its choices, and the table it makes (or what is wrong with it, in words)."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from fastapi import Request
from fastapi.responses import RedirectResponse, Response

from cardavia.games.registry import get_game
from cardavia.web import games
from cardavia.web.infra import browsers, cookies
from cardavia.web.infra.security import NewGameLimiter, client_address
from cardavia.web.presentation.rendering import gettext_for
from cardavia.web.services.tables.model import LEVELS, NAME_LIMIT, BadTableInputError, TableSettings
from cardavia.web.services.tables.service import TableService
from cardavia.web.words import text

INVITE_COOKIE = "cardavia_invite"
"""The host's copy of the invitation, so that the waiting room can show it again."""
SEAT_KINDS = ("person", *LEVELS)
"""What the host may put at each other seat: a friend, or an AI of a level."""


def friends_context(game: str, _: text.Gettext) -> dict[str, Any]:
    """What the *Play with friends* form needs: the other seats (by their place seen
    from the host's), the timers' bounds."""
    names = games.WEB_GAMES[game].positions(_)
    return {
        "friend_seats": [(index, names[index]) for index in range(1, len(names))],
        "seat_kinds": SEAT_KINDS,
        "claim_range": TableSettings.CLAIM_RANGE,
        "turn_range": TableSettings.TURN_RANGE,
        "name_limit": NAME_LIMIT,
        "levels": LEVELS,
        "level_names": text.level_names(_),
    }


async def read_form(request: Request) -> dict[str, str]:
    """A small URL-encoded form, each field's first value (the body limit bounds it)."""
    body = (await request.body()).decode("utf-8", "replace")
    return {key: values[0] for key, values in parse_qs(body).items()}


def _number(text_value: str | None, default: int, bounds: tuple[int, int]) -> int | None:
    """A whole number within ``bounds`` (ASCII digits only), ``default`` when empty."""
    value = (text_value or "").strip()
    if not value:
        return default
    if not (value.isascii() and value.isdigit() and len(value) <= 4):
        return None
    number = int(value)
    return number if bounds[0] <= number <= bounds[1] else None


async def create_from_form(
    game: str, request: Request, tables: TableService, secure: bool, new_games: NewGameLimiter
) -> Response | str:
    """Make a table from the *Play with friends* form: the redirect to its waiting room,
    or what is wrong with the form, in words (nothing is made)."""
    _ = gettext_for(request)
    fields = await read_form(request)
    players = get_game(game).players
    seats = [fields.get(f"seat{index}", "person") for index in range(1, players)]
    absent = fields.get("absent", "basic")
    claim = _number(fields.get("claim_seconds"), 20, TableSettings.CLAIM_RANGE)
    turn = _number(fields.get("turn_seconds"), 60, TableSettings.TURN_RANGE)
    if any(kind not in SEAT_KINDS for kind in seats) or absent not in LEVELS:
        return _("Choose a friend or an AI for each seat, and an AI for absent players.")
    if claim is None or turn is None:
        return _(
            "A claim window lasts from %(claim_low)s to %(claim_high)s seconds, a discard, "
            "lead or beat from %(turn_low)s to %(turn_high)s seconds."
        ) % {
            "claim_low": TableSettings.CLAIM_RANGE[0],
            "claim_high": TableSettings.CLAIM_RANGE[1],
            "turn_low": TableSettings.TURN_RANGE[0],
            "turn_high": TableSettings.TURN_RANGE[1],
        }
    # A table counts against the new-deal allowance, as a deal against the AIs does.
    new_games.check(client_address(request))
    browser = browsers.id_for(request)
    try:
        moment, token, invite = tables.create(
            game,
            fields.get("name", ""),
            seats,
            TableSettings(claim, turn, absent),
            browsers.hash_browser(browser),
        )
    except BadTableInputError:
        return name_problem(_)
    table_id = moment.table.id
    response = RedirectResponse(f"/tables/{table_id}", status_code=303)
    cookies.set_seat_token(response, table_id, token, secure, browser)
    response.set_cookie(
        INVITE_COOKIE,
        invite,
        max_age=cookies.DAYS * 86400,
        path=cookies.table_paths(table_id)[0],
        httponly=True,
        samesite="lax",
        secure=secure,
    )
    return response


def name_problem(_: text.Gettext) -> str:
    """What a refused display name must be, in the page's language."""
    return _(
        "Give a name of 1 to %(limit)s characters, in any script, without < or > or "
        "invisible characters."
    ) % {"limit": NAME_LIMIT}


async def to_a_deal_alone(
    request: Request,
    tables: TableService,
    new_games: NewGameLimiter,
    secure: bool,
    game: str,
    level: str,
    seed: int | None = None,
    *,
    chosen: bool | None = None,
    guided: bool = False,
) -> Response:
    """Deal ``game`` against AIs of ``level`` at a table of one for this browser and
    send it there: what *Start game*, the guided deal and *Play this deal again* do.

    The deal counts against the client's new-deal allowance (``TooManyGamesError``
    before anything is dealt); the browser keeps its id (made now on a first visit:
    *Your deals* lists the deal), its seat's cookie and its running deal. ``seed``,
    ``chosen`` and ``guided`` are :meth:`TableService.deal_alone`'s."""
    client = client_address(request)
    new_games.check(client)
    browser = browsers.browser_id(request) or browsers.new_browser_id()
    moment, token = await tables.deal_alone(
        game,
        level,
        seed,
        browsers.hash_browser(browser),
        client,
        chosen=chosen,
        guided=guided,
    )
    return cookies.to_a_table_of_one(moment.table.id, moment.live, token, browser, secure)
