"""A fast, mutable Sì Sè Pái simulator for playouts (the AI's private fast path).

It follows sisepai.md §5–6 like the engine (:mod:`cardavia.games.sisepai.state`) but
keeps plain ints and lists, never builds actions or events, and lets every seat play
the :mod:`.rollout` policy. The tests play whole deals both ways and compare.

``seen`` counts the public cards of each kind (exposed, dead, the public card): with a
seat's own hand it gives the unseen counts the policy reads, as a view would.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardavia.ai.sisepai.rollout import answer, best_discard, fast_options
from cardavia.ai.sisepai.shape import BITS
from cardavia.cards.four_colour import FLOWER_BASE, GENERAL
from cardavia.games.sisepai.melds import is_complete

PLAYERS = 4
NOBODY = -1
"""The result of a drawn deal."""


class Table:
    """One world: every concealed hand, the stock order and the public counts."""

    __slots__ = ("hands", "seen", "stock", "top")

    def __init__(self, hands: Sequence[int], stock: Sequence[int], seen: Sequence[int]) -> None:
        self.hands = list(hands)
        self.stock = list(stock)
        """Stock cards, top first; ``top`` indexes the next draw."""
        self.top = 0
        self.seen = list(seen)

    def copy(self) -> Table:
        """An independent copy (the stock list is shared: playouts only read it)."""
        table = Table.__new__(Table)
        table.hands = list(self.hands)
        table.stock = self.stock
        table.top = self.top
        table.seen = list(self.seen)
        return table

    def discard(self, seat: int, card: int) -> int:
        """``seat`` discards ``card``; then play out. Returns the winner or ``NOBODY``."""
        self.hands[seat] -= BITS[card]
        self.seen[card] += 1
        return self.play(card, seat, False, None, None)

    def play(
        self,
        card: int,
        owner: int,
        drawn: bool,
        fixed_seat: int | None,
        fixed_take: tuple[int, ...] | str | None,
    ) -> int:
        """Play out from a claim window on the public ``card`` (already in ``seen``).

        ``fixed_seat`` answers this first window with ``fixed_take`` (hand cards of a
        take, ``None`` to pass, ``"win"``) instead of the policy. Returns the winner.
        """
        hands = self.hands
        seen = self.seen
        complete = is_complete
        while True:
            start = owner if drawn else owner + 1
            best_level = 9
            taker = NOBODY
            group: tuple[int, ...] = ()
            bit = BITS[card]
            special = card >= FLOWER_BASE or card % 7 == GENERAL
            shift = 3 * card
            after_owner = (owner + 1) % PLAYERS
            for i in range(PLAYERS if drawn else PLAYERS - 1):
                seat = (start + i) % PLAYERS
                hand = hands[seat]
                drawer = drawn and seat == owner
                if seat == fixed_seat:
                    chosen = fixed_take
                    fixed_seat = None
                    if chosen == "win":
                        return seat
                elif complete(hand + bit):
                    # The first win in answering order is the granted one (the drawer
                    # answers first): every later answer lapses.
                    return seat
                elif drawer or (not special and (seat == after_owner or (hand >> shift) & 7 >= 2)):
                    # Only these seats can have a take (sisepai.md §6.2, §6.4).
                    options = fast_options(hand, card, drawer, seat == after_owner)
                    chosen = answer(hand, card, options) if options else None
                else:
                    continue
                if chosen is None or isinstance(chosen, str):
                    continue
                if len(chosen) >= 2 and chosen[0] == card:
                    level = 3
                elif drawer:
                    level = 4
                else:
                    level = 5
                if level < best_level:
                    best_level, taker, group = level, seat, chosen
            if taker != NOBODY:
                hand = hands[taker]
                for partner in group:
                    hand -= BITS[partner]
                    seen[partner] += 1
                _, out = best_discard(hand, seen)
                hands[taker] = hand - BITS[out]
                seen[out] += 1
                card, owner, drawn = out, taker, False
                continue
            if drawn:
                drawn = False  # the untaken draw becomes the drawer's discard
                continue
            if self.top >= len(self.stock):
                return NOBODY
            card = self.stock[self.top]
            self.top += 1
            seen[card] += 1
            owner = (owner + 1) % PLAYERS
            drawn = True
