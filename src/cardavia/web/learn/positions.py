"""Real table positions: an engine state rebuilt from a seeded deal.

Two kinds of position, both rebuilt by the engine alone. A lesson's :class:`Position` is
a deal number and a step: the deck and the first seat come from the
game's own shuffle of ``random.Random(seed)``, and every decision before ``step`` is a
seeded random choice among the engine's legal actions. Only the engine takes part, so a
stored position stays the same position as long as the rules do (a test checks that
each lesson's stored position still shows its idea). The positions were found offline
by searching seeded deals for a state where the idea applies (``scripts/learn_positions.py``).

A practice position is :class:`Reached`: a deal number and the moves played in a real
deal up to the position (an arena deal of the site's AIs, or a person's finished deal),
in the canonical action notation. It stores no policy to re-run, so no change to any AI
can move it: only a change to the rules or to the game's shuffle would, and then the
rebuild stops with a :class:`PositionError` naming the position and the move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from cardavia.core.errors import CardaviaError
from cardavia.games.registry import get_game
from cardavia.records.deal import Deal

PERSON = 0
"""The seat the learner sits in, as at a table against the AIs."""
MOST_STEPS = 4000
"""More decisions than any deal of either game takes: a bound on a replay."""


@dataclass(frozen=True, slots=True)
class Position:
    """Where an exercise is set: the deal ``seed`` of ``game`` after ``step`` decisions."""

    game: str
    seed: int
    step: int


class Replay:
    """A deal replayed by the positions' policy: a seeded random legal choice per decision."""

    def __init__(self, game: str, seed: int) -> None:
        engine: Any = get_game(game)
        deck, first = engine.shuffle(random.Random(seed))
        self.state: Any = engine.deal(deck, first)
        self.rng = random.Random(seed)
        self.steps = 0

    def advance(self) -> tuple[Any, ...]:
        """Play one decision by the policy; the events it caused."""
        legal = self.state.legal_actions()
        self.state, events = self.state.apply(self.rng.choice(legal))
        self.steps += 1
        return tuple(events)


class PositionError(CardaviaError):
    """A stored position the engine cannot rebuild: a move that is not canonical
    notation, or not legal where it was stored, or an end that is not the person's
    decision. The message names the position and the move."""


@dataclass(frozen=True, slots=True)
class Reached:
    """A position of a real deal: deal ``seed`` of ``game`` (the deck and first seat of
    the game's own shuffle of ``random.Random(seed)``, as at the site and in the arena)
    after ``moves``, the decisions played in it, each in canonical action notation.

    Forced actions are not moves, as in a record (records.md §1): the engine applies
    them after each move, so the position is the first decision after the last move.
    """

    game: str
    seed: int
    moves: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.game} deal {self.seed} after {len(self.moves)} moves"


def rebuild(position: Reached) -> Any:
    """The engine state of ``position``: the deal dealt again and every move applied
    (the person, seat 0, is to act there). Raises :class:`PositionError`."""
    engine: Any = get_game(position.game)
    deck, first = engine.shuffle(random.Random(position.seed))
    deal: Any = Deal(engine, deck, first)
    for number, move in enumerate(position.moves, 1):
        where = f"{position}: move {number} {move!r}"
        if deal.over:
            raise PositionError(f"{where} comes after the end of the deal")
        try:
            action = engine.parse_action(move)
            if str(action) != move:
                # Only the canonical text is stored, so that a position has one spelling
                # (its key) and a file says exactly what the engine would write.
                raise PositionError(f"{where} is not canonical: the engine writes {str(action)!r}")
            deal.act(action)
        except PositionError:
            raise
        except CardaviaError as exc:
            raise PositionError(f"{where}: {exc}") from None
    if deal.state.to_act != PERSON:
        whose = "the deal is over" if deal.over else f"seat {deal.state.to_act} is to act"
        raise PositionError(f"{position} is not a decision of seat {PERSON}: {whose}")
    return deal.state


def state_at(position: Position | Reached) -> Any:
    """The engine state of ``position`` (the person, seat 0, is to act there)."""
    if isinstance(position, Reached):
        return rebuild(position)
    replay = Replay(position.game, position.seed)
    for _ in range(position.step):
        replay.advance()
    if replay.state.to_act != PERSON:
        raise ValueError(f"{position} is not a decision of seat {PERSON}")
    return replay.state


def play_on(state: Any, action: Any) -> tuple[Any, tuple[Any, ...]]:
    """Apply the person's ``action`` to ``state``, then let the other seats play by the
    positions' policy (seeded by the position's step, so every answer meets the same
    opponents) until the person decides again or the deal ends: the state then and every
    event on the way, in order."""
    rng = random.Random(state.step)
    state, events = state.apply(action)
    found = list(events)
    for _ in range(MOST_STEPS):
        if state.outcome is not None or state.to_act == PERSON:
            break
        state, events = state.apply(rng.choice(state.legal_actions()))
        found.extend(events)
    return state, tuple(found)
