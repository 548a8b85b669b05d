"""The Sì Sè Pái game object: deals, chance, notation (the ``Game`` protocol)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from cardavia.cards.four_colour import FULL_DECK, Card
from cardavia.core.errors import CardaviaError
from cardavia.games.sisepai.actions import Action
from cardavia.games.sisepai.seats import PLAYERS
from cardavia.games.sisepai.state import SiSePaiState, deal

_FULL = Counter(FULL_DECK)


class SiSePai:
    """Sì Sè Pái: four players, one deal, meld all 21 cards to win."""

    name = "sisepai"
    players = PLAYERS
    first_key = "dealer"
    deck_description = (
        "each of the 28 Sì Sè Pái kinds exactly 4 times and the flowers F1 to F5 once (117 cards)"
    )

    def full_deck(self) -> tuple[Card, ...]:
        """The 117 cards in canonical order."""
        return FULL_DECK

    def parse_card(self, text: str) -> Card:
        """A card from its code (``rG``, ``F3``)."""
        return Card.parse(text)

    def parse_action(self, text: str) -> Action:
        """An action from its notation (``take yC yC yC``)."""
        return Action.parse(text)

    def deal(self, deck: Sequence[int], first: int) -> SiSePaiState:
        """Deal ``deck`` (records.md §1) with ``first`` as the dealer, who draws first."""
        if Counter(deck) != _FULL:
            raise CardaviaError(f"deck must hold {self.deck_description}")
        if not 0 <= first < PLAYERS:
            raise CardaviaError(f"dealer must be a seat from 0 to {PLAYERS - 1}")
        return deal(tuple(deck), first)

    def shuffle(self, rng: random.Random) -> tuple[tuple[Card, ...], int]:
        """A shuffled deck and a random dealer, from the caller's generator."""
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        return tuple(deck), rng.randrange(PLAYERS)


GAME = SiSePai()
