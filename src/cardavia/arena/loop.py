"""The one game loop of simulations: a deal played to its end by AI players.

It drives :class:`cardavia.records.deal.Deal` (which applies forced actions and keeps
the record), gives each seat only its view and the legal actions, and seeds every
decision with :func:`cardavia.ai.seeding.decision_rng`. A seat is one of our AI players
or an external program (:mod:`cardavia.arena.seats`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any, NamedTuple

from cardavia.ai.seeding import decision_rng
from cardavia.arena.seats import Seat, SeeingSeat
from cardavia.records.deal import Deal


class Played(NamedTuple):
    """What the arena keeps of one seating."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    is_draw: bool
    record: str | None
    """The deal's record as JSON text, when asked for."""
    decision_s: tuple[tuple[int, float], ...]
    """``(seat, seconds)`` of every decision (for timing only: never in results)."""
    faults: tuple[tuple[int, int | None, str, str], ...] = ()
    """``(seat, step, kind, message)`` of each external program's failure."""


def play_deal(
    game: Any,
    players: Sequence[Seat],
    deck: tuple[Any, ...],
    first: int,
    seed: int,
    meta: dict[str, Any] | None = None,
    keep_record: bool = False,
) -> Played:
    """Play one deal to its end; ``players[s]`` decides for seat ``s``."""
    deal = Deal(game, deck, first, meta)
    for seat, player in enumerate(players):
        player.begin(game.name, seat, len(players))
    times: list[tuple[int, float]] = []
    while not deal.over:
        state = deal.state
        seat = state.to_act
        legal = state.legal_actions()
        rng = decision_rng(seed, seat, state.step)
        player = players[seat]
        start = time.perf_counter()
        if isinstance(player, SeeingSeat):  # an arena diagnostic, given the hidden hands
            action = player.choose_seeing(state.view(seat), state, legal, rng)
        else:
            action = player.choose(state.view(seat), legal, rng)
        times.append((seat, time.perf_counter() - start))
        deal.act(action)
    for seat, player in enumerate(players):
        player.end(deal.state.view(seat))
    outcome = deal.state.outcome
    return Played(
        tuple(outcome.winners),
        tuple(outcome.scores),
        bool(outcome.is_draw),
        deal.record().dumps() if keep_record else None,
        tuple(times),
        tuple((seat, *fault) for seat, player in enumerate(players) for fault in player.faults()),
    )
