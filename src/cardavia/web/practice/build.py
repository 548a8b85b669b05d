"""Finding practice positions: the person's decisions in real deals, each weighed by the
coach (:func:`cardavia.ai.verdict.weigh`).

The deals are real ones (:mod:`.sources`): seeded deals the site's AI levels play in the
arena's way, or the finished deals of the site's database. Only seat 0's decisions are
weighed, the seat the practice page draws as the person. A position is stored as its
deal's seed and the moves played before it (:class:`~cardavia.web.learn.positions.Reached`),
so that any install rebuilds it with the engine alone.

A decision is kept only when ``strong``'s choice beats *every* alternative by the paired
test of the coach's verdict: over the same :data:`~cardavia.ai.verdict.VERDICT_WORLDS`
worlds, the gain's low end (the mean difference minus
:data:`~cardavia.ai.verdict.SIGMAS` = 2 standard errors of the paired differences) is
above 0 for each alternative. That is the test a review uses to tell a person they erred,
applied to each alternative in turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from cardavia.ai.verdict import weigh
from cardavia.games.registry import get_game
from cardavia.records.deal import Deal
from cardavia.web.learn.positions import PERSON, Reached
from cardavia.web.practice.sources import Finished

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

    position: Reached
    source: str
    """Where its deal came from: ``arena`` or ``site`` (:mod:`.sources`)."""
    kind: str
    best: str
    grade: str
    chances: dict[str, float]
    worlds: int

    def to_json(self) -> dict[str, Any]:
        """The position's line of ``positions/<game>.json``: the seed and the moves
        rebuild it; nothing else of its deal is kept (no deal id, browser or name)."""
        return {
            "seed": self.position.seed,
            "moves": list(self.position.moves),
            "source": self.source,
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


def decisions(game: str, deal: Finished) -> Iterator[tuple[Reached, Any]]:
    """Every decision of the person's seat (seat 0) in ``deal``: the position as stored
    (the seed and the moves before it) and the engine state there, replayed from the
    deal's seed and moves as :func:`~cardavia.web.learn.positions.rebuild` replays it."""
    engine: Any = get_game(game)
    deck, first = engine.shuffle(random.Random(deal.seed))
    played: Any = Deal(engine, deck, first)
    moves: list[str] = []
    for seat, move in deal.moves:
        if seat != played.state.to_act:
            raise ValueError(f"{game} deal {deal.seed}: seat {seat} is not to act at {move!r}")
        if seat == PERSON:
            yield Reached(game, deal.seed, tuple(moves)), played.state
        action = engine.parse_action(move)
        played.act(action)
        moves.append(str(action))  # the canonical text, whatever the source wrote


def candidates(game: str, deal: Finished, kind: str | None = None) -> list[tuple[Reached, Any]]:
    """The decisions of ``deal`` worth weighing: the person's, with 2 to
    :data:`MOST_CHOICES` legal actions (of ``kind`` only, when given), at most
    :data:`LOOKS_PER_DEAL` of them, in the deal's order."""
    found = [
        (position, state)
        for position, state in decisions(game, deal)
        if 2 <= len(state.legal_actions()) <= MOST_CHOICES
        and (kind is None or kind_of(game, state) == kind)
    ]
    picked = random.Random(deal.seed).sample(range(len(found)), min(LOOKS_PER_DEAL, len(found)))
    return [found[index] for index in sorted(picked)]


def build(
    game: str,
    count: int,
    deals: Iterable[Finished],
    *,
    worlds: int | None = None,
    kind: str | None = None,
    progress: Callable[[int, list[Found]], None] | None = None,
) -> list[Found]:
    """Up to ``count`` positions of ``game`` from ``deals`` (fewer when the deals run
    out), each clearly decided (see the module's test), only questions of ``kind`` when
    given (a kind the others crowd out: Sì Sè Pái's discards are rarely clear, and a
    deal's three looks mostly fall on claims); ``progress(weighed, kept)`` after each
    decision (``kept`` so far, so that a long build can be saved as it goes)."""
    kept: list[Found] = []
    seen: set[Reached] = set()
    weighed = 0
    for deal in deals:
        if len(kept) >= count:
            break
        for position, state in candidates(game, deal, kind):
            if position in seen:  # the same deal played again the same way
                continue
            seen.add(position)
            legal = state.legal_actions()
            found = weigh(game, state.view(PERSON), legal, worlds=worlds)
            weighed += 1
            if found.clear:
                kept.append(
                    Found(
                        position,
                        deal.source,
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
    return kept
