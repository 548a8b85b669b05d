"""``oracle``: the ``strong`` search given the opponents' true concealed hands.

An arena diagnostic, never a player (:data:`cardavia.ai.registry.ARENA_ONLY`): it reads
the engine state's hands, so it measures how far the search could go if its worlds
knew who holds what. The stock order stays unknown to it: each world deals the cards
that are neither in a hand nor public to the stock in a uniformly random order.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from cardavia.ai.sisepai.strong import DEFAULT_PLAYOUTS, MAX_CANDIDATES, decide
from cardavia.ai.sisepai.worlds import unseen_cards
from cardavia.games.sisepai.actions import Action
from cardavia.games.sisepai.melds import unpack
from cardavia.games.sisepai.state import SiSePaiState
from cardavia.games.sisepai.view import SiSePaiView


class OraclePlayer:
    """Determinized search whose every world holds the true hands."""

    name = "oracle"

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS, candidates: int = MAX_CANDIDATES) -> None:
        self.playouts = playouts
        self.candidates = candidates

    def choose_seeing(
        self,
        view: SiSePaiView,
        state: SiSePaiState,
        legal: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        """``strong``'s choice with the opponents' hands read from ``state``."""
        worlds = true_hand_worlds(view, state.hands, rng)
        return decide(view, legal, self.playouts, self.candidates, lambda _budget: worlds)


def true_hand_worlds(
    view: SiSePaiView, hands: Sequence[int], rng: random.Random
) -> Iterator[tuple[list[int], list[int]]]:
    """Worlds with the true ``hands`` and a fresh random stock order each."""
    stock = unseen_cards(view)
    for seat, hand in enumerate(hands):
        if seat != view.seat:
            for card in unpack(hand):
                stock.remove(card)
    while True:
        rng.shuffle(stock)
        yield list(hands), list(stock)
