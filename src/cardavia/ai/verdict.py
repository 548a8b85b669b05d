"""One opinion per decision: the coach's verdict on a position, asked by everyone.

The hint at the table, the review after a deal and the replay viewer's "the strong AI
would have played" all call :func:`verdict`, and :func:`position_rng` is the only
randomness it uses: a hash of the seat's view (its JSON form, which holds the seat, the
step, the hand and the public history, and nothing the seat cannot see). Never the
deal's seed, the deck or a caller's key: so the three agree by construction, and
reshuffling the cards the seat cannot see changes nothing. The view is first taken as
the engine asks it (:func:`as_asked`): a Sì Sè Pái seat that answers a claim window
early, at a table of people, gets the opinion of that decision the record will show.

A verdict is ``strong``'s choice (:func:`coach`, the registry's ``strong`` at its
default budget) with the facts of its reason (``ai/<game>/hint.py: explain``). Asked
about the action actually chosen (``chosen``), it also plays both out in the same
worlds sampled from that view alone (``ai/<game>/review.py: playouts``, the generator
going on from where the search left it) and says whether the suggestion beats the
choice by a margin the playouts can tell apart: the paired test of
:func:`cardavia.ai.search.paired_margin` at :data:`SIGMAS`.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardavia.ai.base import AnyPlayer
from cardavia.ai.hint import Facts
from cardavia.ai.registry import get_player
from cardavia.ai.search import paired_margin
from cardavia.games.registry import GAME_NAMES

VERDICT_WORLDS = 128
"""Worlds the suggestion and the choice are both played out in (common to both). The
review's 48 of issue 15 told too few real differences apart at :data:`SIGMAS` (1 of 14
differing Sì Sè Pái decisions, 6 of 37 in Chuo Pai; 3 and 10 at 128); 128 keep a review
of a learner's deal well within its 10 s (2.0-2.6 s of CPU in Sì Sè Pái, 2.4-2.5 s in
Chuo Pai, on 3 deals each: docs/ai.md)."""
SIGMAS = 2.0
"""How far (in standard errors of the paired difference) the suggestion must beat the
choice for the review to list it: about 1 in 44 for a pure tie under the normal
approximation, one-sided. The search overrules its prior at 0.5 (Sì Sè Pái) because a
wrong switch between near-equal actions costs little; a review that tells a person
they erred must be surer than that."""

_coaches: dict[str, AnyPlayer] = {}


def position_rng(view: Any) -> random.Random:
    """The generator of every verdict on the position of ``view``: BLAKE2 of the view's
    canonical JSON (Python's own ``hash`` of strings changes between processes)."""
    text = json.dumps(view.to_json(), sort_keys=True, separators=(",", ":"))
    digest = hashlib.blake2b(f"cardavia-coach:{text}".encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def coach(game: str) -> AnyPlayer:
    """The player whose choice a verdict recommends: ``strong`` at its default budget
    (built once per process)."""
    player = _coaches.get(game)
    if player is None:
        player = _coaches[game] = get_player(game, "strong")
    return player


@dataclass(frozen=True)
class Chance:
    """One candidate's estimated win chance over the verdict's worlds."""

    action: Any
    win: float


@dataclass(frozen=True)
class Verdict:
    """The coach's opinion of one position."""

    action: Any
    """The recommended action (``strong``'s choice)."""
    reason: Facts
    """The facts behind it (the game's hint ``Reason``)."""
    chances: tuple[Chance, ...] = ()
    """Weighed against a different choice: the suggestion's chance, then the choice's;
    else empty (the hint weighs nothing, to stay quick)."""
    worlds: int = 0
    """How many worlds both were played out in (0: not weighed)."""
    gain: float = 0.0
    """Suggested minus chosen win chance (0 when not weighed)."""
    low: float = 0.0
    high: float = 0.0
    """The gain's interval: ``gain`` ± :data:`SIGMAS` standard errors of the paired test."""
    significant: bool = False
    """True when the suggestion beats the choice by the paired test at :data:`SIGMAS`
    (so ``low > 0``): the only verdicts a review lists."""

    @property
    def suggested_win(self) -> float:
        """The suggestion's estimated win chance (weighed verdicts only)."""
        return self.chances[0].win

    @property
    def chosen_win(self) -> float:
        """The choice's estimated win chance (weighed verdicts only)."""
        return self.chances[1].win


def _judge(game: str) -> Any:
    """The game's ``ai/<game>/review.py``: its playouts and :func:`as_asked`."""
    if game not in GAME_NAMES:
        raise ValueError(f"no coach for {game!r}: one of {', '.join(GAME_NAMES)}")
    return importlib.import_module(f"cardavia.ai.{game}.review")


def as_asked(game: str, view: Any) -> Any:
    """The view a verdict judges for ``view``: the seat's view when the engine asks it
    (``ai/<game>/review.py: as_asked``). A Sì Sè Pái seat answering a claim window
    before its turn (at a table of people) sees the same cards and history as at its
    turn, only an earlier ``step`` and another seat ``to_act``; judged as asked, its
    hint is the opinion the review and the replay viewer give of that decision."""
    return _judge(game).as_asked(view)


def explain(game: str, view: Any, legal: Sequence[Any], action: Any) -> Facts:
    """The facts behind choosing ``action`` at the seat of ``view`` (the game's
    ``ai/<game>/hint.py: explain``): what a verdict says of its action."""
    facts: Facts = importlib.import_module(f"cardavia.ai.{game}.hint").explain(view, legal, action)
    return facts


def verdict(
    game: str,
    view: Any,
    legal: Sequence[Any],
    chosen: Any = None,
    *,
    worlds: int | None = None,
    player: AnyPlayer | None = None,
) -> Verdict:
    """The coach's verdict on the seat of ``view`` choosing among ``legal``.

    With ``chosen`` (the action played) different from the recommendation, both are
    played out in ``worlds`` common worlds (:data:`VERDICT_WORLDS` by default) and the
    verdict carries their chances, the gain's interval and whether it is significant.
    ``player`` replaces :func:`coach` (tests use a cheap one); every caller of one
    position must pass the same.
    """
    judge = _judge(game)
    view = judge.as_asked(view)
    rng = position_rng(view)
    action = (player or coach(game)).choose(view, legal, rng)
    reason = explain(game, view, legal, action)
    if chosen is None or chosen == action:
        return Verdict(action, reason)
    count = VERDICT_WORLDS if worlds is None else worlds
    results: list[tuple[float, float]] = judge.playouts(view, (action, chosen), rng, count)
    differences = [suggested - played for suggested, played in results]
    n = len(differences)
    gain = sum(differences) / n
    margin = paired_margin(differences, SIGMAS) / n
    return Verdict(
        action,
        reason,
        (
            Chance(action, sum(r[0] for r in results) / n),
            Chance(chosen, sum(r[1] for r in results) / n),
        ),
        n,
        gain,
        gain - margin,
        gain + margin,
        significant=gain > 0 and gain - margin > 0,
    )


@dataclass(frozen=True)
class Weighing:
    """Every legal action of one position played out in the same worlds: what a practice
    position is chosen on (``strong``'s choice must beat each alternative)."""

    action: Any
    """The recommended action (``strong``'s choice, as :func:`verdict` gives it)."""
    reason: Facts
    chances: tuple[Chance, ...]
    """Each legal action's estimated win chance, in the engine's order."""
    worlds: int
    lows: tuple[float, ...]
    """Per alternative (the legal actions but the recommended one, in order): the low end
    of the recommendation's gain over it, ± :data:`SIGMAS` standard errors."""

    @property
    def clear(self) -> bool:
        """True when the recommendation beats every alternative by the paired test at
        :data:`SIGMAS` (each gain's low end above 0)."""
        return bool(self.lows) and all(low > 0 for low in self.lows)

    @property
    def gap(self) -> float:
        """The recommendation's chance minus the best alternative's."""
        best = next(chance.win for chance in self.chances if chance.action == self.action)
        return best - max(chance.win for chance in self.chances if chance.action != self.action)


def weigh(
    game: str,
    view: Any,
    legal: Sequence[Any],
    *,
    worlds: int | None = None,
    player: AnyPlayer | None = None,
) -> Weighing:
    """The coach's recommendation at ``view`` and every legal action's chance, all played
    out in ``worlds`` common worlds (:data:`VERDICT_WORLDS` by default), with the paired
    test of the recommendation against each alternative (the same test as
    :func:`verdict`'s, at :data:`SIGMAS`)."""
    judge = _judge(game)
    view = judge.as_asked(view)
    rng = position_rng(view)
    action = (player or coach(game)).choose(view, legal, rng)
    reason = explain(game, view, legal, action)
    count = VERDICT_WORLDS if worlds is None else worlds
    results: list[tuple[float, ...]] = judge.playouts(view, tuple(legal), rng, count)
    n = len(results)
    best = list(legal).index(action)
    lows = []
    for other in range(len(legal)):
        if other == best:
            continue
        differences = [row[best] - row[other] for row in results]
        gain = sum(differences) / n
        lows.append(gain - paired_margin(differences, SIGMAS) / n)
    chances = tuple(
        Chance(candidate, sum(row[index] for row in results) / n)
        for index, candidate in enumerate(legal)
    )
    return Weighing(action, reason, chances, n, tuple(lows))
