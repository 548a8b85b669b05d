#!/usr/bin/env python
"""Search seeded deals for a lesson's position (docs/learn.md): run offline, paste the result.

    PYTHONPATH=src .venv/bin/python scripts/learn_positions.py IDEA GOAL OFFER [SEED] [MOST]

It replays deals by the positions' policy (cardavia.web.learn.positions) and prints the
first ``seed step`` whose state passes the idea's check (cardavia.web.learn.ideas) and
whose choices the engine judges both right and wrong, with at most MOST cards in hand,
from deal SEED on.
"""

from __future__ import annotations

import sys

from cardavia.web.learn.ideas import IDEAS
from cardavia.web.learn.judge import choices, judge
from cardavia.web.learn.model import Exercise, Goal, Lesson, Offer
from cardavia.web.learn.positions import PERSON, Position, Replay
from cardavia.web.words.text import english_plural, identity


def search(idea: str, goal: Goal, offer: Offer, first: int, most: int) -> tuple[int, int]:
    """The first position from deal ``first`` on that shows ``idea``."""
    check = IDEAS[idea]
    game = idea.split("_")[0]
    for seed in range(first, first + 5000):
        replay = Replay(game, seed)
        while replay.state.outcome is None:
            state = replay.state
            if state.to_act == PERSON and len(state.view(PERSON).hand) <= most and check(state):
                position = Position(game, seed, replay.steps)
                lesson = Lesson("x", "x", (), Exercise(position, "x", goal, offer), idea)
                answers = [judge(lesson, c, identity, english_plural) for c in choices(lesson)]
                if any(a.right for a in answers) and not all(a.right for a in answers):
                    return seed, replay.steps
            replay.advance()
    raise SystemExit("none found")


if __name__ == "__main__":
    idea, goal, offer = sys.argv[1], Goal(sys.argv[2]), Offer(sys.argv[3])
    first = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    most = int(sys.argv[5]) if len(sys.argv) > 5 else 99
    print(*search(idea, goal, offer, first, most))
