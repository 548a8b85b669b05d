"""Where practice positions come from: real deals, each a seed and the moves played.

* :func:`arena_deals`: seeded deals played to the end by a line-up of the site's AI
  levels, each decision drawn as the arena and the site draw it
  (:func:`~cardavia.ai.seeding.decision_rng` of the deal's seed, the seat and the step),
  so the same line-up and seed always play the same deal.
* :func:`site_deals`: the finished deals of the site's database in which a person sat
  at seat 0.

Either way a deal is only its seed and its decisions (:class:`Finished`): nothing that
names a browser, a person or a stored deal leaves the database.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from cardavia.ai.registry import get_player
from cardavia.ai.seeding import decision_rng
from cardavia.core.errors import CardaviaError
from cardavia.games.registry import get_game
from cardavia.records.deal import Deal
from cardavia.store import FINISHED, GameStore, StoredGame
from cardavia.web.learn.positions import PERSON

LINEUPS: dict[str, tuple[str, ...]] = {
    "sisepai": ("basic", "easy", "basic", "strong"),
    "chuopai": ("basic", "easy", "strong"),
}
"""The arena's default line-up per game, seat 0 first. Seat 0 stands for a person who
plays soundly without searching (``basic``); the opponents are one of each level the
site offers (``easy``, ``basic`` in Sì Sè Pái, ``strong``), so that the positions come
from the mix of tables a person meets there rather than from one level's habits."""


@dataclass(frozen=True, slots=True)
class Finished:
    """A finished deal to look for positions in: its number (the game's own shuffle of
    ``random.Random(seed)`` deals it) and its decisions in order, ``(seat, action)``;
    forced actions are not decisions (records.md §1)."""

    seed: int
    moves: tuple[tuple[int, str], ...]
    source: str
    """``arena`` or ``site``."""


def arena_deals(game: str, lineup: Sequence[str], first: int) -> Iterator[Finished]:
    """Deals ``first``, ``first + 1``… of ``game`` played to the end by ``lineup`` (an
    AI level per seat, seat 0 first), for ever."""
    engine: Any = get_game(game)
    if len(lineup) != engine.players:
        raise ValueError(
            f"{game} has {engine.players} seats: a line-up of {len(lineup)} does not fit"
        )
    players = [get_player(game, name) for name in lineup]
    for seed in itertools.count(first):
        deck, first_seat = engine.shuffle(random.Random(seed))
        deal: Any = Deal(engine, deck, first_seat)
        while not deal.over:
            state = deal.state
            seat = state.to_act
            rng = decision_rng(seed, seat, state.step)
            deal.act(players[seat].choose(state.view(seat), state.legal_actions(), rng))
        yield Finished(seed, tuple(deal.decisions), "arena")


def site_deals(store: GameStore, game: str) -> Iterator[Finished]:
    """The finished deals of ``game`` in ``store``, oldest first, whose seat 0 a person
    played (:func:`person_at_seat_0`) and whose deck is its number's shuffle."""
    engine: Any = get_game(game)
    for stored in store.every(game=game):
        if stored.status != FINISHED or not person_at_seat_0(stored):
            continue
        deck, first = engine.shuffle(random.Random(stored.seed))
        if stored.deck != tuple(str(card) for card in deck) or stored.first != first:
            # Positions are stored as a seed: a deal whose cards its number does not
            # deal (an older version's shuffle) cannot be one.
            continue
        if not _replays(engine, deck, first, stored.decisions):
            continue  # played under older rules: its moves no longer make a deal
        yield Finished(stored.seed, stored.decisions, "site")


def _replays(engine: Any, deck: Any, first: int, moves: Sequence[tuple[int, str]]) -> bool:
    """Whether the engine plays ``moves`` from the deal of ``deck`` and ``first``, each
    by the seat it names, to the deal's end."""
    deal: Any = Deal(engine, deck, first)
    try:
        for seat, move in moves:
            if seat != deal.state.to_act:
                return False
            deal.act(move)
    except CardaviaError:
        return False
    return bool(deal.over)


def person_at_seat_0(stored: StoredGame) -> bool:
    """Whether a person played seat 0 of ``stored``: always in a deal against the AIs
    (the person sits there); at a table of people when seat 0 had no AI level."""
    if stored.meta is None:
        return True
    levels = stored.meta.get("levels") or []
    return bool(levels) and levels[PERSON] is None
