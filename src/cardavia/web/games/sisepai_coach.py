"""Sì Sè Pái's hint sentences: a hint's facts (``ai.sisepai.hint.Reason``, as JSON)
phrased in the page's language.

Every number and card a sentence names is one of the facts (a test holds it to that), so
the sentence is as true as the facts are. Each clause is its own message with its own
plural forms (``ngettext``: a sentence with two counts cannot take one plural), joined
by a pattern translators may reorder.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardavia.cards.four_colour import Card
from cardavia.web.words.text import Gettext, Ngettext, four_colour_name


def hint_sentence(action: str, reason: dict[str, Any], _: Gettext, ngettext: Ngettext) -> str:
    """One sentence: what to do (``action``) and why (``reason``'s facts)."""
    kind = reason["kind"]
    name = _namer(_)
    if kind == "win":
        card = name(reason["cards"][0])
        return _("{action}: {reason}.").format(
            action=_("Win with {card}").format(card=card),
            reason=ngettext(
                "your hand is complete and scores {points} point",
                "your hand is complete and scores {points} points",
                reason["points"],
            ).format(points=reason["points"]),
        )
    if kind == "discard":
        what = _("Discard {card}").format(card=name(reason["cards"][0]))
        if not reason["usable"]:
            # Ready after it, the waits matter more than the copies of a useless card.
            unseen = ngettext(
                "{count} copy of it is still unseen",
                "{count} copies of it are still unseen",
                reason["unseen"],
            ).format(count=reason["unseen"])
            return _("{action}: {reason}, and {more}.").format(
                action=what,
                reason=_("no group in your hand can use it"),
                more=_after(reason, _, ngettext) if reason["waits"] else unseen,
            )
        return _("{action}: {reason}, and {more}.").format(
            action=what, reason=_("it helps your groups least"), more=_after(reason, _, ngettext)
        )
    if kind == "take":
        group = " + ".join(name(code) for code in reason["cards"])
        return _("{action}: {reason}, and {more}.").format(
            action=_("Take it"),
            reason=ngettext(
                "it makes the group {cards}, worth {points} point",
                "it makes the group {cards}, worth {points} points",
                reason["points"],
            ).format(cards=group, points=reason["points"]),
            more=_after(reason, _, ngettext),
        )
    take_left = reason["take_left_over"]
    if reason["waits"]:
        why = _after(reason, _, ngettext)
    elif take_left is None:
        why = _("the card is of no use to your hand")
    else:
        why = ngettext(
            "taking it would leave {count} card that fits no group",
            "taking it would leave {count} cards that fit no group",
            take_left,
        ).format(count=take_left)
    return _("{action}: {reason}.").format(action=_("Pass"), reason=why)


def _after(reason: dict[str, Any], _: Gettext, ngettext: Ngettext) -> str:
    """What the hand is after the action: one card from a win, or its left-over cards."""
    if reason["waits"]:
        name = _namer(_)
        return ngettext(
            "you are then one card from a win ({cards}), and {count} such card is unseen",
            "you are then one card from a win ({cards}), and {count} such cards are unseen",
            reason["waits_unseen"],
        ).format(
            cards=", ".join(name(code) for code in reason["waits"]), count=reason["waits_unseen"]
        )
    return ngettext(
        "{count} card then fits no group",
        "{count} cards then fit no group",
        reason["left_over_after"],
    ).format(count=reason["left_over_after"])


def _namer(_: Gettext) -> Callable[[str], str]:
    return lambda code: four_colour_name(Card.parse(code), _)
