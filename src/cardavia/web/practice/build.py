"""Finding practice positions: seeded deals played on, each decision of the person's seat
weighed by the coach (:func:`cardavia.ai.verdict.weigh`).

A decision is kept only when ``strong``'s choice beats *every* alternative by the paired
test of the coach's verdict: over the same :data:`~cardavia.ai.verdict.VERDICT_WORLDS`
worlds, the gain's low end (the mean difference minus
:data:`~cardavia.ai.verdict.SIGMAS` = 2 standard errors of the paired differences) is
above 0 for each alternative. That is the test a review uses to tell a person they erred,
applied to each alternative in turn. The deals are the lessons' (:mod:`..learn.positions`):
a seed and a step that the engine replays, so a stored position is a real table state
that any install rebuilds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from cardavia.ai.verdict import weigh
from cardavia.web.learn.positions import PERSON, Replay

MOST_CHOICES = 8
"""Decisions with more legal actions are not asked (a Chuo Pai lead may offer 30 plays,
most of them equal: a poor question, and the slowest to weigh)."""
LOOKS_PER_DEAL = 3
"""At most this many decisions of one deal are weighed, picked by the deal's seed, so
that the positions spread over many deals."""
EASY_GAP = 0.25
MEDIUM_GAP = 0.10
"""Grades by the best's chance minus the next best's: at least :data:`EASY_GAP` is
*easy*, at least :data:`MEDIUM_GAP` *medium*, less *hard* (the closer the runner-up,
the harder the position is to see)."""


@dataclass(frozen=True, slots=True)
class Found:
    """One kept position, as the shipped file stores it."""

    seed: int
    step: int
    kind: str
    best: str
    grade: str
    chances: dict[str, float]
    worlds: int

    def to_json(self) -> dict[str, Any]:
        """The position's line of ``positions/<game>.json``."""
        return {
            "seed": self.seed,
            "step": self.step,
            "kind": self.kind,
            "best": self.best,
            "grade": self.grade,
            "chances": self.chances,
            "worlds": self.worlds,
        }


def kind_of(game: str, state: Any) -> str:
    """The question a decision asks, from the engine's legal actions: ``claim`` (take or
    pass the public card), ``group`` (which group to take it into, when passing is not
    allowed), ``discard``, ``lead`` (a new round) or ``beat``."""
    verbs = {str(action).split()[0] for action in state.legal_actions()}
    if game == "sisepai":
        if verbs == {"discard"}:
            return "discard"
        return "claim" if "pass" in verbs else "group"
    return "lead" if state.view(PERSON).top is None else "beat"


def grade_of(gap: float) -> str:
    """The difficulty of a position whose best beats the next best by ``gap``."""
    if gap >= EASY_GAP:
        return "easy"
    return "medium" if gap >= MEDIUM_GAP else "hard"


def candidates(game: str, seed: int, kind: str | None = None) -> Iterator[tuple[int, Any]]:
    """The decisions of deal ``seed`` worth weighing: the person's, with 2 to
    :data:`MOST_CHOICES` legal actions (of ``kind`` only, when given), at most
    :data:`LOOKS_PER_DEAL` of them."""
    replay = Replay(game, seed)
    found = []
    while replay.state.outcome is None:
        legal = replay.state.legal_actions()
        if (
            replay.state.to_act == PERSON
            and 2 <= len(legal) <= MOST_CHOICES
            and (kind is None or kind_of(game, replay.state) == kind)
        ):
            found.append((replay.steps, replay.state))
        replay.advance()
    picked = random.Random(seed).sample(found, min(LOOKS_PER_DEAL, len(found)))
    yield from sorted(picked, key=lambda pair: pair[0])


def build(
    game: str,
    count: int,
    seed: int,
    *,
    worlds: int | None = None,
    kind: str | None = None,
    progress: Callable[[int, list[Found]], None] | None = None,
) -> list[Found]:
    """``count`` positions of ``game`` from the deals ``seed``, ``seed + 1``…, each clearly
    decided (see the module's test), only questions of ``kind`` when given (a kind the
    others crowd out: Sì Sè Pái's discards are rarely clear, and a deal's three looks
    mostly fall on claims); ``progress(weighed, kept)`` after each decision (``kept`` so
    far, so that a long build can be saved as it goes)."""
    kept: list[Found] = []
    weighed = 0
    deal = seed
    while len(kept) < count:
        for step, state in candidates(game, deal, kind):
            legal = state.legal_actions()
            found = weigh(game, state.view(PERSON), legal, worlds=worlds)
            weighed += 1
            if found.clear:
                kept.append(
                    Found(
                        deal,
                        step,
                        kind_of(game, state),
                        str(found.action),
                        grade_of(found.gap),
                        {str(chance.action): round(chance.win, 3) for chance in found.chances},
                        found.worlds,
                    )
                )
            if progress is not None:
                progress(weighed, kept)
            if len(kept) >= count:
                break
        deal += 1
    return kept
