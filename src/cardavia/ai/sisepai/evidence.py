"""What the public history says about each opponent's concealed hand.

A concealed hand changes only by takes (the group's hand cards leave it) and discards,
both public. So an opponent's hand at any past moment is its hand *now* plus the cards
it has removed since: the history turns every past observation into a statement about
the current hand. Three kinds are kept:

- *no win*: a seat that could answer a card and was not granted a win did not hold a
  hand that the card completes (everyone wins when they can: [D9] makes it the only
  way to take such a card);
- *no pair*: a seat that let a card go without an identical take probably held fewer
  than two copies (the basic player passes a legal triple about one time in four);
- *no copy left*: a seat that discarded a card probably kept no other copy (the basic
  player discards from a pair about one time in forty).

The soft kinds are per (seat, kind) factors on the current count, so a world's weight
is a product of table entries (see :mod:`.worlds`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardavia.ai.sisepai.shape import BITS
from cardavia.cards.four_colour import FLOWER_BASE
from cardavia.games.sisepai.claims import Role, take_templates
from cardavia.games.sisepai.events import Claimed, Dead, Discarded, Drew, Event
from cardavia.games.sisepai.melds import GroupKind, group_kind
from cardavia.games.sisepai.seats import PLAYERS

KINDS = FLOWER_BASE + 5
PASS_WITH_PAIR = 0.25
"""Chance that a seat holding a pair lets the card go without a triple."""
DISCARD_FROM_PAIR = 0.05
"""Chance that a seat discards a card while keeping another copy."""


@dataclass
class Evidence:
    """The history's statements about each seat's current concealed hand."""

    no_win: list[list[tuple[int, int]]] = field(default_factory=lambda: [[] for _ in range(4)])
    """Per seat: ``(cards removed since, card)``: hand now + removed + card is not complete."""
    factors: list[list[list[float]]] = field(
        default_factory=lambda: [[[1.0] * 5 for _ in range(KINDS)] for _ in range(PLAYERS)]
    )
    """Per seat and kind: relative likelihood of holding 0…4 copies now."""


def read_history(history: Sequence[Event], me: int) -> Evidence:
    """The evidence about every seat but ``me`` in a deal's public history."""
    removed_after = _removals_after(history)
    evidence = Evidence()
    window: tuple[int, int, tuple[int, ...]] | None = None  # (event index, card, eligible)
    for index, event in enumerate(history):
        kind = type(event)
        if kind is Drew:
            window = (index, int(event.card), tuple(range(PLAYERS)))  # type: ignore[union-attr]
        elif kind is Discarded:
            if window is not None:
                _close(evidence, window, None, removed_after, me)
            seat = event.seat  # type: ignore[union-attr]
            card = int(event.card)  # type: ignore[union-attr]
            others = tuple(s for s in range(PLAYERS) if s != seat)
            window = (index, card, others)
            if not event.drawn and seat != me:  # type: ignore[union-attr]
                _scale(evidence, seat, card, removed_after[index][seat], 1, DISCARD_FROM_PAIR)
        elif kind is Claimed:
            if window is not None:
                _close(evidence, window, event, removed_after, me)  # type: ignore[arg-type]
            window = None
        elif kind is Dead:
            if window is not None:
                _close(evidence, window, None, removed_after, me)
            window = None
    return evidence


def _removals_after(history: Sequence[Event]) -> list[list[int]]:
    """For each event index, the packed cards each seat removed from its hand later."""
    after: list[list[int]] = [[0] * PLAYERS for _ in history]
    running = [0] * PLAYERS
    for index in range(len(history) - 1, -1, -1):
        after[index] = list(running)
        event = history[index]
        if type(event) is Claimed:
            cards = list(event.group)
            cards.remove(event.card)
            for card in cards:
                running[event.seat] += BITS[card]
        elif type(event) is Discarded and not event.drawn:
            running[event.seat] += BITS[event.card]
    return after


def _close(
    evidence: Evidence,
    window: tuple[int, int, tuple[int, ...]],
    grant: Claimed | None,
    removed_after: list[list[int]],
    me: int,
) -> None:
    """Record what every eligible seat's answer to a closed window says."""
    index, card, eligible = window
    identical = grant is not None and group_kind(grant.group) is GroupKind.IDENTICAL
    can_pair = IDENTICAL_TAKES[card]
    for seat in eligible:
        if seat == me:
            continue
        removed = removed_after[index][seat]
        evidence.no_win[seat].append((removed, card))
        if can_pair and not identical:
            _scale(evidence, seat, card, removed, 2, PASS_WITH_PAIR)


IDENTICAL_TAKES: tuple[bool, ...] = tuple(
    any(t.kind is GroupKind.IDENTICAL for t in take_templates(Role.OTHER, card))
    for card in range(KINDS)
)
"""Whether a public card can be taken as an identical triple by anyone (not a General or
flower): only then does a pass say something about the copies a seat held."""


def _scale(
    evidence: Evidence, seat: int, card: int, removed: int, at_least: int, by: float
) -> None:
    """Multiply the likelihood of holding (then) ``at_least`` or more copies by ``by``."""
    earlier = (removed >> (3 * card)) & 7 if card < FLOWER_BASE else 0
    row = evidence.factors[seat][card]
    for now in range(5):
        if now + earlier >= at_least:
            row[now] *= by
