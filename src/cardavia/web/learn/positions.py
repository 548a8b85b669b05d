"""Real table positions for the lessons: an engine state replayed from a seeded deal.

A position is a deal number and a step: the deck and the first seat come from the
game's own shuffle of ``random.Random(seed)``, and every decision before ``step`` is a
seeded random choice among the engine's legal actions. Only the engine takes part, so a
stored position stays the same position as long as the rules do (a test checks that
each lesson's stored position still shows its idea). The positions were found offline
by searching seeded deals for a state where the idea applies (``scripts/learn_positions.py``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from cardavia.games.registry import get_game

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


def state_at(position: Position) -> Any:
    """The engine state of ``position`` (the person, seat 0, is to act there)."""
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
