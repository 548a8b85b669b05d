"""A fast, mutable Sì Sè Pái simulator for playouts (the AI's private fast path).

It follows sisepai.md §5–6 like the engine (:mod:`cardavia.games.sisepai.state`) but
keeps plain ints and lists, never builds actions or events, and lets every seat play
the :mod:`.rollout` policy or ``basic`` (:mod:`.mimic`), seat by seat. Who may claim
what, and which claim is granted, it reads from the engine's own claim tables
(:data:`cardavia.games.sisepai.claims.SEATS`,
:func:`~cardavia.games.sisepai.claims.grant_key`): no rule is restated here. The tests
check its windows against the engine's for every role and public card, and play whole
deals both ways.

``seen`` counts the public cards of each kind (exposed, dead, the public card): with a
seat's own hand it gives the unseen counts the policy reads, as a view would.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardavia.ai.sisepai.mimic import answer_choice, discard_choice
from cardavia.ai.sisepai.rollout import answer, best_discard
from cardavia.ai.sisepai.shape import BITS
from cardavia.games.sisepai.claims import SEATS, answer_order, grant_key
from cardavia.games.sisepai.melds import is_complete
from cardavia.games.sisepai.seats import PLAYERS

NOBODY = -1
"""The result of a drawn deal."""
HORIZON = -2
"""The result of a playout stopped at its horizon (:attr:`Table.draws_left`)."""
_NO_CLAIM = (99, 99)
_ORDER = tuple(
    tuple(answer_order(owner, drawn) for owner in range(PLAYERS)) for drawn in (False, True)
)
"""``_ORDER[drawn][owner]``: the engine's answering order of a window."""


class Table:
    """One world: every concealed hand, the stock order and the public counts."""

    __slots__ = ("draws_left", "hands", "last_owner", "mimic", "seen", "stock", "top")

    def __init__(
        self,
        hands: Sequence[int],
        stock: Sequence[int],
        seen: Sequence[int],
        mimic: Sequence[bool] = (False,) * PLAYERS,
    ) -> None:
        self.hands = list(hands)
        self.stock = list(stock)
        """Stock cards, top first; ``top`` indexes the next draw."""
        self.top = 0
        self.seen = list(seen)
        self.mimic = tuple(mimic)
        """Per seat: True plays ``basic`` (:mod:`.mimic`), False the cheap policy."""
        self.draws_left = 1 << 30
        """Stock draws before the playout stops at its horizon (``HORIZON``)."""
        self.last_owner = 0
        """Who drew or discarded the last public card (where :meth:`resume` goes on)."""

    def copy(self) -> Table:
        """An independent copy (the stock list is shared: playouts only read it)."""
        table = Table.__new__(Table)
        table.hands = list(self.hands)
        table.stock = self.stock
        table.top = self.top
        table.seen = list(self.seen)
        table.mimic = self.mimic
        table.draws_left = self.draws_left
        table.last_owner = self.last_owner
        return table

    def discard(self, seat: int, card: int) -> int:
        """``seat`` discards ``card``; then play out. Returns the winner or ``NOBODY``."""
        self.hands[seat] -= BITS[card]
        self.seen[card] += 1
        return self.play(card, seat, False, None, None)

    def window(
        self,
        card: int,
        owner: int,
        drawn: bool,
        fixed_seat: int | None = None,
        fixed_take: tuple[int, ...] | str | None = None,
    ) -> tuple[int, tuple[int, ...], bool]:
        """Every seat answers the window on ``card`` by the policy (``fixed_seat`` with
        ``fixed_take`` instead), and the engine's priority grants one claim.

        Returns ``(taker, partners, won)``; ``taker`` is ``NOBODY`` when everyone passed.
        """
        hands = self.hands
        seats = SEATS[drawn]
        row = owner * PLAYERS
        best_key = _NO_CLAIM
        taker = NOBODY
        taker_wins = False
        group: tuple[int, ...] = ()
        bit = BITS[card]
        for seat in _ORDER[drawn][owner]:
            hand = hands[seat]
            rules = seats[row + seat][card]
            chosen: tuple[int, ...] | None
            wins = False
            if seat == fixed_seat:
                if fixed_take == "win":
                    chosen, level, wins = (), rules.win_level, True
                elif fixed_take is None or isinstance(fixed_take, str):
                    continue
                else:
                    chosen = fixed_take
                    level = next(t.level for t in rules.templates if t.partners == chosen)
            elif is_complete(hand + bit):
                # The policy always wins when it may ([D9]: then it has no take).
                chosen, level, wins = (), rules.win_level, True
            else:
                # Seat.held, inlined: most seats hold no template, and building nothing
                # for them is most of a playout's time.
                held = None
                for template in rules.templates:
                    for shift, copies in template.needs:
                        if (hand >> shift) & 7 < copies:
                            break
                    else:
                        if held is None:
                            held = [template]
                        else:
                            held.append(template)
                if held is None:
                    continue
                options = [t.partners for t in held]
                if self.mimic[seat]:
                    chosen = answer_choice(hand, self.seen, options, rules.may_pass)
                else:
                    chosen = answer(hand, options, rules.may_pass)
                if chosen is None:
                    continue
                level = next(t.level for t in held if t.partners == chosen)
            key = grant_key(level, seat, owner)
            if key < best_key:
                best_key, taker, group, taker_wins = key, seat, chosen, wins
        return taker, group, taker_wins

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
        take, ``None`` to pass, ``"win"``) instead of the policy. Returns the winner,
        ``NOBODY`` or ``HORIZON``.
        """
        hands = self.hands
        seen = self.seen
        while True:
            taker, group, won = self.window(card, owner, drawn, fixed_seat, fixed_take)
            fixed_seat = None
            if won:
                return taker
            if taker != NOBODY:
                hand = hands[taker]
                for partner in group:
                    hand -= BITS[partner]
                    seen[partner] += 1
                if self.mimic[taker]:
                    out = discard_choice(hand, seen)
                else:
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
            if not self.draws_left:
                self.last_owner = owner
                return HORIZON
            self.draws_left -= 1
            card = self.stock[self.top]
            self.top += 1
            seen[card] += 1
            owner = (owner + 1) % PLAYERS
            drawn = True

    def resume(self) -> int:
        """Go on from where a playout stopped at its horizon (with ``draws_left`` raised)."""
        if self.top >= len(self.stock):
            return NOBODY
        card = self.stock[self.top]
        self.top += 1
        self.seen[card] += 1
        self.draws_left -= 1
        return self.play(card, (self.last_owner + 1) % PLAYERS, True, None, None)
