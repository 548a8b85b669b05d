"""Claim windows as pure functions (sisepai.md §6): who answers, what each may
answer, and which one claim is granted.

Nothing here looks at a whole state: the state machine passes a seat's packed hand,
the public card, its owner (the drawer or discarder) and whether it was just drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from cardavia.cards.four_colour import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    FLOWER_BASE,
    GENERAL,
    HORSE,
    SOLDIER,
)
from cardavia.games.sisepai.actions import PASS, TAKE_VERB, WIN, WIN_VERB, Action, take
from cardavia.games.sisepai.melds import count, is_complete, kind_bit

PLAYERS = 4

# Priority levels, highest first (sisepai.md §6.3).
DRAWER_WIN, OTHER_WIN, IDENTICAL, DRAWER_GROUP, NEXT_MIXED = 1, 2, 3, 4, 5

_MIXED_PARTNERS = {
    ADVISOR: (GENERAL, ELEPHANT),
    ELEPHANT: (GENERAL, ADVISOR),
    CHARIOT: (HORSE, CANNON),
    HORSE: (CHARIOT, CANNON),
    CANNON: (CHARIOT, HORSE),
}


def answer_order(owner: int, drawn: bool) -> tuple[int, ...]:
    """Seats that answer, in order: from the drawer (drawn card) or after the discarder."""
    start = owner if drawn else owner + 1
    return tuple((start + i) % PLAYERS for i in range(4 if drawn else 3))


def claim_options(hand: int, card: int, seat: int, owner: int, drawn: bool) -> tuple[Action, ...]:
    """Every legal answer of ``seat`` (holding packed ``hand``) to the public ``card``.

    Sorted by code point of the notation. Implements §6.2, [D9] (a completing claim
    can only be ``win``) and [D10] (drawn Generals and flowers).
    """
    drawer = drawn and seat == owner
    must_take = drawer and (card >= FLOWER_BASE or card % 7 == GENERAL)
    if is_complete(hand + kind_bit(card)):
        return (WIN,) if must_take else (PASS, WIN)
    if card >= FLOWER_BASE:
        return (take(card),) if drawer else (PASS,)
    colour_base = card - card % 7
    character = card % 7
    options: list[Action] = []
    if character == GENERAL:
        if not drawer:
            return (PASS,)
        options.append(take(card))
        if count(hand, colour_base + ADVISOR) and count(hand, colour_base + ELEPHANT):
            options.append(take(card, colour_base + ADVISOR, colour_base + ELEPHANT))
        return tuple(sorted(options, key=str))
    options.append(PASS)
    held = count(hand, card)
    if held >= 2:
        options.append(take(card, card, card))
    if held >= 3:
        options.append(take(card, card, card, card))
    if drawer or seat == (owner + 1) % PLAYERS:
        options.extend(_mixed_takes(hand, card))
    return tuple(sorted(options, key=str))


def _mixed_takes(hand: int, card: int) -> list[Action]:
    """Command, field and soldier groups that ``hand`` can complete with ``card``."""
    colour, character = divmod(card, 7)
    if character == SOLDIER:
        others = [7 * c + SOLDIER for c in range(4) if c != colour and count(hand, 7 * c + SOLDIER)]
        return [take(card, *combo) for width in (2, 3) for combo in combinations(others, width)]
    partners = [7 * colour + p for p in _MIXED_PARTNERS[character]]
    if all(count(hand, partner) for partner in partners):
        return [take(card, *partners)]
    return []


def lone_claim(hand: int, card: int, seat: int, owner: int, drawn: bool) -> Action | None:
    """The answer when ``seat`` has exactly one, else ``None`` (the forced-pass fast path).

    Equivalent to ``claim_options`` having length one, without building the options;
    most answers of a deal go through here.
    """
    drawer = drawn and seat == owner
    if card >= FLOWER_BASE:
        if is_complete(hand + kind_bit(card)):
            return WIN if drawer else None
        return take(card) if drawer else PASS
    character = card % 7
    if character == GENERAL:
        if is_complete(hand + kind_bit(card)):
            return WIN if drawer else None
        if not drawer:
            return PASS
        base = card - GENERAL
        if count(hand, base + ADVISOR) and count(hand, base + ELEPHANT):
            return None
        return take(card)
    if count(hand, card) >= 2:
        return None
    if drawer or seat == (owner + 1) % PLAYERS:
        if character == SOLDIER:
            colour = card // 7
            others = sum(
                1 for c in range(4) if c != colour and (hand >> (3 * (7 * c + SOLDIER))) & 7
            )
            if others >= 2:
                return None
        else:
            base = card - character
            a, b = _MIXED_PARTNERS[character]
            if count(hand, base + a) and count(hand, base + b):
                return None
    if is_complete(hand + kind_bit(card)):
        return None
    return PASS


def claim_level(seat: int, action: Action, owner: int, drawn: bool) -> int | None:
    """The priority level of an answer (1 highest), or ``None`` for ``pass``."""
    drawer = drawn and seat == owner
    if action.verb == WIN_VERB:
        return DRAWER_WIN if drawer else OTHER_WIN
    if action.verb != TAKE_VERB:
        return None
    cards = action.cards
    if len(cards) >= 3 and cards[0] == cards[-1]:
        return IDENTICAL
    return DRAWER_GROUP if drawer else NEXT_MIXED


def resolve(
    answers: Sequence[tuple[int, Action]], owner: int, drawn: bool
) -> tuple[int, Action] | None:
    """The one granted claim of a closed window, or ``None`` if everyone passed.

    Highest level wins; within a level the first seat in turn order counting from
    the player after the drawer or discarder (only two wins can ever tie).
    """
    best: tuple[int, int] | None = None
    granted: tuple[int, Action] | None = None
    for seat, action in answers:
        level = claim_level(seat, action, owner, drawn)
        if level is None:
            continue
        key = (level, (seat - owner - 1) % PLAYERS)
        if best is None or key < best:
            best, granted = key, (seat, action)
    return granted
