"""``strong``: determinized search over the deals consistent with what the seat saw.

Each decision samples how the unseen cards split between the other two hands
(:mod:`.worlds`: every pass says the passer could not beat, and every lead and beat is
replayed with the counting policy, so the worlds that explain the opponents' plays come
first), plays every legal action out to the end of the deal in those worlds with the
counting playout policy (:mod:`.sim`), and keeps the best by sequential halving
(:mod:`..search`). All candidates meet the same worlds. The budget is a number of
playouts, so a decision is deterministic for a given generator.

A playout is worth a win (sole or joint) minus one for each opponent who also tops the
scores, plus a little for the margin over the best opponent: a tie with an opponent is
worth no more than nobody winning, so the search plays for the sole win. (Measured on
the same 450 seatings against two ``basic``: counting joint wins as wins, 1.96×; with
the opponents' wins subtracted, 2.10×; with the margin, 2.28×.)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardavia.ai.chuopai.policy import policy_action
from cardavia.ai.chuopai.prior import rank_actions
from cardavia.ai.chuopai.sim import Table
from cardavia.ai.chuopai.worlds import weighed_worlds
from cardavia.ai.search import halving, halving_worlds
from cardavia.games.chuopai.actions import Action
from cardavia.games.chuopai.legal import PASS_ONLY
from cardavia.games.chuopai.view import ChuoPaiView

DEFAULT_PLAYOUTS = 150
"""Playouts per decision: the latency target (p99 ≤ 250 ms) is met at this budget."""
MAX_CANDIDATES = 30
"""Actions searched, the policy's own first and then the prior's ranking: in practice
every legal action. (Measured on the same 450 seatings: the best 6 gave 2.28×, 10 and 16
gave 2.53×, 30 gave 2.61×: the best play is often one that neither ranking likes.)"""
OPPONENT_WIN = 1.0
"""Subtracted from a playout's value for each opponent who tops the scores."""
MARGIN_WEIGHT = 0.02
"""Value of each point of lead over the best opponent (capped at ``MARGIN_CAP``)."""
MARGIN_CAP = 10


class StrongPlayer:
    """Determinized Monte Carlo over worlds read from the passes and plays; the basic
    player's action leads the candidates."""

    name = "strong"

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS, candidates: int = MAX_CANDIDATES) -> None:
        self.playouts = playouts
        self.candidates = candidates

    def choose(self, view: ChuoPaiView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The candidate worth most over the sampled worlds."""
        ranked = sorted(rank_actions(view, legal), key=lambda pair: -pair[0])
        candidates = [policy_action(view)]
        for _, action in ranked:
            if len(candidates) >= self.candidates:
                break
            if action not in candidates:
                candidates.append(action)
        if len(candidates) == 1:
            return candidates[0]
        me = view.seat
        firsts = [play_index(a) for a in candidates]

        def value(hands: list[int], i: int) -> float:
            scores = final_scores(view, firsts[i], hands)
            best = max(scores)
            others = sum(1 for seat in range(3) if seat != me and scores[seat] == best)
            rival = max(scores[seat] for seat in range(3) if seat != me)
            margin = max(-MARGIN_CAP, min(MARGIN_CAP, scores[me] - rival))
            return (scores[me] == best) - OPPONENT_WIN * others + MARGIN_WEIGHT * margin

        worlds = weighed_worlds(view, halving_worlds(len(candidates), self.playouts), rng)
        return candidates[halving(len(candidates), self.playouts, worlds, value)]


def play_index(action: Action) -> int:
    """The simulator's index of an action (``pass`` included)."""
    return action.play.index if action.play is not None else PASS_ONLY[0]


def final_scores(view: ChuoPaiView, first: int, hands: list[int]) -> tuple[int, ...]:
    """The scores at the end of the deal when the seat of ``view`` plays ``first`` (a
    :func:`play_index`) in the world ``hands`` and every seat then plays the policy."""
    order = [(view.leader + k) % 3 for k in range(3)]
    acted = {seat for seat, _ in view.round_plays}
    # Seats with no cards never act: the first pending seat is always this one.
    pending = [s for s in order if s not in acted and view.hand_sizes[s] > 0]
    top, top_seat = -1, -1
    if view.top is not None:
        top_seat = view.top[0]
        play = view.top[1].play
        top = play.index if play is not None else -1
    table = Table(hands, view.hand_sizes, view.scores)
    return table.finish_round(view.leader, top, top_seat, pending, first)
