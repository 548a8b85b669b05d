"""The Chuo Pai game object: deck, notation, dealing and chance (chuopai.md §2–3)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardavia.cards.dominoes import FULL_DECK, Domino
from cardavia.core.errors import CardaviaError
from cardavia.games.chuopai import hands as vec
from cardavia.games.chuopai.actions import Action
from cardavia.games.chuopai.events import Bonus
from cardavia.games.chuopai.seats import SEATS
from cardavia.games.chuopai.state import ChuoPaiState

HAND_SIZE = 28
BONUS_CARDS = (Domino.DING_DING, Domino.TWO_REDS)
"""12 and 24: a dealt hand holding both scores all of them at once [D3]."""
_FULL_PACK = vec.pack(FULL_DECK)


class ChuoPaiGame:
    """Chuo Pai for three players, one deal per game."""

    name = "chuopai"
    players = SEATS
    first_key = "leader"
    deck_description = "each of the 21 Chuo Pai codes exactly 4 times (84 cards)"

    def full_deck(self) -> tuple[Domino, ...]:
        """The 84 cards in canonical order."""
        return FULL_DECK

    def parse_card(self, text: str) -> Domino:
        """A card from its code; raises ``NotationError`` naming the bad token."""
        return Domino.parse(text)

    def parse_action(self, text: str) -> Action:
        """An action from its notation; raises ``NotationError``."""
        return Action.parse(text)

    def deal(self, deck: Sequence[Domino], first: int) -> ChuoPaiState:
        """The state before ``first``'s lead: seat s holds ``deck[28*s : 28*s+28]``.

        The starting bonus is already scored [D3]; :meth:`deal_with_events` also says so.
        """
        return self.deal_with_events(deck, first)[0]

    def deal_with_events(
        self, deck: Sequence[Domino], first: int
    ) -> tuple[ChuoPaiState, tuple[Bonus, ...]]:
        """The dealt state and one :class:`Bonus` event per seat that scored the bonus.

        [D3] The bonus is checked once, for every seat, on the dealt hands before the
        first lead: a hand with at least one 12 and one 24 moves all of them to its pile.
        """
        # Dealing is on the path of every simulated deal, so the deck is checked as one
        # packed vector. 84 cards that pack to "4 of each" are exactly the deck: a count
        # over 15 would carry into the next field, and every carry lowers the sum of the
        # fields by 15, below the 84 that "4 of each" needs.
        try:
            valid = len(deck) == len(FULL_DECK) and min(deck) >= 0 and vec.pack(deck) == _FULL_PACK
        except (TypeError, IndexError):
            valid = False
        if not valid:
            raise CardaviaError(f"deck must hold {self.deck_description}")
        if type(first) is not int or not 0 <= first < SEATS:
            raise CardaviaError(f"leader must be a seat from 0 to {SEATS - 1}, not {first!r}")
        hands = [vec.pack(deck[HAND_SIZE * seat : HAND_SIZE * (seat + 1)]) for seat in range(SEATS)]
        bonuses = [0] * SEATS
        for seat, hand in enumerate(hands):
            if all(vec.count(hand, card) for card in BONUS_CARDS):
                bonuses[seat] = sum(vec.count(hand, card) * vec.ONE[card] for card in BONUS_CARDS)
        events = tuple(
            Bonus(seat, vec.unpack(bonus)) for seat, bonus in enumerate(bonuses) if bonus
        )
        state = ChuoPaiState.from_vectors(
            [hand - bonus for hand, bonus in zip(hands, bonuses, strict=True)],
            first,
            bonuses,
            events,
        )
        return state, events

    def shuffle(self, rng: random.Random) -> tuple[tuple[Domino, ...], int]:
        """A shuffled deck and a random first leader, drawn from ``rng`` only."""
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        return tuple(deck), rng.randrange(SEATS)


GAME = ChuoPaiGame()
