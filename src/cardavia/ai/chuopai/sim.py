"""A fast, mutable Chuo Pai simulator for playouts (the AI's private fast path).

It follows chuopai.md §6 like the engine: the leader leads, every other seat holding
cards answers once in order, beating when it can (forced) and passing otherwise; the
owner of the highest play scores its cards and leads next (or the next seat holding
cards); the deal ends after a round when at most one seat holds cards. Hands are count
vectors; every seat plays the :mod:`.policy` (the basic player). Tests compare it with the engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardavia.ai.chuopai.policy import beat, lead
from cardavia.games.chuopai.legal import PASS_ONLY, VECTORS
from cardavia.games.chuopai.plays import PLAYS
from cardavia.games.chuopai.seats import SEATS

_SIZE = tuple(play.size for play in PLAYS)
_PASS = PASS_ONLY[0]


class Table:
    """One world: every hand, the scores, and the vector of every card still in hands."""

    __slots__ = ("hands", "scores", "sizes")

    def __init__(self, hands: Sequence[int], sizes: Sequence[int], scores: Sequence[int]) -> None:
        self.hands = list(hands)
        self.sizes = list(sizes)
        self.scores = list(scores)

    def copy(self) -> Table:
        """An independent copy."""
        return Table(self.hands, self.sizes, self.scores)

    def _play(self, seat: int, play: int) -> None:
        self.hands[seat] -= VECTORS[play]
        self.sizes[seat] -= _SIZE[play]

    def unseen(self, seat: int) -> int:
        """Cards ``seat`` cannot see: every other hand."""
        return sum(self.hands) - self.hands[seat]

    def finish_round(
        self, leader: int, top: int, top_seat: int, pending: Sequence[int], first: int | None
    ) -> tuple[int, ...]:
        """Play out from inside a round, then every later round; the final scores.

        ``top`` is the current highest play (``-1`` before the lead), ``pending`` the
        seats still to act in order; the first of them plays ``first`` when given.
        """
        hands = self.hands
        for i, seat in enumerate(pending):
            if self.sizes[seat] == 0:
                continue
            if i == 0 and first is not None:
                play = first
            elif top < 0:
                play = lead(hands[seat], self.unseen(seat))
            else:
                last = all(self.sizes[s] == 0 for s in pending[i + 1 :])
                play = beat(hands[seat], top, self.unseen(seat), last)
            if play != _PASS:
                self._play(seat, play)
                top, top_seat = play, seat
        while True:
            self.scores[top_seat] += _SIZE[top]
            holding = [s for s in range(SEATS) if self.sizes[s] > 0]
            if len(holding) <= 1:
                return tuple(self.scores)
            leader = next(
                (top_seat + k) % SEATS for k in range(SEATS) if self.sizes[(top_seat + k) % SEATS]
            )
            top = lead(hands[leader], self.unseen(leader))
            self._play(leader, top)
            top_seat = leader
            for k in (1, 2):
                seat = (leader + k) % SEATS
                if self.sizes[seat] == 0:
                    continue
                later = (leader + 2) % SEATS
                last = k == 2 or self.sizes[later] == 0
                play = beat(hands[seat], top, self.unseen(seat), last)
                if play != _PASS:
                    self._play(seat, play)
                    top, top_seat = play, seat
