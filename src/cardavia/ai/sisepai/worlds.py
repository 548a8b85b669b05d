"""Full deals consistent with one seat's view: the hidden hands and the stock order.

Worlds are drawn by a Metropolis chain over the deal of the unseen cards: a move swaps
two cards between an opponent's hand and another hand or the stock, accepted by the
ratio of the soft evidence (:mod:`.evidence`); a world that breaks a hard *no win*
statement is skipped. The stock order of each world is uniform, as it is in the game.
Everything is drawn from the injected generator, so the worlds are reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from cardavia.ai.sisepai.evidence import Evidence, read_history
from cardavia.ai.sisepai.knowledge import COPIES, visible_counts
from cardavia.ai.sisepai.shape import BITS
from cardavia.cards.four_colour import FLOWER_BASE
from cardavia.games.sisepai.melds import is_complete, pack
from cardavia.games.sisepai.seats import PLAYERS
from cardavia.games.sisepai.view import SiSePaiView

BURN_IN = 400
"""Swap proposals before the first world."""
THIN = 40
"""Swap proposals between worlds."""
RETRIES = 6
"""Extra rounds of swaps tried when a world breaks a hard statement."""


def unseen_cards(view: SiSePaiView) -> list[int]:
    """Every card the seat cannot see, one entry per copy, in card order."""
    seen = visible_counts(view)
    return [card for card in range(FLOWER_BASE + 5) for _ in range(COPIES[card] - seen[card])]


def sample_worlds(
    view: SiSePaiView, n: int, rng: random.Random, evidence: Evidence | None = None
) -> Iterator[tuple[list[int], list[int]]]:
    """``n`` worlds as ``(packed hands of all seats, stock top first)``."""
    if evidence is None:
        evidence = read_history(view.history, view.seat)
    cards = unseen_cards(view)
    rng.shuffle(cards)
    owners: list[int] = []
    for seat in range(PLAYERS):
        if seat != view.seat:
            owners += [seat] * view.hand_sizes[seat]
    in_hands = len(owners)
    owners += [-1] * (len(cards) - in_hands)
    counts = [[0] * (FLOWER_BASE + 5) for _ in range(PLAYERS)]
    for card, owner in zip(cards, owners, strict=True):
        if owner >= 0:
            counts[owner][card] += 1
    factors = evidence.factors
    total = len(cards)

    def sweep(moves: int) -> None:
        for _ in range(moves):
            i = rng.randrange(in_hands)
            j = rng.randrange(total)
            a, b = owners[i], owners[j]
            x, y = cards[i], cards[j]
            if a == b or x == y:
                continue
            ca, fa = counts[a], factors[a]
            ratio = (fa[x][ca[x] - 1] * fa[y][ca[y] + 1]) / (fa[x][ca[x]] * fa[y][ca[y]])
            if b >= 0:
                cb, fb = counts[b], factors[b]
                ratio *= (fb[y][cb[y] - 1] * fb[x][cb[x] + 1]) / (fb[y][cb[y]] * fb[x][cb[x]])
            if ratio < 1.0 and rng.random() >= ratio:
                continue
            cards[i], cards[j] = y, x
            ca[x] -= 1
            ca[y] += 1
            if b >= 0:
                counts[b][y] -= 1
                counts[b][x] += 1

    sweep(BURN_IN if evidence_is_informative(evidence, view.seat) else 0)
    mine = pack(view.hand)
    for _ in range(n):
        for _attempt in range(RETRIES):
            hands = _hands(cards, owners, view.seat, mine)
            if _consistent(hands, evidence, view.seat):
                break
            sweep(THIN)
        stock = cards[in_hands:]
        rng.shuffle(stock)
        yield hands, stock
        sweep(THIN)


def evidence_is_informative(evidence: Evidence, me: int) -> bool:
    """False before anything has been observed (the uniform deal needs no chain)."""
    return any(evidence.no_win[seat] for seat in range(PLAYERS) if seat != me)


def _hands(cards: list[int], owners: list[int], me: int, mine: int) -> list[int]:
    hands = [0] * PLAYERS
    hands[me] = mine
    for card, owner in zip(cards, owners, strict=False):
        if owner < 0:
            break
        hands[owner] += BITS[card]
    return hands


def _consistent(hands: list[int], evidence: Evidence, me: int) -> bool:
    """True when no opponent could have won on a card it let go."""
    for seat in range(PLAYERS):
        if seat == me:
            continue
        hand = hands[seat]
        for removed, card in evidence.no_win[seat]:
            if is_complete(hand + removed + BITS[card]):
                return False
    return True
