"""``strong``: determinized search over the deals consistent with what the seat saw.

Each decision samples how the unseen cards split between the other two hands
(:mod:`.worlds`: every pass says the passer could not beat), plays each candidate out
to the end of the deal in every world with the counting playout policy (:mod:`.sim`),
and keeps the candidate that wins (alone or jointly) most often, by sequential halving
(:mod:`..search`); the final score is a small tie-break. All candidates meet the same
worlds. The budget is a number of playouts, so a decision is deterministic for a
given generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardavia.ai.chuopai.policy import policy_action
from cardavia.ai.chuopai.prior import rank_actions
from cardavia.ai.chuopai.sim import Table
from cardavia.ai.chuopai.worlds import sample_worlds
from cardavia.ai.search import halving
from cardavia.games.chuopai.actions import Action
from cardavia.games.chuopai.legal import PASS_ONLY
from cardavia.games.chuopai.view import ChuoPaiView

DEFAULT_PLAYOUTS = 150
"""Playouts per decision: the latency target (p99 ≤ 250 ms) is met at this budget."""
MAX_CANDIDATES = 6
"""Only the basic player's best few actions are searched."""
SCORE_WEIGHT = 0.001
"""Points break ties between candidates that win equally often."""


class StrongPlayer:
    """Determinized Monte Carlo with pass inference; the basic player's action leads the
    candidates."""

    name = "strong"

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS, candidates: int = MAX_CANDIDATES) -> None:
        self.playouts = playouts
        self.candidates = candidates

    def choose(self, view: ChuoPaiView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The candidate with the most wins over the sampled worlds."""
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
        order = [(view.leader + k) % 3 for k in range(3)]
        acted = {seat for seat, _ in view.round_plays}
        # Seats with no cards never act: the first pending seat is always this one.
        pending = [s for s in order if s not in acted and view.hand_sizes[s] > 0]
        top, top_seat = -1, -1
        if view.top is not None:
            top_seat = view.top[0]
            play = view.top[1].play
            top = play.index if play is not None else -1
        firsts = [a.play.index if a.play is not None else PASS_ONLY[0] for a in candidates]

        def value(hands: list[int], i: int) -> float:
            table = Table(hands, view.hand_sizes, view.scores)
            scores = table.finish_round(view.leader, top, top_seat, pending, firsts[i])
            return (scores[me] == max(scores)) + SCORE_WEIGHT * scores[me]

        worlds = sample_worlds(view, self.playouts, rng)
        return candidates[halving(len(candidates), self.playouts, worlds, value)]
