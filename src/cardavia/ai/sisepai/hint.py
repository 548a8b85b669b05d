"""The facts behind a Sì Sè Pái action: a hint's reason (which action to recommend is
the coach's verdict, :func:`cardavia.ai.verdict.verdict`).

A pure function of the seat's view (never the state): the web layer phrases
:class:`Reason` in the person's language. Every fact is a count or a card read off the
view and the hand's shape (:mod:`.shape`, :mod:`.knowledge`), so a sentence built from
it is true of the position:

- ``win``: the winning card and the points the win scores (exposed groups included);
- ``take``: the group formed, its kind and points, and the left-over cards (concealed
  cards no group can hold) before and after the take and the best discard after it;
- ``pass``: the left-over cards kept, and what the best take would have left;
- ``discard``: the card, whether any group in the hand could use it, its unseen
  copies, and the left-over cards after.

When the hand is ready after the action (one card from a win), ``waits`` lists the
card kinds that would complete it and ``waits_unseen`` how many copies are unseen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from cardavia.ai.sisepai.basic import best_after_take
from cardavia.ai.sisepai.evaluate import without
from cardavia.ai.sisepai.knowledge import unseen_counts
from cardavia.ai.sisepai.shape import BITS, leftover, waits
from cardavia.cards.four_colour import CARDS, Card
from cardavia.games.sisepai.actions import PASS, Action, Verb
from cardavia.games.sisepai.melds import GroupKind, best_grouping, group_kind, group_score, pack
from cardavia.games.sisepai.view import SiSePaiView


class ReasonKind(StrEnum):
    """What the suggested action does."""

    WIN = "win"
    TAKE = "take"
    PASS = "pass"
    DISCARD = "discard"


@dataclass(frozen=True)
class Reason:
    """The facts a reason sentence may name (``None``: not part of this kind)."""

    kind: ReasonKind
    cards: tuple[Card, ...]
    """The winning card, the group taken, or the card discarded (empty for a pass)."""
    left_over_before: int
    """Concealed cards no group can hold, before the action."""
    left_over_after: int
    """The same after the action (after a take: after its best discard too)."""
    group_kind: GroupKind | None = None
    points: int | None = None
    """A take: the group's points; a win: the total the win scores."""
    usable: bool | None = None
    """A discard: True when some group in the hand could use the card."""
    unseen: int | None = None
    """A discard: copies of the card this seat cannot see."""
    take_left_over: int | None = None
    """A pass: the left-over cards the best legal take would have left."""
    waits: tuple[Card, ...] = field(default=())
    """Card kinds that would complete the hand after the action (when it is ready)."""
    waits_unseen: int = 0

    def to_json(self) -> dict[str, Any]:
        """JSON-ready facts (cards as codes)."""
        return {
            "kind": self.kind.value,
            "cards": [str(card) for card in self.cards],
            "left_over_before": self.left_over_before,
            "left_over_after": self.left_over_after,
            "group_kind": None if self.group_kind is None else self.group_kind.value,
            "points": self.points,
            "usable": self.usable,
            "unseen": self.unseen,
            "take_left_over": self.take_left_over,
            "waits": [str(card) for card in self.waits],
            "waits_unseen": self.waits_unseen,
        }


def explain(view: SiSePaiView, legal: Sequence[Action], action: Action) -> Reason:
    """The facts behind ``action`` (any legal action) in the position of ``view``."""
    hand = pack(view.hand)
    unseen = unseen_counts(view)
    before = leftover(hand)
    if action.verb is Verb.WIN:
        card = view.public_card
        assert card is not None
        found = best_grouping([*view.hand, card])
        assert found is not None
        points = found[0] + sum(group_score(group) for group in view.exposed[view.seat])
        return Reason(ReasonKind.WIN, (card,), before, 0, points=points)
    if action.verb is Verb.DISCARD:
        card = action.cards[0]
        after = hand - BITS[card]
        return _with_waits(
            Reason(
                ReasonKind.DISCARD,
                (card,),
                before,
                leftover(after),
                usable=leftover(after) >= before,
                unseen=unseen[card],
            ),
            after,
            unseen,
        )
    if action.verb is Verb.TAKE:
        public = view.public_card
        assert public is not None
        rest = _partners(action, public)
        kept = without(hand, rest)
        after, _ = _after_take(kept, unseen)
        kind = group_kind(action.cards)
        return _with_waits(
            Reason(
                ReasonKind.TAKE,
                action.cards,
                before,
                leftover(after),
                group_kind=kind,
                points=group_score(action.cards),
            ),
            after,
            unseen,
        )
    assert action == PASS
    public = view.public_card
    assert public is not None
    takes = [a for a in legal if a.verb is Verb.TAKE]
    best_take = min(
        (leftover(_after_take(without(hand, _partners(a, public)), unseen)[0]) for a in takes),
        default=None,
    )
    return _with_waits(
        Reason(ReasonKind.PASS, (), before, before, take_left_over=best_take), hand, unseen
    )


def _partners(action: Action, public: int) -> list[int]:
    rest = [int(card) for card in action.cards]
    rest.remove(public)
    return rest


def _after_take(kept: int, unseen: Sequence[int]) -> tuple[int, int]:
    """The hand after a take's best discard (basic's), and the card discarded."""
    _, card = best_after_take(kept, unseen, sum(unseen))
    return kept - BITS[card], card


def _with_waits(reason: Reason, hand: int, unseen: Sequence[int]) -> Reason:
    found = waits(hand)
    if not found:
        return reason
    cards = tuple(CARDS[card] for card in found)
    return replace(reason, waits=cards, waits_unseen=sum(unseen[card] for card in found))
