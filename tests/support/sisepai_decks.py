"""Build Sì Sè Pái deck orders by hand for tests: name the cards that matter."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cardavia.cards.four_colour import FULL_DECK, Card, parse_cards

QUIET = (
    "rG rA rE rR yG yA yE yR wG wA wE wR gG gA gE gR rS yS F1 F2",
    "rG rA rE rR yG yA yE yR wG wA wE wR gG gA gE gR wS gS F3 F4",
    "rA rE rR rH yA yE yR yH wA wE wR wH gA gE gR gH rC yC wC gC",
    "rA rE rR rH yA yE yR yH wA wE wR wH gA gE gR gH rC yC wC gC",
)
"""Four 20-card hands that cannot win on, nor claim, the cards tests draw first
(flowers, Soldiers, rH, yS, wH…): each holds lone cards and few pairs."""


def build_deck(hands: Sequence[str], stock: str = "") -> tuple[Card, ...]:
    """A 117-card deck whose seat ``s`` is dealt ``hands[s]`` and whose stock starts with
    ``stock`` (top first). Unnamed places are filled from the remaining cards, in
    canonical order; a hand given in full is dealt exactly as written.
    """
    named = [list(parse_cards(hand)) for hand in hands]
    named += [[] for _ in range(4 - len(named))]
    top = [Card.parse(code) for code in stock.split()]
    left = Counter(FULL_DECK)
    for cards in [*named, top]:
        left.subtract(cards)
    if any(n < 0 for n in left.values()):
        raise ValueError(f"cards used too often: {[str(c) for c, n in left.items() if n < 0]}")
    spare = list(left.elements())
    deck: list[Card] = []
    for cards in named:
        if len(cards) > 20:
            raise ValueError("a hand holds 20 cards")
        fill, spare = spare[: 20 - len(cards)], spare[20 - len(cards) :]
        deck += cards + fill
    deck += top + spare
    assert Counter(deck) == Counter(FULL_DECK)
    return tuple(deck)
